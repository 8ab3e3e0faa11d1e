import closeWithGrace from "close-with-grace";
import type { FastifyInstance } from "fastify";
import { buildApp, type App } from "./app";
import { ConfigError, loadConfig, type Config } from "./config";
import { ensureWritableDirectory } from "./files";
import { systemClock } from "./db/clock";
import { DatabaseOpenError, openDatabase, type Database } from "./db/database";
import { createFirstAdmin, firstAdminLines, migrateAndSeed } from "./prepare";
import type { WebOptions } from "./plugins/web";
import { closingIdleConnections, stopListening } from "./plugins/front-door";
import { SecretsKeyError } from "./modules/secrets/key";

/** A problem the person starting the server can fix; printed as one line, without a stack trace. */
class StartError extends Error {}

export const TRUST_ANYONE_WARNING =
  "TRUST_PROXY=true with HOST listening on every address: any client can reach the server directly and name its own address in X-Forwarded-For, passing every rate limit. Set TRUST_PROXY to the proxy's address (e.g. 127.0.0.1) instead.";

const isEveryAddress = (host: string) => host === "0.0.0.0" || host === "::";

export interface StartOptions {
  web: (config: Config) => Promise<{ web: WebOptions; beforeRoutes?: (app: FastifyInstance) => Promise<void> }>;
}

/**
 * Boot order: config → database → migrations and seed (under the start-up lock) → listen → first admin
 * (under the lock again). Instances starting together on one PostgreSQL database take turns (ADR 0021).
 */
export async function start({ web }: StartOptions): Promise<void> {
  let database: Database | undefined;
  try {
    const config = loadConfig();
    if (!ensureWritableDirectory(config.mediaDir)) {
      throw new StartError(
        `Cannot write to the media folder ${config.mediaDir}: check that this user may write there, or set MEDIA_DIR to another folder.`,
      );
    }
    database = openDatabase(config.database);
    const { seeded } = await prepare(database, config);

    const app = await buildApp({ config, database, ...(await web(config)) });
    if (seeded) app.log.info("seeded the default catalogue, carousel and update posts");
    // Uploads from before the database kept them (ADR 0023), so every instance can serve them.
    const imported = await app.services.media.importFolder();
    if (imported) app.log.info(`copied ${imported} uploaded images from ${config.mediaDir} into the database`);
    const removed = await app.services.media.removeLeftovers();
    if (removed) app.log.info(`removed ${removed} half-written image copies a stopped instance left in ${config.mediaDir}`);
    if (config.trustProxy === true && isEveryAddress(config.host)) app.log.warn(TRUST_ANYONE_WARNING);
    // Asked for now rather than by the first page, which would go out (and into the page cache) with the sample list.
    void app.services.trending.refresh();
    // Not ready until the first admin exists: a sign-in sent as soon as /readyz says 200 is let in.
    app.lifecycle.starting = true;
    await listen(app, config);
    // The seller's bot: one instance sends its notices and brings its updates (ADR 0105).
    app.worker.start();
    // From the moment it listens, so a stop signal that comes during the rest of the start is graceful too.
    stopGracefully(app, database, config);
    // Only once the shop is listening: a start that fails (a taken port) must not create an admin whose
    // generated password nobody saw. Of instances starting together, only the one that creates it prints it.
    const firstAdmin = await createFirstAdmin(database.db, systemClock, config.admin);
    if (firstAdmin) console.log(firstAdminLines(firstAdmin));
    app.lifecycle.starting = false;
    const shown = isEveryAddress(config.host) ? "localhost" : config.host;
    console.log(`Pasal is running at ${config.publicUrl ?? `http://${shown}:${config.port}`} (admin: /admin)`);
  } catch (error) {
    await database?.close().catch(() => {});
    if (error instanceof ConfigError || error instanceof DatabaseOpenError || error instanceof StartError || error instanceof SecretsKeyError) {
      console.error(`Pasal could not start. ${error.message}`);
    } else {
      console.error("Pasal could not start:", error);
    }
    process.exit(1);
  }
}

async function prepare(database: Database, config: Config) {
  try {
    return await migrateAndSeed(database.db, systemClock);
  } catch (error) {
    if (error instanceof DatabaseOpenError) throw error;
    if (config.database.kind === "postgres") {
      const where = new URL(config.database.url);
      throw new StartError(
        `Cannot use the PostgreSQL database at ${where.host}${where.pathname}: ${(error as Error).message}. Check DATABASE_URL and that the server is running.`,
      );
    }
    throw error;
  }
}

async function listen(app: FastifyInstance, config: Config) {
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "EADDRINUSE") {
      throw new StartError(`Port ${config.port} on ${config.host} is already in use: stop the other program or set PORT to a free port.`);
    }
    if (code === "EACCES") throw new StartError(`Not allowed to listen on port ${config.port}: choose a port above 1024 with PORT.`);
    if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") throw new StartError(`HOST ${config.host} is not an address of this machine.`);
    throw error;
  }
}

/**
 * How long a stop may take before the process exits anyway: below the 10 s a container runtime (docker stop)
 * waits before it kills, so the database is closed by us rather than by the kill.
 */
export const SHUTDOWN_GRACE_MS = 8_000;

/**
 * After the drain, how long connections already open may still bring requests once the listener is closed
 * (ADR 0103). Longer than the 2 s nginx keeps an idle connection (docs/deploy.md): by then nginx has closed
 * each of its idle ones itself or sent on it (answered, then closed), so the server closes none nginx may be
 * sending on. Half a second, relying on nginx leaving the instance out, raced at low traffic: nginx reuses a
 * kept connection without connecting, so it may not have been refused yet, and a checkout sent on a
 * connection closed under it cannot be retried.
 */
export const LEAVE_MS = 3_000;

function stopGracefully(app: App, database: Database, config: Config) {
  closeWithGrace(
    {
      delay: SHUTDOWN_GRACE_MS,
      logger: { error: (message: unknown) => app.log.error(message) },
      onTimeout: (delay) => app.log.error(`stopped after ${delay} ms with requests still in flight`),
    },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, "stopping after an uncaught error");
      else app.log.info({ signal }, "stopping: finishing requests in flight");
      // SIGTERM is how an orchestrator or a rolling restart stops an instance: /readyz turns 503 and requests
      // are still served, on kept-alive connections as before, while a proxy that checks readiness stops
      // sending here. A person's Ctrl-C (SIGINT) and a crash do not wait.
      app.lifecycle.stopping = true;
      if (signal === "SIGTERM") {
        if (config.shutdownDrainMs > 0) {
          app.log.info({ drainMs: config.shutdownDrainMs }, "draining: /readyz answers 503, requests are still served");
          await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
        }
        // New connections are refused, which any proxy may retry elsewhere, even a checkout; what comes on
        // a connection already open is answered, closing it (ADR 0103).
        app.lifecycle.leaving = true;
        app.log.info({ leaveMs: LEAVE_MS }, "not listening: answering what comes on connections still open, closing each");
        await stopListening(app.server, LEAVE_MS);
      }
      // Fastify stops (after a SIGTERM's leaving, nothing is left open; otherwise a request on a kept-alive
      // connection gets 503), waits for the requests in flight, then runs onClose; the database closes last,
      // once nothing can use it.
      try {
        await closingIdleConnections(app.server, app.close());
      } finally {
        await database.close();
      }
    },
  );
}
