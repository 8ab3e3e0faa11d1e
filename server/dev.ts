import middie from "@fastify/middie";
import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import { start } from "./start";

process.env.NODE_ENV ??= "development";

await start({
  web: async (config) => {
    const vite = await createServer({ server: { middlewareMode: true, hmr: { port: config.port + 1 } }, appType: "custom" });
    return {
      web: {
        mode: "development",
        serverBuild: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      },
      beforeRoutes: async (app) => {
        await app.register(middie);
        app.use((req, res, next) => (req.url?.startsWith("/api/") ? next() : vite.middlewares(req, res, next)));
        app.addHook("onClose", () => vite.close());
      },
    };
  },
});
