import { randomUUID } from "node:crypto";
import fs from "node:fs";
import zlib from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyEtag from "@fastify/etag";
import fastifySwagger from "@fastify/swagger";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from "fastify";
import type { DestinationStream } from "pino";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Config } from "./config";
import { CACHE_BOUND_MS, openChangeSignals } from "./db/change-signals";
import { systemClock, type Clock } from "./db/clock";
import type { Database } from "./db/database";
import { lineRoutes } from "./modules/ledger/line-routes";
import { accountsRoutes } from "./modules/ledger/routes";
import { auditRoutes } from "./modules/audit/routes";
import { authRoutes } from "./modules/auth/routes";
import { carouselRoutes } from "./modules/carousel/routes";
import { catalogueRoutes } from "./modules/catalogue/routes";
import { customersRoutes } from "./modules/customers/routes";
import { customerLinksRoutes } from "./modules/customer-links/routes";
import { couponsRoutes } from "./modules/coupons/routes";
import { referralsRoutes } from "./modules/referrals/routes";
import { balancesRoutes } from "./modules/balances/routes";
import { refundsRoutes } from "./modules/refunds/routes";
import { billImageRoutes, billsRoutes } from "./modules/bills/routes";
import { blocklistRoutes } from "./modules/blocklist/routes";
import { instanceRoutes } from "./modules/health/instance-routes";
import { healthRoutes } from "./modules/health/routes";
import { mediaRoutes } from "./modules/media/routes";
import { newsletterRoutes } from "./modules/newsletter/routes";
import { orderLimitsRoutes } from "./modules/order-limits/routes";
import { ordersRoutes } from "./modules/orders/routes";
import { paymentMethodsRoutes } from "./modules/payment-methods/routes";
import { paymentsRoutes } from "./modules/payments/routes";
import { reportsRoutes } from "./modules/reports/routes";
import { settingsRoutes } from "./modules/settings/routes";
import { trendingRoutes } from "./modules/trending/routes";
import { whatToWatchRoutes } from "./modules/trending/what-to-watch-routes";
import { mailboxesRoutes } from "./modules/mailboxes/routes";
import { updatesRoutes } from "./modules/updates/routes";
import { uploadsRoutes } from "./modules/uploads/routes";
import { videosRoutes } from "./modules/videos/routes";
import { telegramRoutes } from "./modules/telegram/routes";
import { problemsRoutes } from "./modules/problems/routes";
import { declareConventionalFailures } from "./http/conventions";
import { createNoticeWorker, type NoticeWorker } from "./modules/telegram/worker";
import { shopJobs } from "./jobs/jobs";
import { createScheduler } from "./jobs/scheduler";
import { registerAuthGuard, sessionCookieName } from "./modules/auth/guard";
import { clientErrorAnswer, frontDoorServer, type ServerTimeouts } from "./plugins/front-door";
import { builtFilesDoor, readBuiltFiles } from "./plugins/built-files";
import { createPageCache, pageCacheDoor, registerPageCache } from "./plugins/page-cache";
import { frameworkErrorAnswer, registerErrorHandling, registerNotFound } from "./plugins/errors";
import { registerCors } from "./plugins/cors";
import { isLoopback, registerRateLimits } from "./plugins/rate-limits";
import { AccessLog, loggedRequest, stdoutLog } from "./plugins/request-log";
import { isApiRoute, registerRequestTargetCheck } from "./plugins/request-target";
import { registerSameOriginCheck } from "./plugins/same-origin";
import { registerSecurityHeaders } from "./plugins/security-headers";
import { registerTextInputCheck } from "./plugins/text-input";
import { isAdminPage, isSharedPage, registerWeb, type WebOptions } from "./plugins/web";
import { createRenderGate } from "./plugins/load-shedding";
import { createServices, type Services } from "./services";
import { openSecrets } from "./modules/secrets/key";

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Serve the React Router app too; API-only when absent (as most tests use it). */
  web?: WebOptions;
  /** Runs before routes are registered, e.g. to mount Vite's dev middleware. */
  beforeRoutes?: (app: FastifyInstance) => Promise<void>;
  /** Where log lines go (tests read them); standard output when absent (ADR 0102). */
  logStream?: DestinationStream;
  /** Shorter limits than SERVER_TIMEOUTS, for tests of what a request past them is answered. */
  timeouts?: Partial<ServerTimeouts>;
}

/** Where the process is in its life while it starts and stops. */
export interface Lifecycle {
  /** From listening until start-up's work is done (the first admin exists): `/readyz` answers 503. */
  starting: boolean;
  /** From a stop signal on: `/readyz` answers 503 (ADR 0074). */
  stopping: boolean;
  /** From the moment a SIGTERM stop closes the listener: each answer closes its connection (ADR 0103). */
  leaving: boolean;
}

