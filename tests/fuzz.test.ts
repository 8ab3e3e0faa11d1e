import naughtyStrings from "big-list-of-naughty-strings";
import fc from "fast-check";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createTestApp } from "./helpers/app";
import { testDialect } from "./helpers/database";

// 10,000 requests a run on SQLite; PostgreSQL runs the same properties on fewer, as its suite repeats them.
const RUNS = Number(process.env.FUZZ_RUNS ?? (testDialect === "sqlite" ? 10_000 : 2_000));
const UNKNOWN_FIELD = "fuzzUnknownField";

type Route = { method: string; url: string; fields: string[] };

/** Traces a response must never carry: stack frames, file paths, database errors. */
const LEAKS = [
  /\bat [^\s]+ \(/,
  /node_modules/,
  /\/(?:work|home|root|tmp)\//,
  /\.(?:ts|js):\d+/,
  /SQLITE_/,
  /syntax error/i,
  /relation "/,
  /violates/,
];

const naughty = fc.constantFrom(...(naughtyStrings as string[]));
// "binary" units include control characters (NUL among them), which PostgreSQL refuses in text.
const text = fc.oneof(
  naughty,
  fc.string({ maxLength: 80 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constantFrom("", " ", "0", "-1", "1e309", "null", "PSL-22222", "a\u0000b"),
);
const scalar = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(0, -1, 1, 3, 12, 2 ** 53, Number.MAX_SAFE_INTEGER),
);
const value = fc.oneof(
  { weight: 5, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(text, scalar, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.array(fc.record({ _id: text, months: scalar, devices: scalar }, { requiredKeys: [] }), { maxLength: 4 }) },
);

/** Every string inside a JSON value, keys included, as it was written. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, v]) => [key, ...strings(v)]);
  return [];
}

const parseOr = (body: string): unknown => {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
};

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

function bodyFor(fields: string[]) {
  const known = fields.length
    ? fc.subarray(fields).chain((keys) => fc.tuple(...keys.map((key) => value.map((v) => [key, v] as const))))
    : fc.constant([]);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(known, fc.boolean())
        .map(([pairs, extra]) => ({ ...Object.fromEntries(pairs), ...(extra ? { [UNKNOWN_FIELD]: "x" } : {}) })),
    },
    { weight: 1, arbitrary: value },
  );
}

describe("fuzzing every route", () => {
  it(`answers ${RUNS} generated requests without a server error or a leak, and stores no unknown field`, { timeout: 600_000 }, async () => {
    const t = await createTestApp({ seed: true });
    const cookie = await t.adminCookie();
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }>>;
    };
    const routes: Route[] = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        method: method.toUpperCase(),
        url: path.replace(/^\/api/, "/api"),
        fields: Object.keys(operation.requestBody?.content?.["application/json"]?.schema?.properties ?? {}),
      })),
    );
    expect(routes.length).toBeGreaterThanOrEqual(35);

    const histogram = new Map<number, number>();
    const request = fc.constantFrom(...routes).chain((route) =>
      fc.record({
        route: fc.constant(route),
        params: fc.array(text, { minLength: 3, maxLength: 3 }),
        query: fc.dictionary(fc.constantFrom("status", "q", "limit", "days", "x", "__proto__"), text, { maxKeys: 3 }),
        body: bodyFor(route.fields),
      }),
    );

    await fc.assert(
      fc.asyncProperty(request, async ({ route, params, query, body }) => {
        let i = 0;
        const path = route.url.replace(/\{[^}]+\}/g, () => encodeURIComponent(params[i++] || "x"));
        const search = new URLSearchParams(query as Record<string, string>).toString();
        // Signing out would end the session every later request relies on: that route is fuzzed without it.
        const session = route.url === "/api/auth/logout" || route.url === "/api/admin/logout" ? {} : { cookie };
        const response = await t.app.inject({
          method: route.method as "GET",
          url: search ? `${path}?${search}` : path,
          headers: session,
          ...(route.method === "GET" || route.method === "DELETE"
            ? {}
            : { payload: JSON.stringify(body), headers: { ...session, "content-type": "application/json" } }),
        });
        histogram.set(response.statusCode, (histogram.get(response.statusCode) ?? 0) + 1);
        expect(response.statusCode, `${route.method} ${path} ${JSON.stringify(body)} → ${response.body}`).toBeLessThan(500);
        // An answer may quote what was sent ("No order PSL-…"); a trace that was not sent is a leak.
        const sent = [path, safeDecode(path), ...params, ...strings(query), ...strings(body)].join("\n");
        const answer = strings(parseOr(response.body)).join("\n");
        for (const leak of LEAKS) {
          const found = leak.exec(answer)?.[0];
          if (found && !sent.includes(found)) expect.fail(`${route.method} ${path} leaked "${found}": ${response.body}`);
        }
      }),
      { numRuns: RUNS },
    );

    // No request stored a field the API does not know.
    const tables = (await t.database.db.introspection.getTables()).map((table) => table.name);
    const schema =
      t.database.dialect === "postgres" ? (await sql<{ s: string }>`select current_schema() as s`.execute(t.database.db)).rows[0]!.s : null;
    for (const table of (await t.database.db.introspection.getTables()).filter((tb) => schema === null || tb.schema === schema)) {
      const rows = await t.database.db
        .selectFrom(table.name as "settings")
        .selectAll()
        .execute();
      expect(JSON.stringify(rows), table.name).not.toContain(UNKNOWN_FIELD);
    }
    expect(tables.length).toBeGreaterThan(0);
    const counts = [...histogram.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
    console.info(`fuzz: ${RUNS} requests over ${routes.length} routes (${testDialect}); statuses ${counts.join(", ")}; responses ≥ 500: 0`);
  });

  it("refuses prototype-pollution payloads and leaves Object.prototype alone", async () => {
    const t = await createTestApp({ seed: true });
    const cookie = await t.adminCookie();
    const payloads = [
      '{"__proto__":{"polluted":true},"Name":"x"}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '{"items":[{"__proto__":{"polluted":true},"_id":"x","months":1,"devices":1}],"channel":"whatsapp"}',
    ];
    for (const url of ["/api/prices", "/api/orders", "/api/admin/carousel", "/api/newsletter", "/api/auth/login"]) {
      for (const payload of payloads) {
        const response = await t.app.inject({
          method: "POST",
          url,
          payload,
          headers: { cookie, "content-type": "application/json" },
          remoteAddress: `198.51.100.${payloads.indexOf(payload)}`,
        });
        expect(response.statusCode, `${url} ${payload}`).toBe(400);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
