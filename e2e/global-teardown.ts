import fs from "node:fs";
import { runFolder, stderrFile } from "./server";

/** Fails the run when a server wrote to stderr while the specs ran (see e2e/server.ts), then removes the run's folder. */
export default function globalTeardown() {
  const written = fs.existsSync(stderrFile()) ? fs.readFileSync(stderrFile(), "utf8") : "";
  fs.rmSync(runFolder(), { recursive: true, force: true });
  if (written.trim()) throw new Error(`The server wrote to stderr during the e2e run:\n${written}`);
}