/** `worker`: the seller's bot's one worker (ADR 0105), started by the server once it listens (server/start.ts). */
export type App = FastifyInstance & { services: Services; lifecycle: Lifecycle; worker: NoticeWorker };

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;
const TIMEOUTS = { connectionTimeout: 30_000, requestTimeout: 30_000, keepAliveTimeout: 72_000 };
/** Node's own: a request's head within 10 s, the whole request within 30 s, each checked every second. */
export const SERVER_TIMEOUTS = { ...TIMEOUTS, headersTimeout: 10_000, checkEvery: 1_000 };
/** Open connections per client address when the shop is reached without a proxy (a carrier's shoppers share one). */
export const CONNECTIONS_PER_ADDRESS = 256;

/** What each API module is given: the services, and the settings of the configuration some of them read. */
interface ModuleOptions {
  services: Services;
  config: Config;
  publicUrl: string | undefined;
  secureCookies: boolean;
}

/** The API's modules, each registered under /api in this order. */
const API_MODULES: Array<FastifyPluginAsyncZod<ModuleOptions>> = [
  authRoutes,
  catalogueRoutes,
  carouselRoutes,
  updatesRoutes,
  videosRoutes,
  newsletterRoutes,
  settingsRoutes,
  uploadsRoutes,
  ordersRoutes,
  orderLimitsRoutes,
  paymentMethodsRoutes,
  paymentsRoutes,
  accountsRoutes,
  lineRoutes,
  problemsRoutes,
  customersRoutes,
  customerLinksRoutes,
  couponsRoutes,
  referralsRoutes,
  balancesRoutes,
  refundsRoutes,
  billsRoutes,
  blocklistRoutes,
  auditRoutes,
  reportsRoutes,
  telegramRoutes,
  whatToWatchRoutes,
  mailboxesRoutes,
];

