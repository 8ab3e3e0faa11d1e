import type { FastifyBaseLogger } from "fastify";
import type { Api } from "grammy";
import pg from "pg";
import type { Config } from "../../config";
import { botApi, UPDATES_PER_CALL } from "./bot-api";
import type { TelegramOutboxService } from "./outbox";
import { describeFailure, type BotAccess } from "./shared";
import type { TelegramUpdatesService } from "./updates";

/** The updates the bot acts on: codes and /stop in messages, and button presses. */
const ALLOWED_UPDATES = ["message", "callback_query"] as const;
/** The longest wait between two tries of a poller that cannot reach Telegram. */
const POLL_RETRY_MOST_MS = 60_000;
/**
 * How long a stop waits for a send or an update in flight: a stop takes at most 8 s (ADR 0074), and Telegram may
 * hang. A send cut short is claimed again once its claim lapses; an update not confirmed comes again.
 */
const STOP_WAIT_MS = 2_000;

const atMost = (work: Promise<unknown>, ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    work.then(done, done);
  });

export const WEBHOOK_PATH = "/api/telegram/webhook";

/**
 * Who may be the one worker: on PostgreSQL the instance holding a session advisory lock of the database and
 * schema, on its own connection (lost with it: another instance takes over); on SQLite, which one process owns,
 * that process.
 */
interface WorkerLock {
  /** Takes the lock, or answers whether this instance still holds it. */
  acquire(): Promise<boolean>;
  release(): Promise<void>;
}

function sqliteLock(): WorkerLock {
  return { acquire: async () => true, release: async () => {} };
}

