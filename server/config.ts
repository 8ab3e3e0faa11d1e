import path from "node:path";
import { z } from "zod";
import { parseMasterKey } from "./modules/secrets/cipher";

/** Where the key of stored secrets comes from: SECRETS_KEY, else the key file (made on the first start). */
export interface SecretsKeySource {
  key: Buffer | undefined;
  keyFile: string;
}

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const POOL_MAX_MESSAGE = "must be a whole number of connections from 1 to 1000 (PostgreSQL connections each instance may open)";

function milliseconds(min: number, max: number, fallback: number) {
  const message = `must be a whole number of milliseconds from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback);
}

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: "must be a port number from 0 to 65535" })
    .int("must be a port number from 0 to 65535")
    .min(0, "must be a port number from 0 to 65535")
    .max(65535, "must be a port number from 0 to 65535")
    .default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATABASE_URL: z.string().min(1).default("./data/pasal.db"),
  DATABASE_POOL_MAX: z.coerce
    .number({ error: POOL_MAX_MESSAGE })
    .int(POOL_MAX_MESSAGE)
    .min(1, POOL_MAX_MESSAGE)
    .max(1000, POOL_MAX_MESSAGE)
    .default(10),
  MEDIA_DIR: z.string().min(1).default("./data/media"),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL, e.g. https://pasal.example.com" })
    .optional()
    .transform((v) => v?.replace(/\/+$/, "")),
  ADMIN_EMAIL: z.email({ error: "must be an email address" }).optional(),
  ADMIN_PASSWORD: z.string().min(10, "must be at least 10 characters").optional(),
  TMDB_API_KEY: z.string().min(1).optional(),
  TMDB_BASE_URL: z.url({ error: "must be an absolute URL" }).default("https://api.themoviedb.org/3"),
  TMDB_IMAGE_BASE_URL: z.url({ error: "must be an absolute URL" }).default("https://image.tmdb.org/t/p/w342"),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === "false" ? false : value === "true" ? true : /^\d+$/.test(value) ? Number(value) : value)),
  PAGE_CACHE_MB: z.coerce
    .number({ error: "must be a number of megabytes (0 turns the page cache off)" })
    .int("must be a whole number of megabytes (0 turns the page cache off)")
    .min(0, "must be a number of megabytes (0 turns the page cache off)")
    .default(32),
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ error: "must be a number of milliseconds from 0 to 4000" })
    .int("must be a whole number of milliseconds from 0 to 4000")
    .min(0, "must be a number of milliseconds from 0 to 4000")
    // The drain, the 3 s of leaving after it (ADR 0103) and the requests in flight must fit in the 8 s a stop may take.
    .max(
      4000,
      "must be at most 4000: a stop takes at most 8 s, 3 s of them leaving the proxy's connections, and requests still in flight need the rest",
    )
    .default(3000),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const origins: string[] = [];
      for (const entry of (value ?? "")
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean)) {
        const origin = originOf(entry);
        if (origin) origins.push(origin);
        else
          ctx.addIssue({
            code: "custom",
            message: `"${entry}" is not an origin: give scheme, host and optional port, e.g. https://shop.example.com`,
          });
      }
      return [...new Set(origins)];
    }),
  SECRETS_KEY: z
    .string()
    .optional()
    .refine((value) => value === undefined || parseMasterKey(value) !== undefined, {
      message: "must be a key of 32 bytes: 44 characters of base64 or 64 hex digits (make one with: openssl rand -base64 32)",
    }),
  SECRETS_KEY_FILE: z.string().min(1).optional(),
  KHALTI_BASE_URL: z.url({ error: "must be an absolute URL, e.g. https://dev.khalti.com/api/v2" }).optional(),
  ESEWA_FORM_URL: z.url({ error: "must be an absolute URL, e.g. https://rc-epay.esewa.com.np/api/epay/main/v2/form" }).optional(),
  ESEWA_STATUS_URL: z.url({ error: "must be an absolute URL, e.g. https://rc.esewa.com.np/api/epay/transaction/status/" }).optional(),
  FONEPAY_BASE_URL: z.url({ error: "must be an absolute URL, e.g. https://uat-new-merchant-api.fonepay.com/api" }).optional(),
  GATEWAY_TIMEOUT_MS: z.coerce
    .number({ error: "must be a number of milliseconds from 500 to 60000" })
    .int("must be a whole number of milliseconds from 500 to 60000")
    .min(500, "must be a number of milliseconds from 500 to 60000")
    .max(60000, "must be a number of milliseconds from 500 to 60000")
    .default(10000),
  TELEGRAM_API_URL: z.url({ error: "must be an absolute URL, e.g. https://api.telegram.org" }).default("https://api.telegram.org"),
  TELEGRAM_POLL_SECONDS: z.coerce
    .number({ error: "must be a number of seconds from 0 to 50" })
    .int("must be a whole number of seconds from 0 to 50")
    .min(0, "must be a number of seconds from 0 to 50")
    .max(50, "must be a number of seconds from 0 to 50")
    .default(30),
  NOTICES_TICK_MS: milliseconds(50, 60_000, 2_000),
  NOTICES_SCAN_MS: milliseconds(100, 86_400_000, 600_000),
  NOTICES_RETRY_MS: milliseconds(10, 3_600_000, 30_000),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(", ")}` }).default("info"),
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
});

/** Every variable the config reads, in the schema's order: `.env.example` names each one (server/env-example.test.ts). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

export type Config = {
  port: number;
  host: string;
  /** On PostgreSQL, `poolMax` is the most connections this instance opens (10 when not given). */
  database: { kind: "sqlite"; path: string } | { kind: "postgres"; url: string; poolMax?: number };
  /** Absolute folder of uploaded images, served under /media. */
  mediaDir: string;
  publicUrl: string | undefined;
  secureCookies: boolean;
  admin: { email: string | undefined; password: string | undefined };
  tmdb: { apiKey: string | undefined; baseUrl: string; imageBaseUrl?: string };
  /** Fastify's trustProxy: whose X-Forwarded-For to believe for the client's address (rate limits key on it). */
  trustProxy: boolean | number | string;
  /**
   * Other sites' origins whose pages may call the API with the admin's session (CORS with credentials),
   * e.g. the original client deployed on its own origin. Public reads are open to every origin anyway.
   */
  corsOrigins: string[];
  /** Memory for rendered storefront pages (ADR 0048); 0 renders every request. */
  pageCacheBytes: number;
  /** On SIGTERM, how long /readyz answers 503 while requests are still served, before the server closes (ADR 0074). */
  shutdownDrainMs: number;
  logLevel: (typeof logLevels)[number];
  isDevelopment: boolean;
  /** The key of stored passwords, PINs and licence keys: SECRETS_KEY, else the key file (ADR 0081). */
  secrets: SecretsKeySource;
  /**
   * Where the online gateways are: their test environments in development and tests, the live hosts in
   * production, each replaceable (the research found hosts that moved and sources that disagree).
   */
  gateways: { khaltiBaseUrl: string; esewaFormUrl: string; esewaStatusUrl: string; fonepayBaseUrl: string; timeoutMs: number };
  /**
   * The seller's Telegram bot (ADR 0105): where the Bot API is (a local fake in tests), and how long a
   * getUpdates waits for news while the bot polls.
   */
  telegram: { apiUrl: string; pollSeconds: number };
  /**
   * The notices' worker: how often it sends what is due (and an instance without the lock asks for it again), how
   * often it looks for stock running out, bills and renewals due, and the first wait before a failed send is
   * tried again (doubled each time).
   */
  notices: { tickMs: number; scanMs: number; retryMs: number };
};

const GATEWAY_HOSTS = {
  test: {
    khaltiBaseUrl: "https://dev.khalti.com/api/v2",
    esewaFormUrl: "https://rc-epay.esewa.com.np/api/epay/main/v2/form",
    esewaStatusUrl: "https://rc.esewa.com.np/api/epay/transaction/status/",
    fonepayBaseUrl: "https://uat-new-merchant-api.fonepay.com/api",
  },
  live: {
    khaltiBaseUrl: "https://khalti.com/api/v2",
    esewaFormUrl: "https://epay.esewa.com.np/api/epay/main/v2/form",
    esewaStatusUrl: "https://epay.esewa.com.np/api/epay/transaction/status/",
    fonepayBaseUrl: "https://merchantapi.fonepay.com/api",
  },
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

/** Reads the environment once at boot; every problem is reported, one line each. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most shells' `FOO= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const e = parsed.data;
  const isPostgres = /^postgres(ql)?:\/\//.test(e.DATABASE_URL);
  return {
    port: e.PORT,
    host: e.HOST,
    database: isPostgres ? { kind: "postgres", url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX } : { kind: "sqlite", path: e.DATABASE_URL },
    mediaDir: path.resolve(e.MEDIA_DIR),
    publicUrl: e.PUBLIC_URL,
    secureCookies: e.PUBLIC_URL?.startsWith("https://") ?? false,
    admin: { email: e.ADMIN_EMAIL?.toLowerCase(), password: e.ADMIN_PASSWORD },
    tmdb: { apiKey: e.TMDB_API_KEY, baseUrl: e.TMDB_BASE_URL.replace(/\/+$/, ""), imageBaseUrl: e.TMDB_IMAGE_BASE_URL.replace(/\/+$/, "") },
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS,
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    logLevel: e.LOG_LEVEL,
    isDevelopment: e.NODE_ENV === "development",
    gateways: gatewayHosts(e),
    telegram: { apiUrl: e.TELEGRAM_API_URL.replace(/\/+$/, ""), pollSeconds: e.TELEGRAM_POLL_SECONDS },
    notices: { tickMs: e.NOTICES_TICK_MS, scanMs: e.NOTICES_SCAN_MS, retryMs: e.NOTICES_RETRY_MS },
    secrets: {
      key: e.SECRETS_KEY === undefined ? undefined : parseMasterKey(e.SECRETS_KEY),
      keyFile: path.resolve(e.SECRETS_KEY_FILE ?? defaultKeyFile(e.DATABASE_URL, isPostgres)),
    },
  };
}

