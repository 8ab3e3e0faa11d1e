import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("talks to the gateways' live hosts in production and their test hosts in development, each replaceable", () => {
    expect(loadConfig({}).gateways).toMatchObject({
      khaltiBaseUrl: "https://khalti.com/api/v2",
      fonepayBaseUrl: "https://merchantapi.fonepay.com/api",
    });
    expect(loadConfig({ NODE_ENV: "development" }).gateways).toMatchObject({
      khaltiBaseUrl: "https://dev.khalti.com/api/v2",
      esewaFormUrl: "https://rc-epay.esewa.com.np/api/epay/main/v2/form",
      esewaStatusUrl: "https://rc.esewa.com.np/api/epay/transaction/status/",
      timeoutMs: 10000,
    });
    expect(loadConfig({ KHALTI_BASE_URL: "http://127.0.0.1:9/khalti/api/v2/" }).gateways.khaltiBaseUrl).toBe("http://127.0.0.1:9/khalti/api/v2");
    expect(() => loadConfig({ GATEWAY_TIMEOUT_MS: "5" })).toThrow(/GATEWAY_TIMEOUT_MS/);
  });

  it("has working defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      database: { kind: "sqlite", path: "./data/pasal.db" },
      secureCookies: false,
      pageCacheBytes: 32 * 1024 * 1024,
      logLevel: "info",
    });
  });

  it.each(["postgres://u@h/db", "postgresql://u@h/db"])("selects PostgreSQL for %s", (url) => {
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ kind: "postgres", url, poolMax: 10 });
  });

  it("reads DATABASE_POOL_MAX for PostgreSQL", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://u@h/db", DATABASE_POOL_MAX: "25" }).database).toEqual({
      kind: "postgres",
      url: "postgres://u@h/db",
      poolMax: 25,
    });
  });

  it.each(["0", "-3", "2.5", "ten", "1001"])("refuses DATABASE_POOL_MAX=%s with a line that says what it takes", (value) => {
    expect(() => loadConfig({ DATABASE_URL: "postgres://u@h/db", DATABASE_POOL_MAX: value })).toThrow(
      "DATABASE_POOL_MAX: must be a whole number of connections from 1 to 1000",
    );
  });

  it("turns on Secure cookies for an https PUBLIC_URL", () => {
    const config = loadConfig({ PUBLIC_URL: "https://shop.example.com/" });
    expect(config.publicUrl).toBe("https://shop.example.com");
    expect(config.secureCookies).toBe(true);
  });

  it("reads CORS_ORIGINS as a list of origins", () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: " https://shop.example.com/, http://localhost:5173 ,https://shop.example.com" }).corsOrigins).toEqual([
      "https://shop.example.com",
      "http://localhost:5173",
    ]);
  });

  it.each(["*", "shop.example.com", "https://shop.example.com/admin", "ftp://shop.example.com", "https://shop.example.com?x=1"])(
    "refuses %s in CORS_ORIGINS with a line that names it",
    (entry) => {
      expect(() => loadConfig({ CORS_ORIGINS: `https://ok.example.com,${entry}` })).toThrow(
        new RegExp(`CORS_ORIGINS: "${entry.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}" is not an origin`),
      );
    },
  );

  it("reports every bad value, one line each", () => {
    try {
      loadConfig({ PORT: "eighty", PUBLIC_URL: "shop", LOG_LEVEL: "loud", ADMIN_PASSWORD: "short", PAGE_CACHE_MB: "lots" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(5);
      expect(problems.map((p) => p.split(":")[0]).sort()).toEqual(["ADMIN_PASSWORD", "LOG_LEVEL", "PAGE_CACHE_MB", "PORT", "PUBLIC_URL"]);
    }
  });

  it("turns the page cache off with PAGE_CACHE_MB=0", () => {
    expect(loadConfig({ PAGE_CACHE_MB: "0" }).pageCacheBytes).toBe(0);
  });

  it("reads TRUST_PROXY as off, on, a hop count or addresses", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "127.0.0.1,10.0.0.0/8" }).trustProxy).toBe("127.0.0.1,10.0.0.0/8");
  });
});
