# Pasal's production image: the built shop on Node 24 (Debian bookworm), run as a non-root user. Pasal supports
# Node 22 (22.14 or later) and 24, the LTS lines, and still runs on Node 20.19+ (package.json's engines, README).
# Build: docker build -t pasal .   Run and deploy: docs/deploy.md

# 1. Build: every dependency, the production build, then only the runtime dependencies are kept.
FROM node:24-bookworm AS build
WORKDIR /app
# better-sqlite3, argon2 and sharp install prebuilt binaries for linux-x64/arm64 with glibc; python3, make and
# g++ (already in this full image) build them from source where there is none.
COPY package.json package-lock.json ./
# The install compiles the storefront's messages (postinstall, ADR 0091): what it reads comes first.
COPY project.inlang ./project.inlang
COPY messages ./messages
COPY scripts/compile-messages.ts ./scripts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# 2. Run: the slim image of the same Debian release, so the native modules built above load as they are.
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=/var/lib/pasal/pasal.db \
    MEDIA_DIR=/var/lib/pasal/media
WORKDIR /app
# The program belongs to root and cannot be changed by the shop's own user; only /var/lib/pasal is writable.
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/dist ./dist
# For the operator's commands run with tsx: npm run migrate, npm run admin, npm run backup.
COPY --from=build /app/server ./server
COPY --from=build /app/domain ./domain
COPY --from=build /app/scripts ./scripts
RUN mkdir -p /var/lib/pasal/media && chown -R node:node /var/lib/pasal
USER node
EXPOSE 3000
# Liveness: the process answers and can read its tables. Readiness for a load balancer is /readyz (docs/deploy.md).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server.js"]
