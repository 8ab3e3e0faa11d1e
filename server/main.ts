import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { start } from "./start";

// The bundled server sits in dist/; React Router's build in build/ beside it.
const root = path.resolve(import.meta.dirname, "..");

await start({
  web: async () => ({
    web: {
      mode: "production",
      serverBuild: (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as ServerBuild,
      clientDir: path.join(root, "build/client"),
    },
  }),
});
