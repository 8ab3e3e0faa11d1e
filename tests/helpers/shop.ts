import { expect } from "vitest";
import type { TestApp } from "./app";

/**
 * What the tests of coupons, referrals, the blocklist and the money reports share: a morning of the shop's clock,
 * a checkout from a fresh address each time, the admin's calls, and the seeded items they order.
 */

// 06:00 UTC is 11:45 in Kathmandu: the shop's today is 22 November.
export const NOW = new Date("2026-11-22T06:00:00.000Z");

let nextAddress = 1;
/** A fresh documentation address each call, so no per-address limit is met. */
export const address = () => `203.0.113.${nextAddress++ % 250}`;

export const checkout = (t: TestApp, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/orders", payload, remoteAddress: address(), headers });

export async function admin(t: TestApp, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: { cookie: await t.adminCookie() } });
}

/** The seeded Netflix Premium's and Spotify Premium's ids. */
export async function ids(t: TestApp): Promise<{ netflix: string; spotify: string }> {
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  const find = (name: string) => allPrices.find((item: { Name: string }) => item.Name === name)._id as string;
  return { netflix: find("Netflix Premium"), spotify: find("Spotify Premium") };
}

export async function addCoupon(t: TestApp, coupon: object) {
  const response = await admin(t, "POST", "/api/admin/coupons", coupon);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().item as { _id: string; code: string; version: number };
}
