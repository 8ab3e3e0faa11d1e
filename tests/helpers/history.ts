import { expect } from "vitest";
import type { TestApp } from "./app";

/**
 * A known shop history for the customers and money reports, written through the API with the
 * clock moved to each moment. Shop time is Nepal's (UTC+5:45). "Today" is 10 March 2026.
 *
 * - Sita (9800000001): Netflix 1 month, 300, paid and delivered 10 January (ends 10 February); renewed on
 *   5 February (300, delivered and started that day, ends 5 March); Spotify 1 month, 300, on 3 March as "9779800000001",
 *   with a key that cost 120 (ends 3 April).
 * - Ram ("+977 981-0000002"): YouTube 1 month × 2 = 500, paid 31 January 19:00 UTC, which is 1 February in
 *   Nepal; delivered 1 February (ends 1 March).
 * - Hari (9800000003): Spotify 300, paid 20 February, cancelled the next day: no revenue, no refund.
 * - An order without a phone: Netflix 300, delivered 2 March without being marked paid.
 * - Gita (9800000004): Netflix 300, placed 9 March, says she paid, not marked yet.
 * - A Netflix provider account costing 1000 a month, added 16 January, paid up to 16 February.
 *
 * Hand-checked: January revenue 300, cost 1000 × 16/31 = 516, margin −216; February revenue 800, cost
 * 1000 × 15/31 = 484, margin 316; March revenue 600, cost 120 (the key), margin 480.
 */
export const HISTORY_NOW = new Date("2026-03-10T06:00:00.000Z");

export type History = { sita: string; ram: string; hari: string; gita: string; sitaRenewal: string; gitaKey: string };

let nextAddress = 1;

export async function itemIdOf(t: TestApp, name: string): Promise<string> {
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  return allPrices.find((item: { Name: string }) => item.Name === name)._id;
}

export async function asAdmin(
  t: TestApp,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return t.app.inject({ method, url, payload, headers: { cookie: await t.adminCookie(), ...headers } });
}

/** Runs the history on an app whose clock reads `clock.now`; leaves the clock at HISTORY_NOW. */
export async function writeHistory(t: TestApp, clock: { now: Date }): Promise<History> {
  const at = (iso: string) => (clock.now = new Date(iso));
  const netflix = await itemIdOf(t, "Netflix Premium");
  const spotify = await itemIdOf(t, "Spotify Premium");
  const youtube = await itemIdOf(t, "YouTube Premium");
  await t.adminCookie();

  const place = async (item: string, devices: number, extra: object) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: { items: [{ _id: item, months: 1, devices }], channel: "whatsapp", ...extra },
      remoteAddress: `198.51.100.${nextAddress++ % 250}`,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { reference: string; orderUrl: string };
  };
  const move = async (reference: string, status: string) => {
    const response = await asAdmin(t, "POST", `/api/admin/orders/${reference}/status`, { status });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().order as { lines: Array<{ id: string }> };
  };

  at("2026-01-10T06:00:00.000Z");
  const sita = (await place(netflix, 1, { name: "Sita", phone: "9800000001" })).reference;
  at("2026-01-10T07:00:00.000Z");
  await move(sita, "paid");
  at("2026-01-10T08:00:00.000Z");
  const sitaLine = (await move(sita, "delivered")).lines[0]!.id;

  at("2026-01-16T06:00:00.000Z");
  const account = await asAdmin(t, "POST", "/api/admin/accounts", {
    service: "Netflix",
    itemIds: [netflix],
    login: "seller@example.com",
    password: "account-password-1",
    seats: [{ profileName: "Sita" }, { profileName: "Free" }],
    renewalDate: "2026-02-16",
    cost: 1000,
    billingCycle: "monthly",
  });
  expect(account.statusCode, account.body).toBe(201);

  at("2026-01-31T19:00:00.000Z");
  const ram = (await place(youtube, 2, { name: "Ram", phone: "+977 981-0000002" })).reference;
  await move(ram, "paid");
  at("2026-02-01T06:00:00.000Z");
  await move(ram, "delivered");

  at("2026-02-05T06:00:00.000Z");
  const renewal = await asAdmin(t, "POST", `/api/admin/renewals/${sitaLine}`);
  expect(renewal.statusCode, renewal.body).toBe(201);
  const sitaRenewal = renewal.json().order.reference as string;
  await move(sitaRenewal, "paid");
  const renewed = (await move(sitaRenewal, "delivered")).lines[0]!.id;
  // Delivered, a renewal starts where the old line ends (10 February); the seller started this one that day.
  const started = await asAdmin(t, "PUT", `/api/admin/orders/${sitaRenewal}/lines/${renewed}/start`, { startDate: "2026-02-05" });
  expect(started.statusCode, started.body).toBe(200);

  at("2026-02-20T06:00:00.000Z");
  const hari = (await place(spotify, 1, { name: "Hari", phone: "9800000003" })).reference;
  await move(hari, "paid");
  at("2026-02-21T06:00:00.000Z");
  await move(hari, "cancelled");

  at("2026-03-02T06:00:00.000Z");
  const anonymous = (await place(netflix, 1, {})).reference;
  await move(anonymous, "delivered");

  at("2026-03-03T06:00:00.000Z");
  await t.app.services.licenceKeys.import(spotify, "SPOT-KEY-0001", 120);
  const sitaAgain = (await place(spotify, 1, { name: "Sita", phone: "9779800000001" })).reference;
  const spotifyLine = (await move(sitaAgain, "delivered")).lines[0]!.id;
  const key = await asAdmin(t, "POST", `/api/admin/lines/${spotifyLine}/key`);
  expect(key.statusCode, key.body).toBe(201);

  at("2026-03-09T06:00:00.000Z");
  const gita = await place(netflix, 1, { name: "Gita", phone: "9800000004" });
  const gitaKey = new URL(gita.orderUrl, "http://localhost").searchParams.get("key")!;
  const claim = await t.app.inject({
    method: "POST",
    url: `/api/orders/${gita.reference}/paid`,
    payload: { key: gitaKey },
    remoteAddress: "198.51.100.251",
  });
  expect(claim.statusCode, claim.body).toBe(200);

  clock.now = HISTORY_NOW;
  return { sita, ram, hari, gita: gita.reference, sitaRenewal, gitaKey };
}
