import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/** The run's folder (playwright.config.ts names it; workers inherit it): template database, secrets key, the server's stderr. */
export function runFolder(): string {
  const folder = process.env.PASAL_E2E_DIR;
  if (!folder) throw new Error("PASAL_E2E_DIR is not set: run the e2e suite through playwright.config.ts");
  return folder;
}

export const templateDatabase = () => path.join(runFolder(), "template.db");

/** What any server of the run wrote to stderr; e2e/global-teardown.ts fails the run when it is not empty. */
export const stderrFile = () => path.join(runFolder(), "server-stderr.log");

export interface RunningServer {
  origin: string;
  port: number;
  process: ChildProcess;
}

/** A port nobody listens on at the moment of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const READY_LINE = "Pasal is running at";

/**
 * Starts the production build (dist/server.js) and waits for the line it prints once the first admin
 * exists, which comes after /healthz already answers. The server logs through pino on stdout, so anything
 * on stderr is a fault: it is passed through and kept for the run's teardown.
 */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = Number(env.PORT) || (await freePort());
  const child = spawn(process.execPath, ["dist/server.js"], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      // Stored secrets are encrypted with this key: every copy of the template database needs the same one.
      SECRETS_KEY_FILE: path.join(runFolder(), "secrets.key"),
      // A test server has no proxy in front of it to drain.
      SHUTDOWN_DRAIN_MS: "0",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const errors: Buffer[] = [];
  child.stderr!.on("data", (chunk: Buffer) => {
    errors.push(chunk);
    process.stderr.write(chunk);
    fs.appendFileSync(stderrFile(), chunk);
  });
  await new Promise<void>((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => fail(new Error("the server did not start within 60 s")), 60_000);
    const onOutput = (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4096);
      if (!seen.includes(READY_LINE)) return;
      clearTimeout(timer);
      child.stdout!.off("data", onOutput);
      child.off("exit", onExit);
      // Read on, so a full pipe never stops the server.
      child.stdout!.resume();
      resolve();
    };
    const onExit = (code: number | null) => fail(new Error(`the server exited with ${code} before it was ready:\n${Buffer.concat(errors)}`));
    function fail(error: Error) {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(error);
    }
    child.stdout!.on("data", onOutput);
    child.once("exit", onExit);
  });
  return { origin: `http://127.0.0.1:${port}`, port, process: child };
}

/** Stops the server the way an orchestrator does (SIGTERM) and waits until it has closed its database. */
export async function stopServer(server: RunningServer): Promise<void> {
  const { process: child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  await exited;
}
