import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), rootRouteInOneChunk()],
});

/**
 * Every page loads the root route, so the app's modules it imports (the header, the footer, the messages
 * they show) can travel in the root's own chunk. Left to itself, Rollup splits each module that another
 * route also imports into a chunk of its own: on `/` some 20 files of 150–900 bytes, each with its own
 * imports and gzip overhead, 2 KB gzip in all (ADR 0091). Modules the browser entry imports stay out (no
 * cycle with it), as do packages and what the root only imports lazily. Messages are reached through
 * Paraglide's index, which imports all of them, so a message joins the root only when a module of the
 * root names it (`m.name`).
 */
function rootRouteInOneChunk(): Plugin {
  const appDir = path.resolve("app") + path.sep;
  const domainDir = path.resolve("domain") + path.sep;
  const messagesDir = path.join(appDir, "paraglide") + path.sep;
  const isRootRoute = (id: string) => id.startsWith(path.join(appDir, "root.tsx"));
  const isEntry = (id: string) => id.startsWith(path.join(appDir, "entry.client.tsx"));
  const isOurs = (id: string) => (id.startsWith(appDir) || id.startsWith(domainDir)) && !id.includes("node_modules");
  const messageName = (id: string) => (id.startsWith(path.join(messagesDir, "messages") + path.sep) ? path.basename(id, ".js") : undefined);
  return {
    name: "pasal:root-route-in-one-chunk",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    outputOptions(options) {
      let messagesOfRoot: Set<string> | undefined;
      const inRoot = new Map<string, boolean>();
      return {
        ...options,
        onlyExplicitManualChunks: true,
        manualChunks(id, { getModuleIds, getModuleInfo }) {
          const reaches = (from: string, target: (id: string) => boolean, seen = new Set<string>()): boolean => {
            if (target(from)) return true;
            if (seen.has(from)) return false;
            seen.add(from);
            return (getModuleInfo(from)?.importers ?? []).some((importer) => reaches(importer, target, seen));
          };
          const belongsToRoot = (moduleId: string) => {
            if (!inRoot.has(moduleId)) {
              const candidate = isOurs(moduleId) && !moduleId.startsWith(messagesDir);
              inRoot.set(moduleId, candidate && reaches(moduleId, isRootRoute) && !reaches(moduleId, isEntry));
            }
            return inRoot.get(moduleId)!;
          };
          const name = messageName(id);
          if (name === undefined) return belongsToRoot(id) ? "root" : undefined;
          messagesOfRoot ??= new Set(
            [...getModuleIds()]
              .filter(belongsToRoot)
              .flatMap((moduleId) => [...(getModuleInfo(moduleId)?.code ?? "").matchAll(/\bm\.(\w+)\b/g)].map((match) => match[1]!)),
          );
          return messagesOfRoot.has(name) ? "root" : undefined;
        },
      };
    },
  };
}
