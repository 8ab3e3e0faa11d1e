import fs from "node:fs";

/** Fails the run when the production server wrote to stderr while the specs ran (see e2e/run-server.mjs). */
export default function globalTeardown() {
  const file = process.env.E2E_STDERR_FILE;
  if (!file || !fs.existsSync(file)) return;
  const written = fs.readFileSync(file, "utf8");
  fs.rmSync(file, { force: true });
  if (written.trim()) throw new Error(`The server wrote to stderr during the e2e run:\n${written}`);
}
