import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import pg from "pg";
import type { Config } from "../config";
import type { Db } from "./database";

/** What an admin's write may change on the storefront; each names the caches built from it. */
export const CHANGE_TOPICS = ["catalogue", "carousel", "settings", "updates", "videos", "payment-methods", "ledger"] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];
/** A signal may have been missed (the listening connection dropped, or a signal this version does not know): drop everything. */
export type ChangeSignal = ChangeTopic | "all";

/**
 * How long an instance on PostgreSQL trusts a value it cached without having heard of a change: the
 * worst case if a signal is lost some way the listening connection does not notice (ADR 0019).
 */
export const CACHE_BOUND_MS = 3_000;

/** Notices go out on one channel per schema, so shops sharing a database in different schemas do not wake each other. */
const CHANNEL = "pasal_changes:";
const RETRY_FIRST_MS = 100;
const RETRY_MOST_MS = 5_000;

export interface ChangeSignals {
  /** How long a cached value may be kept without a signal; Infinity when every write goes through this process. */
  readonly boundMs: number;
  /** After a committed write: applied to this process's caches at once, then sent to every other instance. Never throws. */
  publish(topic: ChangeTopic): Promise<void>;
  /** Calls `listener` with every signal, this process's own and other instances'. */
  subscribe(listener: (signal: ChangeSignal) => void): void;
  close(): Promise<void>;
}

/**
 * Change signals between the instances sharing a database (ADR 0019): PostgreSQL's LISTEN/NOTIFY on a
 * dedicated connection, or, on SQLite, which one process owns, this process alone.
 */
export async function openChangeSignals(database: Config["database"], db: Db, log: Pick<FastifyBaseLogger, "warn" | "info">): Promise<ChangeSignals> {
  if (database.kind === "sqlite") return localSignals();
  const signals = postgresSignals(database.url, db, log);
  await signals.start();
  return signals;
}

function fanOut() {
  const listeners = new Set<(signal: ChangeSignal) => void>();
  return {
    subscribe: (listener: (signal: ChangeSignal) => void) => void listeners.add(listener),
    emit: (signal: ChangeSignal) => listeners.forEach((listener) => listener(signal)),
  };
}

function localSignals(): ChangeSignals {
  const { subscribe, emit } = fanOut();
  return {
    boundMs: Infinity,
    publish: async (topic) => emit(topic),
    subscribe,
    close: async () => {},
  };
}

/** What one instance sends: its own signals come back to it too, and are skipped. */
interface Payload {
  from: string;
  topic: string;
}

function postgresSignals(url: string, db: Db, log: Pick<FastifyBaseLogger, "warn" | "info">) {
  const { subscribe, emit } = fanOut();
  const self = randomUUID();
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let attempts = 0;
  let closed = false;
  // One warning per outage, however many attempts it takes.
  let outage = false;

  function onNotification({ payload }: pg.Notification) {
    let signal: ChangeSignal = "all";
    try {
      const { from, topic } = JSON.parse(payload ?? "") as Payload;
      if (from === self) return;
      if ((CHANGE_TOPICS as readonly string[]).includes(topic)) signal = topic as ChangeTopic;
    } catch {
      // Not ours to read (another version's signal): dropping everything is always safe.
    }
    emit(signal);
  }

  async function connect() {
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: "pasal change notices",
    });
    // Errors are handled as a lost connection below; without a listener pg's error would end the process.
    next.on("error", () => lost(next));
    next.on("end", () => lost(next));
    next.on("notification", onNotification);
    try {
      await next.connect();
      const { rows } = await next.query<{ schema: string }>("select current_schema() as schema");
      await next.query(`listen ${next.escapeIdentifier(CHANNEL + rows[0]!.schema)}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) return void (await next.end().catch(() => {}));
    client = next;
    attempts = 0;
    // Listening only from now: whatever was cached before may have missed a signal.
    emit("all");
    if (outage) log.info("change notices: listening again; caches dropped");
    outage = false;
  }

  function lost(which: pg.Client) {
    if (client !== which) return;
    client = undefined;
    void which.end().catch(() => {});
    emit("all");
    if (closed) return;
    warnOnce("change notices: lost the connection to PostgreSQL; caches dropped, reconnecting");
    reconnectLater();
  }

  function warnOnce(message: string, error?: unknown) {
    if (outage) return;
    outage = true;
    log.warn(error ? { reason: error instanceof Error ? error.message : String(error) } : {}, message);
  }

  function reconnectLater() {
    if (closed || retry) return;
    const delay = Math.min(RETRY_FIRST_MS * 2 ** attempts++, RETRY_MOST_MS);
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((error: unknown) => {
        warnOnce("change notices: cannot listen on PostgreSQL; caches kept for at most a few seconds, retrying", error);
        reconnectLater();
      });
    }, delay);
    retry.unref();
  }

  return {
    boundMs: CACHE_BOUND_MS,
    /** Listens now, or keeps trying in the background: an instance serves (with bounded caches) either way. */
    async start() {
      await connect().catch((error: unknown) => {
        warnOnce("change notices: cannot listen on PostgreSQL; caches kept for at most a few seconds, retrying", error);
        reconnectLater();
      });
    },
    async publish(topic: ChangeTopic) {
      emit(topic);
      const payload = JSON.stringify({ from: self, topic } satisfies Payload);
      try {
        // The channel of the schema this connection writes to, the one the write went to.
        await sql`select pg_notify(${CHANNEL} || current_schema(), ${payload})`.execute(db);
      } catch (error) {
        log.warn(
          { reason: error instanceof Error ? error.message : String(error), topic },
          "change notices: could not tell the other instances of a change; they show it within the cache bound",
        );
      }
    },
    subscribe,
    async close() {
      closed = true;
      clearTimeout(retry);
      const open = client;
      client = undefined;
      await open?.end().catch(() => {});
    },
  } satisfies ChangeSignals & { start(): Promise<void> };
}