function gatewayHosts(e: z.infer<typeof envSchema>): Config["gateways"] {
  const hosts = GATEWAY_HOSTS[e.NODE_ENV === "production" ? "live" : "test"];
  const trimmed = (value: string | undefined, fallback: string) => (value ?? fallback).replace(/\/+$/, "");
  return {
    khaltiBaseUrl: trimmed(e.KHALTI_BASE_URL, hosts.khaltiBaseUrl),
    esewaFormUrl: e.ESEWA_FORM_URL ?? hosts.esewaFormUrl,
    esewaStatusUrl: e.ESEWA_STATUS_URL ?? hosts.esewaStatusUrl,
    fonepayBaseUrl: trimmed(e.FONEPAY_BASE_URL, hosts.fonepayBaseUrl),
    timeoutMs: e.GATEWAY_TIMEOUT_MS,
  };
}

/** The data folder: beside the SQLite database file, or ./data on PostgreSQL. */
function defaultKeyFile(databaseUrl: string, isPostgres: boolean): string {
  return path.join(isPostgres ? "./data" : path.dirname(databaseUrl), "secrets.key");
}

/** `https://shop.example.com:8443` as given, or null for anything that is more or less than an origin. */
function originOf(entry: string): string | null {
  try {
    const url = new URL(entry);
    const bare = url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
    return (url.protocol === "https:" || url.protocol === "http:") && bare ? url.origin : null;
  } catch {
    return null;
  }
}
