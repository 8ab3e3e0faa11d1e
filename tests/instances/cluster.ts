import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "../../e2e/server";

/**
 * Several instances of the production build (`dist/server.js`, as `npm start` runs it) on one PostgreSQL
 * database: the deployment the several-instances tests check. Needs `npm run build` and TEST_DATABASE_URL.
 */

const root = path.resolve(import.meta.dirname, "../..");
const server = path.join(root, "dist/server.js");

export const clusterBaseUrl = process.env.TEST_DATABASE_URL;

/** A new, empty PostgreSQL database beside `baseUrl`'s, named with `prefix`; `drop()` removes it (closing what still uses it). */
export async function createPostgresDatabase(baseUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** A new, empty PostgreSQL database beside TEST_DATABASE_URL's, for one cluster. */
export async function createClusterDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!clusterBaseUrl) throw new Error("the several-instances tests need TEST_DATABASE_URL");
  if (!fs.existsSync(server)) throw new Error("the several-instances tests need the production build: run npm run build first");
  return createPostgresDatabase(clusterBaseUrl, "pasal_cluster");
}

export { freePort };

export interface Instance {
  url: string;
  port: number;
  process: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Resolves once `/healthz` answers 200; rejects if the process ends first. */
  ready: () => Promise<void>;
  /** Sends a signal and waits for the exit. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

export interface InstanceOptions {
  databaseUrl: string;
  /** Shared by every instance of a cluster unless a test means them apart. */
  mediaDir: string;
  port?: number;
  env?: Record<string, string>;
}

/** Starts one instance of the production build, as an operator would: `node dist/server.js` with its environment. */
export async function startInstance({ databaseUrl, mediaDir, port, env = {} }: InstanceOptions): Promise<Instance> {
  const listenOn = port ?? (await freePort());
  const child = spawn(process.execPath, [server], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(listenOn),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      MEDIA_DIR: mediaDir,
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: "admin@pasal.test",
      ADMIN_PASSWORD: "cluster test password",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${listenOn}`;
  const ready = async () => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the instance on ${listenOn} exited with ${child.exitCode}:\n${output}`);
      // Closing its connection, as a container's health check (a process of its own) does: nothing stays open.
      const healthy = await fetch(`${url}/healthz`, { headers: { connection: "close" } }).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the instance on ${listenOn} was not up after 30 s:\n${output}`);
  };
  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode === null) child.kill(signal);
    return exited;
  };
  return { url, port: listenOn, process: child, output: () => output, exited, ready, stop };
}

/**
 * N instances on one new database and one media folder, started at the same moment (`together`, as an
 * orchestrator does) or one after another; `close()` stops them all and drops the database.
 */
export async function startCluster(size: number, { env = {}, together = true }: { env?: Record<string, string>; together?: boolean } = {}) {
  const database = await createClusterDatabase();
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "pasal-cluster-media-"));
  const instances: Instance[] = [];
  const close = async () => {
    await Promise.all(instances.map((instance) => instance.stop("SIGKILL")));
    await database.drop();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  };
  try {
    if (together) {
      instances.push(...(await Promise.all(Array.from({ length: size }, () => startInstance({ databaseUrl: database.url, mediaDir, env })))));
      await Promise.all(instances.map((instance) => instance.ready()));
    } else {
      for (let i = 0; i < size; i++) {
        const instance = await startInstance({ databaseUrl: database.url, mediaDir, env });
        instances.push(instance);
        await instance.ready();
      }
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { instances, database, mediaDir, close };
}

/**
 * Signs in on one instance through the API and returns the headers an admin's write needs (the session
 * cookie, and the same-origin marker the server asks of writes).
 */
export async function signIn(instance: Instance, email = "admin@pasal.test", password = "cluster test password") {
  const response = await fetch(`${instance.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in on ${instance.url} answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { cookie, "sec-fetch-site": "same-origin" };
}
