// `npm start`: builds once if there is no build yet, then runs the production server.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const needed = ["build/server/index.js", "build/client", "dist/server.js"];
if (!needed.every((file) => existsSync(file))) {
  console.log("No production build yet: building (about a minute)...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", shell: process.platform === "win32" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import("../dist/server.js");