export async function buildApp({ config, database, clock = systemClock, web, beforeRoutes, logStream, timeouts: shorter }: AppOptions): Promise<App> {
  const timeouts: ServerTimeouts = { ...SERVER_TIMEOUTS, ...shorter };
  // Public pages stored whole (ADR 0015): the production storefront and the price list, served at the server's door.
  // On PostgreSQL kept no longer than change signals' bound, like every other cache (ADR 0019).
  const pages =
    config.pageCacheBytes > 0 && web?.mode === "production"
      ? createPageCache({ maxBytes: config.pageCacheBytes, ...(config.database.kind === "postgres" ? { ttlMs: CACHE_BOUND_MS } : {}) })
      : null;
  // Renders of shared pages, counted at the door and in the page route: a busy instance turns them away (ADR 0125).
  const renderGate = createRenderGate({ https: config.secureCookies });
  // Known once Fastify exists; the front door only logs after the server listens.
  const appLog: { current?: FastifyBaseLogger } = {};
  // What the server's door answers before Fastify: the browser build's files from memory, then stored pages.
  const builtFiles =
    web?.mode === "production" && web.clientDir && fs.existsSync(web.clientDir)
      ? readBuiltFiles(web.clientDir, { https: config.secureCookies })
      : null;
  const doors = [
    ...(builtFiles ? [builtFilesDoor(builtFiles, { log: () => appLog.current })] : []),
    ...(pages
      ? [
          pageCacheDoor(pages, {
            sessionCookieNames: [sessionCookieName(config)],
            log: () => appLog.current,
            busy: {
              now: (request) => renderGate.busy && isSharedPage(request.method, request.url ?? "/"),
              turnAway: (request, response) => renderGate.turnAwayAtTheDoor(request, response),
            },
          }),
        ]
      : []),
  ];
  const lifecycle: Lifecycle = { starting: false, stopping: false, leaving: false };
  // Access lines in batches, warnings and errors at once (ADR 0102); pino-pretty's own worker in development.
  const output = config.logLevel === "silent" || config.isDevelopment || logStream ? undefined : stdoutLog();
  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            redact: ["req.headers.cookie", 'res.headers["set-cookie"]', "body.password"],
            // An order link's key opens that order's page: it stays out of the logs (ADR 0075).
            serializers: { req: loggedRequest },
            ...(config.isDevelopment ? { transport: { target: "pino-pretty" } } : { stream: logStream ?? output!.stream }),
          },
    // One line per request, when it ends (ADR 0015, 0102).
    logController: new AccessLog(),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 256 * 1024,
    connectionTimeout: timeouts.connectionTimeout,
    requestTimeout: timeouts.requestTimeout,
    keepAliveTimeout: timeouts.keepAliveTimeout,
    return503OnClosing: true,
    // A target the router cannot read answers in the API's shape, with the security headers, echoing nothing.
    frameworkErrors: frameworkErrorAnswer({ https: config.secureCookies }),
    // A request cut off by a time limit is answered with a message rather than dropped.
    clientErrorHandler: clientErrorAnswer(timeouts),
    // A hop count becomes the function form, which Fastify's types accept.
    trustProxy: typeof config.trustProxy === "number" ? trustHops(config.trustProxy) : config.trustProxy,
    serverFactory: frontDoorServer({
      serve: doors.length > 0 ? (request, response) => doors.some((door) => door(request, response)) : undefined,
      timeouts,
      // Behind a proxy every connection comes from it (TRUST_PROXY); listening on loopback, only from this machine.
      connectionsPerAddress: config.trustProxy === false && !isLoopback(config.host) ? CONNECTIONS_PER_ADDRESS : 0,
      leaving: () => lifecycle.leaving,
    }),
  }).withTypeProvider<ZodTypeProvider>();
  appLog.current = app.log;
  // What is still held is written once the last request has been answered, and every later line at once.
  if (output) app.addHook("onClose", async () => output.close());

  // What an admin's write changes reaches every instance's caches, this one's page cache included (ADR 0019).
  const changes = await openChangeSignals(config.database, database.db, app.log);
  app.addHook("onClose", () => changes.close());
  if (pages) changes.subscribe(() => pages.clear());
  // Refuses a key the database's secrets are not encrypted with before anything could be written with it (ADR 0081).
  const secrets = await openSecrets(database.db, config.secrets, clock().toISOString()).catch(async (error: unknown) => {
    await changes.close();
    throw error;
  });
  const services = createServices(database.db, clock, config, app.log, changes, secrets);

  // 1. Framework: schemas, cookies, errors, API description.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(fastifyCookie);
  registerErrorHandling(app);
  await registerRateLimits(app, services.limits);
  registerSecurityHeaders(app, { https: config.secureCookies });
  // Stores what a route sends before the ETag and compression plugins below see it, and after the security headers are set.
  if (pages) registerPageCache(app, pages);
  // ETags from the uncompressed body (weak: the bytes differ by encoding), then compression of pages and
  // JSON at a quick brotli level; built assets come precompressed at the highest one.
  await app.register(fastifyEtag, { weak: true });
  await app.register(fastifyCompress, {
    encodings: ["br", "gzip"],
    threshold: 1024,
    // Every page and answer at once, in the turn that sends it (the longest page, the full price list, is about
    // 70 KB): on 2 cores the plugin streams those over 8 KB through the thread pool, a round trip per chunk, each
    // waiting for a turn of the event loop, which is long on a busy instance (ADR 0125).
    syncThreshold: 256 * 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  registerNotFound(app);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "Pasal API", version: "1.0.0", description: "Catalogue, carousel, updates, videos and admin sign-in." },
      components: {
        securitySchemes: { session: { type: "apiKey", in: "cookie", name: "pasal_session" } },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
    // Admin pages, admin answers and answers to writes hold private data: never kept by a browser or a shared cache.
    if (isAdminPage(request.url) || isPrivateApiAnswer(request)) reply.header("cache-control", "no-store");
  });

  // 2. Who may do what: a target and Host a URL can be made of, which other sites may call (answering
  // their preflights before any check), then ours.
  registerRequestTargetCheck(app);
  await registerCors(app, config.corsOrigins);
  registerSameOriginCheck(app, config.publicUrl, config.corsOrigins);
  registerAuthGuard(app, services, config);

  if (beforeRoutes) await beforeRoutes(app);

  // 3. Routes.
  await app.register(healthRoutes, { database, lifecycle });
  await app.register(
    async (api) => {
      // The API speaks JSON only: a form or text/plain body is refused with 415.
      api.removeContentTypeParser("text/plain");
      registerTextInputCheck(api);
      declareConventionalFailures(api);
      const moduleOptions = { services, config, publicUrl: config.publicUrl, secureCookies: config.secureCookies };
      for (const routes of API_MODULES) await api.register(routes, moduleOptions);
      await api.register(instanceRoutes, { pages, renderGate });
      api.get("/openapi.json", { config: { public: true }, schema: { hide: true } }, () => app.swagger());
      // Unknown API paths get the API's JSON 404 (and its rate limit), not a rendered page.
      api.all("/*", { config: { public: true }, schema: { hide: true } }, (_request, reply) => reply.callNotFound());
    },
    { prefix: "/api" },
  );
  await app.register(trendingRoutes, { services });
  await app.register(mediaRoutes, { services, mediaDir: config.mediaDir });
  await app.register(billImageRoutes, { services, publicUrl: config.publicUrl });
  if (web)
    await registerWeb(
      app,
      web,
      { services, config: { publicUrl: config.publicUrl } },
      { https: config.secureCookies, formTargets: [new URL(config.gateways.esewaFormUrl).origin], gate: renderGate },
    );

  const worker = createNoticeWorker({
    bot: services.telegramBot,
    outbox: services.telegramOutbox,
    updates: services.telegramUpdates,
    database: config.database,
    telegram: config.telegram,
    notices: config.notices,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  // Before the database closes: the poll and the lock go first.
  app.addHook("onClose", () => worker.stop());
  const scheduler = createScheduler(database.db, clock, app.log, shopJobs(services, app.log));
  app.addHook("onReady", async () => scheduler.start());
  app.addHook("onClose", () => scheduler.stop());
  return Object.assign(app, { services, lifecycle, worker });
}

const PRIVATE_API_ROUTE = /^\/api\/(?:admin|auth)\//;

function isPrivateApiAnswer(request: FastifyRequest): boolean {
  if (!isApiRoute(request)) return false;
  return request.method !== "GET" && request.method !== "HEAD" ? true : PRIVATE_API_ROUTE.test(request.routeOptions.url!);
}
