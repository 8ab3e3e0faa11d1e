import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TRENDING_ERROR } from "../../domain/trending/trending";
import { sampleTrending } from "../../domain/trending/trending-sample";
import { createTrendingService, TRENDING_CACHE_MS, TRENDING_RETRY_MS } from "../../server/modules/trending/service";
import { createTestApp } from "../helpers/app";

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  vi.restoreAllMocks();
});

/** A stand-in for the movie database on 127.0.0.1; `requests` lists the URLs it was asked for. */
async function fakeTmdb(handler: Handler) {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? "");
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/3`, requests };
}

const json =
  (body: unknown, status = 200): Handler =>
  (_req, res) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

function results(count: number) {
  return Array.from({ length: count }, (_, i) =>
    i % 2 === 0
      ? {
          id: 100 + i,
          media_type: "movie",
          title: `Movie ${i}`,
          poster_path: `/p${i}.jpg`,
          overview: `About ${i}`,
          release_date: "2025-05-0" + ((i % 9) + 1),
          vote_average: 7.25,
        }
      : { id: 100 + i, media_type: "tv", name: `Show ${i}`, poster_path: null, overview: "", first_air_date: "", vote_average: 8 },
  );
}

/** A clock the test moves by hand. */
function manualClock(start = Date.parse("2026-11-21T12:00:00Z")) {
  let now = start;
  return { clock: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe("trending", () => {
  it("keeps the first 12 movies and shows, mapped for the storefront", async () => {
    const tmdb = await fakeTmdb(json({ page: 1, results: [{ id: 1, media_type: "person", name: "An Actor" }, ...results(20)] }));
    const service = createTrendingService({ apiKey: "k3y", baseUrl: tmdb.baseUrl }, manualClock().clock);

    await service.refresh();
    const { items, error } = await service.list();

    expect(error).toBeNull();
    expect(tmdb.requests).toEqual(["/3/trending/all/week?api_key=k3y"]);
    expect(items).toHaveLength(12);
    expect(items[0]).toEqual({
      id: 100,
      title: "Movie 0",
      poster: "/trending-posters/p0.jpg",
      overview: "About 0",
      releaseDate: "2025-05-01",
      mediaType: "movie",
      rating: 7.25,
    });
    expect(items[1]).toEqual({ id: 101, title: "Show 1", poster: null, overview: "", releaseDate: null, mediaType: "tv", rating: 8 });
    expect(items.map((i) => i.id)).toEqual(results(12).map((r) => r.id));
  });

  it("holds the list for 6 hours, then refreshes it without making a page wait", async () => {
    const tmdb = await fakeTmdb(json({ results: results(3) }));
    const time = manualClock();
    const service = createTrendingService({ apiKey: "k", baseUrl: tmdb.baseUrl }, time.clock);

    await service.refresh();
    const first = await service.list();
    time.advance(TRENDING_CACHE_MS - 1);
    expect(await service.list()).toEqual(first);
    expect(tmdb.requests).toHaveLength(1);

    time.advance(1);
    expect((await service.list()).items).toEqual(first.items);
    await vi.waitFor(() => expect(tmdb.requests).toHaveLength(2));
  });

  it("answers the first page at once with the sample list, quietly, and the next with the fetched one", async () => {
    let answer: () => void = () => {};
    const tmdb = await fakeTmdb((req, res) => {
      answer = () => json({ results: results(3) })(req, res);
    });
    const service = createTrendingService({ apiKey: "k", baseUrl: tmdb.baseUrl }, manualClock().clock);

    // The movie database has not answered, and the page does not wait for it.
    expect(await service.list()).toEqual({ items: sampleTrending, error: null });
    await vi.waitFor(() => expect(tmdb.requests).toHaveLength(1));
    answer();
    await service.refresh();
    expect((await service.list()).items.map((i) => i.title)).toEqual(["Movie 0", "Show 1", "Movie 2"]);
  });

  it("shares one request between pages asking at the same time", async () => {
    const tmdb = await fakeTmdb(json({ results: results(3) }));
    const service = createTrendingService({ apiKey: "k", baseUrl: tmdb.baseUrl }, manualClock().clock);
    const answers = await Promise.all([service.list(), service.list(), service.refresh().then(() => service.list()), service.list()]);
    expect(answers[3]!.items).toBe(sampleTrending);
    expect(answers[2]!.items).toHaveLength(3);
    expect(tmdb.requests).toHaveLength(1);
  });

  it("serves the sample list with the error text once the database answered 500", async () => {
    const log = { warn: vi.fn() };
    const tmdb = await fakeTmdb(json({ status_message: "boom" }, 500));
    const service = createTrendingService({ apiKey: "k", baseUrl: tmdb.baseUrl }, manualClock().clock, { log });

    await service.refresh();
    expect(await service.list()).toEqual({ items: sampleTrending, error: TRENDING_ERROR });
    expect(log.warn).toHaveBeenCalledWith({ reason: "the movie database answered 500" }, "trending list unavailable");
  });

  it("gives up on a database that does not answer", async () => {
    const tmdb = await fakeTmdb(() => {
      // Never answers.
    });
    const service = createTrendingService({ apiKey: "k", baseUrl: tmdb.baseUrl }, manualClock().clock, { timeoutMs: 200 });

    const started = Date.now();
    const listing = service.list();
    // The request list() started, still out: nothing but the service's own time limit can end it.
    let gaveUp = false;
    void service.refresh().then(() => (gaveUp = true));
    expect(await listing).toEqual({ items: sampleTrending, error: null });
    expect(gaveUp, "list() waited for the movie database").toBe(false);
    await service.refresh();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await service.list()).toEqual({ items: sampleTrending, error: TRENDING_ERROR });
  });

  it("treats a malformed answer as a failure", async () => {
    const tmdb = await fakeTmdb((_req, res) => res.end("<html>not json</html>"));
    const service = createTrendingService({ apiKey: "k", baseUrl: tmdb.baseUrl }, manualClock().clock);
    await service.refresh();
    expect(await service.list()).toEqual({ items: sampleTrending, error: TRENDING_ERROR });
  });

  it("waits a while before trying a failed database again, then recovers", async () => {
    let up = false;
    const tmdb = await fakeTmdb((req, res) => (up ? json({ results: results(2) }) : json({}, 503))(req, res));
    const time = manualClock();
    const service = createTrendingService({ apiKey: "k", baseUrl: tmdb.baseUrl }, time.clock);

    await service.refresh();
    expect((await service.list()).error).toBe(TRENDING_ERROR);
    up = true;
    await service.refresh();
    expect((await service.list()).error).toBe(TRENDING_ERROR);
    expect(tmdb.requests).toHaveLength(1);

    time.advance(TRENDING_RETRY_MS);
    // The page that finds a retry due still gets the error and the sample list; the next one the new list.
    expect((await service.list()).error).toBe(TRENDING_ERROR);
    await service.refresh();
    const recovered = await service.list();
    expect(recovered.error).toBeNull();
    expect(recovered.items.map((i) => i.title)).toEqual(["Movie 0", "Show 1"]);
    expect(tmdb.requests).toHaveLength(2);
  });

  it("keeps serving the last good list when a refresh fails", async () => {
    let up = true;
    const tmdb = await fakeTmdb((req, res) => (up ? json({ results: results(2) }) : json({}, 500))(req, res));
    const time = manualClock();
    const service = createTrendingService({ apiKey: "k", baseUrl: tmdb.baseUrl }, time.clock);
    await service.refresh();
    const good = await service.list();

    up = false;
    time.advance(TRENDING_CACHE_MS);
    expect(await service.list()).toEqual(good);
    await vi.waitFor(() => expect(tmdb.requests).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await service.list()).toEqual(good);
    expect(tmdb.requests).toHaveLength(2);
  });

  it("quietly serves the sample list without a key, asking no one", async () => {
    const log = { warn: vi.fn() };
    const tmdb = await fakeTmdb(json({ results: results(20) }));
    const service = createTrendingService({ apiKey: undefined, baseUrl: tmdb.baseUrl }, manualClock().clock, { log });

    expect(await service.list()).toEqual({ items: sampleTrending, error: null });
    await service.refresh();
    expect(tmdb.requests).toEqual([]);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it("is wired into the app from the configuration", async () => {
    const tmdb = await fakeTmdb(json({ results: results(20) }));
    const t = await createTestApp({ env: { TMDB_API_KEY: "from-env", TMDB_BASE_URL: tmdb.baseUrl } });
    await t.app.services.trending.refresh();
    expect((await t.app.services.trending.list()).items[0]!.title).toBe("Movie 0");
    expect(tmdb.requests).toEqual(["/3/trending/all/week?api_key=from-env"]);
  });
});

describe("GET /api/whatToWatch, the original client's list", () => {
  it("answers the list the home page shows in the movie database's own shape, for anyone, kept an hour", async () => {
    const tmdb = await fakeTmdb(json({ results: results(20) }));
    const t = await createTestApp({ env: { TMDB_API_KEY: "from-env", TMDB_BASE_URL: tmdb.baseUrl } });
    await t.app.services.trending.refresh();
    const answer = await t.app.inject({ method: "GET", url: "/api/whatToWatch", headers: { origin: "https://client.example" } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers["cache-control"]).toBe("public, max-age=3600");
    const { results: titles } = answer.json();
    expect(titles).toHaveLength(12);
    // The poster's path on the database's image host, from which the client builds its own URL; a show's name and date.
    expect(titles[0]).toEqual({
      id: 100,
      media_type: "movie",
      title: "Movie 0",
      release_date: "2025-05-01",
      poster_path: "/p0.jpg",
      backdrop_path: null,
      overview: "About 0",
      vote_average: 7.25,
    });
    expect(titles[1]).toEqual({
      id: 101,
      media_type: "tv",
      name: "Show 1",
      first_air_date: null,
      poster_path: null,
      backdrop_path: null,
      overview: "",
      vote_average: 8,
    });
  });

  it("answers the sample list without a key, and 502 with the spec's error text once the database failed", async () => {
    const quiet = await createTestApp({});
    const sample = (await quiet.app.inject({ method: "GET", url: "/api/whatToWatch" })).json().results;
    expect(sample.map((title: { title?: string; name?: string }) => title.title ?? title.name)).toEqual(sampleTrending.map((item) => item.title));

    const tmdb = await fakeTmdb(json({ status_message: "Invalid API key" }, 401));
    const t = await createTestApp({ env: { TMDB_API_KEY: "wrong", TMDB_BASE_URL: tmdb.baseUrl } });
    await t.app.services.trending.refresh();
    const failed = await t.app.inject({ method: "GET", url: "/api/whatToWatch" });
    expect(failed.statusCode).toBe(502);
    expect(failed.headers["cache-control"]).toBe("no-store");
    expect(failed.json()).toEqual({ success: false, message: TRENDING_ERROR });
  });
});

describe("posters", () => {
  const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);

  it("reach the shopper through our server, fetched once, and only those of the list held", async () => {
    const tmdb = await fakeTmdb((req, res) => {
      if (req.url?.startsWith("/3/"))
        return json({ results: [...results(4), { id: 9, media_type: "movie", title: "Odd", poster_path: "/../secret.jpg" }] })(req, res);
      if (req.url === "/t/p/w342/p2.jpg") return res.writeHead(200, { "content-type": "image/jpeg" }).end(JPEG);
      if (req.url === "/t/p/w342/p0.jpg") return res.writeHead(200, { "content-type": "text/html" }).end("<script>");
      res.writeHead(404).end();
    });
    const t = await createTestApp({
      env: { TMDB_API_KEY: "k", TMDB_BASE_URL: tmdb.baseUrl, TMDB_IMAGE_BASE_URL: tmdb.baseUrl.replace("/3", "/t/p/w342") },
    });
    await t.app.services.trending.refresh();
    const { items } = await t.app.services.trending.list();
    expect(items.map((item) => item.poster)).toEqual(["/trending-posters/p0.jpg", null, "/trending-posters/p2.jpg", null, null]);

    for (let i = 0; i < 2; i++) {
      const poster = await t.app.inject({ method: "GET", url: "/trending-posters/p2.jpg" });
      expect(poster.statusCode).toBe(200);
      expect(poster.headers["content-type"]).toBe("image/jpeg");
      expect(poster.headers["x-content-type-options"]).toBe("nosniff");
      expect(poster.rawPayload.equals(JPEG)).toBe(true);
    }
    // Not a picture where one was promised; not on the list; not a plain file name.
    for (const url of ["/trending-posters/p0.jpg", "/trending-posters/p8.jpg", "/trending-posters/..%2Fsecret.jpg", "/trending-posters/secret.jpg"]) {
      const refused = await t.app.inject({ method: "GET", url });
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json().success).toBe(false);
    }
    expect(tmdb.requests.filter((url) => url.startsWith("/t/"))).toEqual(["/t/p/w342/p2.jpg", "/t/p/w342/p0.jpg"]);
  });
});

/** 64 MB of `type` without a Content-Length (its size shows only while reading), sent as fast as it is read. */
function endless(type: string) {
  let sent = 0;
  const handler: Handler = (_req, res) => {
    res.writeHead(200, { "content-type": type });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (sent < 64 * 1024 * 1024 && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
      res.end();
    };
    pump();
  };
  return { handler, sent: () => sent };
}

describe("the trending list, from a movie database that misbehaves", () => {
  it("is not taken from a redirect, nor read past 1 MB", async () => {
    const log = { warn: vi.fn() };
    const elsewhere = await fakeTmdb(json({ results: results(3) }));
    const redirecting = await fakeTmdb((_req, res) => res.writeHead(302, { location: `${elsewhere.baseUrl}/trending/all/week` }).end());
    const service = createTrendingService({ apiKey: "k", baseUrl: redirecting.baseUrl }, manualClock().clock);
    await service.refresh();
    expect(await service.list()).toEqual({ items: sampleTrending, error: TRENDING_ERROR });
    expect(elsewhere.requests).toEqual([]);

    const huge = endless("application/json");
    const tmdb = await fakeTmdb(huge.handler);
    const flooded = createTrendingService({ apiKey: "k", baseUrl: tmdb.baseUrl }, manualClock().clock, { log });
    await flooded.refresh();
    expect(await flooded.list()).toEqual({ items: sampleTrending, error: TRENDING_ERROR });
    expect(huge.sent()).toBeLessThan(16 * 1024 * 1024);
    expect(log.warn).toHaveBeenLastCalledWith({ reason: "the movie database sent more than 1 MB" }, "trending list unavailable");
  });
});

describe("the poster relay, facing a movie database that misbehaves", () => {
  const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);

  /** A service holding a list with poster p0.jpg, whose poster requests `poster` answers. */
  async function relayTo(poster: Handler, options: { timeoutMs?: number } = {}) {
    const tmdb = await fakeTmdb((req, res) => (req.url?.startsWith("/3/") ? json({ results: results(1) })(req, res) : poster(req, res)));
    const service = createTrendingService(
      { apiKey: "k", baseUrl: tmdb.baseUrl, imageBaseUrl: tmdb.baseUrl.replace("/3", "/t/p/w342") },
      manualClock().clock,
      options,
    );
    await service.refresh();
    expect((await service.list()).items[0]!.poster).toBe("/trending-posters/p0.jpg");
    return { service, tmdb };
  }

  it("follows no redirect, neither to another host nor within its own", async () => {
    const elsewhere = await fakeTmdb((_req, res) => res.writeHead(200, { "content-type": "image/jpeg" }).end(JPEG));
    const { service } = await relayTo((req, res) => {
      const to = req.url === "/t/p/w342/p0.jpg" ? elsewhere.baseUrl.replace("/3", "/inside.jpg") : "/t/p/w342/p0.jpg?again";
      res.writeHead(302, { location: to }).end();
    });
    expect(await service.poster("p0.jpg")).toBeNull();
    expect(elsewhere.requests).toEqual([]);

    const sameHost = await relayTo((req, res) =>
      req.url === "/t/p/w342/p0.jpg"
        ? res.writeHead(301, { location: "/t/p/w342/p0.jpg?again" }).end()
        : res.writeHead(200, { "content-type": "image/jpeg" }).end(JPEG),
    );
    expect(await sameHost.service.poster("p0.jpg")).toBeNull();
    expect(sameHost.tmdb.requests.filter((url) => url.startsWith("/t/"))).toEqual(["/t/p/w342/p0.jpg"]);
  });

  it("stops reading a poster past 2 MB, however it is sent", async () => {
    const huge = endless("image/jpeg");
    const { service } = await relayTo(huge.handler);
    expect(await service.poster("p0.jpg")).toBeNull();
    // What the sockets held on the way is the most beyond the limit that was sent.
    expect(huge.sent()).toBeLessThan(16 * 1024 * 1024);
  });

  it("gives up on a poster that stops arriving half way", async () => {
    const { service } = await relayTo(
      (_req, res) => {
        res.writeHead(200, { "content-type": "image/jpeg", "content-length": "100000" });
        res.write(JPEG.subarray(0, 4));
      },
      // Room for the list's own request on a busy machine: the time limit serves every request.
      { timeoutMs: 1000 },
    );
    const started = Date.now();
    expect(await service.poster("p0.jpg")).toBeNull();
    // Given up at the limit, not at the test's minute.
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it.each(["text/html", "image/svg+xml", "application/octet-stream", "image/jpeg; charset=x"])("refuses a poster sent as %s", async (type) => {
    const { service } = await relayTo((_req, res) => res.writeHead(200, { "content-type": type }).end(JPEG));
    expect(await service.poster("p0.jpg")).toBeNull();
  });
});

describe("sample list", () => {
  it("has 12 distinct titles without third-party images", () => {
    expect(sampleTrending).toHaveLength(12);
    expect(new Set(sampleTrending.map((i) => i.id)).size).toBe(12);
    for (const item of sampleTrending) expect(item.poster === null || item.poster.startsWith("/images/")).toBe(true);
  });
});
