import type { InjectOptions } from "fastify";
import type { AppLoadContext } from "react-router";
import { expect } from "vitest";
import { action as accountAction } from "../../app/routes/admin/account";
import { action as accountsAction } from "../../app/routes/admin/accounts";
import { action as blocklistAction } from "../../app/routes/admin/blocklist";
import { action as carouselAction } from "../../app/routes/admin/carousel";
import { action as couponsAction } from "../../app/routes/admin/coupons";
import { action as customerAction } from "../../app/routes/admin/customer";
import { action as ordersAction } from "../../app/routes/admin/orders";
import { action as pricesAction } from "../../app/routes/admin/prices";
import { action as problemsAction } from "../../app/routes/admin/problems";
import { action as renewalsAction } from "../../app/routes/admin/renewals";
import { action as settingsAction } from "../../app/routes/admin/settings";
import { action as updatesAction } from "../../app/routes/admin/updates";
import { action as videosAction } from "../../app/routes/admin/videos";
import type { TestApp } from "./app";

/** The admin screens whose action a case drives, by the path React Router serves them on. */
const SCREENS = {
  account: { path: "/admin/accounts/:id", action: accountAction },
  accounts: { path: "/admin/accounts", action: accountsAction },
  blocklist: { path: "/admin/blocklist", action: blocklistAction },
  carousel: { path: "/admin/carousel", action: carouselAction },
  coupons: { path: "/admin/coupons", action: couponsAction },
  customer: { path: "/admin/customers/:phone", action: customerAction },
  orders: { path: "/admin/orders", action: ordersAction },
  prices: { path: "/admin/prices", action: pricesAction },
  problems: { path: "/admin/problems", action: problemsAction },
  renewals: { path: "/admin/renewals", action: renewalsAction },
  settings: { path: "/admin/settings", action: settingsAction },
  updates: { path: "/admin/updates", action: updatesAction },
  videos: { path: "/admin/videos", action: videosAction },
} as const;

/**
 * One side of the comparison: an app on its own database, the admin's session, and what the cases learnt of it
 * (ids, references) under names the same on both sides, so a message naming an order reads alike on both.
 */
export interface Side {
  t: TestApp;
  cookie: string;
  known: Record<string, string>;
  api: (options: InjectOptions) => Promise<{ status: number; body: Record<string, unknown> }>;
  get: (url: string) => Promise<Record<string, unknown> & { [key: string]: unknown }>;
}

export async function sideOf(t: TestApp): Promise<Side> {
  const cookie = await t.adminCookie();
  const api = async (options: InjectOptions) => {
    const response = await t.app.inject({ ...options, headers: { ...options.headers, cookie } });
    return { status: response.statusCode, body: response.body ? (response.json() as Record<string, unknown>) : {} };
  };
  return {
    t,
    cookie,
    known: {},
    api,
    get: async (url) => {
      const { status, body } = await api({ method: "GET", url });
      expect(status, `GET ${url}: ${JSON.stringify(body)}`).toBe(200);
      return body;
    },
  };
}

/** The screen's action as React Router calls it: the signed-in admin, the JSON body useAdminAction sends. */
export async function screenWrite(side: Side, screen: keyof typeof SCREENS, params: Record<string, string>, body: unknown) {
  const admin = await side.t.app.services.auth.authenticate(side.cookie.split("=")[1]!);
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  const context = { services: side.t.app.services, log: quiet, admin, clientAddress: "203.0.113.9" } as unknown as AppLoadContext;
  const { path, action } = SCREENS[screen];
  const url = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name]!));
  const request = new Request(`http://localhost${url}.data`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const result = (await (action as (args: unknown) => Promise<unknown>)({ context, request, params })) as {
    data: { ok: boolean; message: string };
    init?: { status?: number };
  };
  return { status: result.init?.status ?? 200, ok: result.data.ok, message: result.data.message };
}

/** A message or stored state with what differs between two databases (ids, times, the names in `known`) named alike. */
export function alike(value: unknown, known: Record<string, string>): unknown {
  if (typeof value === "string") {
    let text = value;
    // Longest first, so a reference is not cut by a shorter one it contains.
    for (const [name, actual] of Object.entries(known).sort(([, a], [, b]) => b.length - a.length)) text = text.split(actual).join(`<${name}>`);
    return text
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<uuid>")
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "<time>");
  }
  if (Array.isArray(value)) return value.map((item) => alike(item, known));
  if (value && typeof value === "object") {
    const volatile = /^(_id|id|key|orderUrl|shopperPath|link|path|code|keySealed|lastLoginAt|createdAt|updatedAt|remindedAt|at)$/;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !volatile.test(key))
        .map(([key, item]) => [key, alike(item, known)]),
    );
  }
  return value;
}

/** The Id of the catalogue item named `name`. */
export async function itemId(side: Side, name: string): Promise<string> {
  const { allPrices } = (await side.get("/api/prices")) as { allPrices: Array<{ _id: string; Name: string }> };
  return allPrices.find((item) => item.Name === name)!._id;
}

let address = 1;
/** A shopper's order of one line of `item`, placed through checkout: learnt as `name` (its reference) on the side. */
export async function placeOrder(side: Side, name: string, item: string, phone: string) {
  const placed = await side.t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { items: [{ _id: await itemId(side, item), months: 1, devices: 1 }], channel: "whatsapp", name: "Sita", phone, language: "en" },
    remoteAddress: `198.51.100.${address++ & 255}`,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const { reference, orderUrl } = placed.json() as { reference: string; orderUrl: string };
  side.known[name] = reference;
  side.known[`${name}-key`] = new URL(orderUrl, "http://x").searchParams.get("key")!;
}

/**
 * One admin write, both ways: `api` is the Fastify route's request, `screen` the action's body on its screen.
 * `quiet`: the route's answer has no message (its schema has none), so only the stored effect is compared.
 * `read`: the stored effect, read back the same way on both sides. `learn`: what later cases need of it.
 */
export interface WriteCase {
  name: string;
  screen: keyof typeof SCREENS;
  params?: (side: Side) => Record<string, string>;
  api: (side: Side) => InjectOptions | Promise<InjectOptions>;
  form: (side: Side) => unknown;
  quiet?: boolean;
  before?: (side: Side) => Promise<void>;
  read?: (side: Side) => Promise<unknown>;
  learn?: (side: Side) => Promise<void>;
}