function postgresLock(url: string, onLost: () => void): WorkerLock {
  let client: pg.Client | undefined;
  let holding = false;

  function lost(which: pg.Client) {
    if (client !== which) return;
    client = undefined;
    const held = holding;
    holding = false;
    void which.end().catch(() => {});
    if (held) onLost();
  }

  return {
    async acquire() {
      if (holding) return true;
      if (!client) {
        const next = new pg.Client({ connectionString: url, keepAlive: true, application_name: "pasal notices" });
        // Errors are a lost connection (and, with it, the lock); without a listener pg's error would end the process.
        next.on("error", () => lost(next));
        next.on("end", () => lost(next));
        client = next;
        try {
          await next.connect();
        } catch (error) {
          lost(next);
          throw error;
        }
      }
      // Per schema: other schemas of the same database are other shops (as the start-up lock, ADR 0021).
      const { rows } = await client.query<{ ok: boolean }>(
        "select pg_try_advisory_lock(hashtext('pasal notices'), hashtext(current_schema())) as ok",
      );
      holding = rows[0]?.ok === true;
      return holding;
    },
    async release() {
      const open = client;
      client = undefined;
      holding = false;
      // Ending the session lets the lock go.
      await open?.end().catch(() => {});
    },
  };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

export interface NoticeWorker {
  start(): void;
  stop(): Promise<void>;
  /** Whether this instance is the worker now (holds the lock). */
  isLeader(): boolean;
  /** Whether this instance is polling Telegram for updates now. */
  isPolling(): boolean;
}

/**
 * The one worker of the seller's bot (ADR 0105): on the instance that holds the lock, every tick it makes sure
 * Telegram brings the bot's updates (a webhook when the shop's public URL is https, else its own long poll),
 * sends the notices that are due and, now and then, looks for stock running out, bills and renewals due. The
 * other instances only ask for the lock again. Stopping lets the lock go, and the poll with it.
 */
export function createNoticeWorker(options: {
  bot: BotAccess;
  outbox: Pick<TelegramOutboxService, "drain" | "scan">;
  updates: Pick<TelegramUpdatesService, "handleUpdate" | "noteUpdate" | "setWebhookUrl">;
  database: Config["database"];
  telegram: Config["telegram"];
  notices: Config["notices"];
  publicUrl: string | undefined;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
}): NoticeWorker {
  const { bot: botAccess, outbox, updates: botUpdates, log, notices } = options;
  const webhookUrl = options.publicUrl?.startsWith("https://") ? `${options.publicUrl}${WEBHOOK_PATH}` : null;
  let running = false;
  let leader = false;
  let timer: NodeJS.Timeout | undefined;
  let tickDone: Promise<void> = Promise.resolve();
  let lastScan = 0;
  let poller: { token: string; abort: AbortController; done: Promise<void> } | undefined;
  let webhookSet: string | undefined;
  // One warning per outage, however many ticks it lasts.
  let warned = false;

  const lock =
    options.database.kind === "postgres"
      ? postgresLock(options.database.url, () => {
          leader = false;
          log.warn("notices: lost the worker's lock with its connection; another instance takes over");
          void stopPoller();
        })
      : sqliteLock();

  async function stopPoller() {
    const current = poller;
    if (!current) return;
    poller = undefined;
    current.abort.abort();
    await atMost(current.done, STOP_WAIT_MS);
  }

  function startPoller(token: string, lastUpdateId: number) {
    const abort = new AbortController();
    const api = botApi(token, options.telegram.apiUrl, options.telegram.pollSeconds + 15);
    // grammY types its signal as the abort-controller package's; it takes Node's own, and aborting it ends the
    // call, the reading of its answer included (./bot-api.ts).
    const signal = abort.signal as unknown as Parameters<Api["getUpdates"]>[1];
    const done = (async () => {
      let offset = lastUpdateId > 0 ? lastUpdateId + 1 : undefined;
      let cleared = false;
      let failures = 0;
      while (!abort.signal.aborted) {
        try {
          // A webhook left from another setup would make every getUpdates a 409.
          if (!cleared) {
            await api.deleteWebhook({}, signal);
            await botUpdates.setWebhookUrl(null);
            cleared = true;
          }
          const updates = await api.getUpdates(
            // A few at a time, so that an answer always fits the Bot API's cap (./bot-api.ts).
            { offset, limit: UPDATES_PER_CALL, timeout: options.telegram.pollSeconds, allowed_updates: [...ALLOWED_UPDATES] },
            signal,
          );
          failures = 0;
          for (const update of updates) {
            if (abort.signal.aborted) break;
            try {
              await botUpdates.handleUpdate(update);
            } catch (error) {
              log.error({ reason: describeFailure(error) }, "telegram: an update could not be handled");
            }
            offset = update.update_id + 1;
            await botUpdates.noteUpdate(update.update_id);
          }
        } catch (error) {
          if (abort.signal.aborted) break;
          failures++;
          log.warn({ failures }, "telegram: getUpdates failed: %s", describeFailure(error));
          await sleep(Math.min(notices.retryMs * 2 ** (failures - 1), POLL_RETRY_MOST_MS), abort.signal);
        }
      }
    })();
    poller = { token, abort, done };
  }

  /** Telegram brings updates one way: the webhook when the public URL is https, this instance's poll otherwise. */
  async function receiveUpdates(bot: NonNullable<Awaited<ReturnType<BotAccess["currentBot"]>>>) {
    if (webhookUrl) {
      if (bot.webhookUrl === webhookUrl && webhookSet === bot.token) return;
      await botAccess.apiFor(bot.token).setWebhook(webhookUrl, { secret_token: bot.webhookSecret, allowed_updates: [...ALLOWED_UPDATES] });
      await botUpdates.setWebhookUrl(webhookUrl);
      webhookSet = bot.token;
      log.info("telegram: updates come by webhook");
      return;
    }
    if (poller?.token === bot.token) return;
    await stopPoller();
    startPoller(bot.token, bot.lastUpdateId);
  }

  async function tick() {
    try {
      leader = await lock.acquire();
      if (!leader) return void (await stopPoller());
      const bot = await botAccess.currentBot();
      if (!bot) return void (await stopPoller());
      await receiveUpdates(bot);
      await outbox.drain();
      if (Date.now() - lastScan >= notices.scanMs) {
        lastScan = Date.now();
        await outbox.scan();
      }
      warned = false;
    } catch (error) {
      if (!warned) log.warn({ reason: describeFailure(error) }, "notices: the worker's round failed; trying again");
      warned = true;
    }
  }

  function schedule(delay: number) {
    if (!running) return;
    timer = setTimeout(() => {
      tickDone = tick().finally(() => schedule(notices.tickMs));
    }, delay);
    timer.unref();
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await atMost(tickDone, STOP_WAIT_MS);
      await stopPoller();
      await lock.release();
      leader = false;
    },
    isLeader: () => leader,
    isPolling: () => poller !== undefined,
  };
}
