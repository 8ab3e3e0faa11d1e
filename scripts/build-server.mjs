// Bundles the Fastify server and the admin command into dist/, leaving npm packages external.
import { build } from "esbuild";

const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
};

await build({ ...common, entryPoints: { server: "server/main.ts" }, outdir: "dist" });
