// Starts the production server for the e2e run, passing its output through, and keeps a copy of what it
// writes to stderr: the server logs through pino on stdout, so anything on stderr is a fault that the
// run's teardown (e2e/global-teardown.ts) reports.
import { spawn } from "node:child_process";
import { appendFileSync } from "node:fs";

const copy = process.env.E2E_STDERR_FILE;
const server = spawn(process.execPath, ["dist/server.js"], { stdio: ["ignore", "inherit", "pipe"] });
server.stderr.on("data", (chunk) => {
  process.stderr.write(chunk);
  if (copy) appendFileSync(copy, chunk);
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
