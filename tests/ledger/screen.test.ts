import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { addDays, shopToday } from "../../domain/ledger/settings";
import { action, loader } from "../../app/routes/admin/orders";
import { createTestApp, type TestApp } from "../helpers/app";

async function admin(t: TestApp, method: "GET" | "POST" | "PUT", url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: { cookie: await t.adminCookie() } });
}

/** The orders screen's loader and action as React Router calls them, for the signed-in admin. */
async function screen(t: TestApp) {
  const signedIn = await t.app.services.auth.authenticate((await t.adminCookie()).split("=")[1]!);
  const log = { info: () => {}, warn: () => {}, error: () => {} };
  const context = { services: t.app.services, log, admin: signedIn, clientAddress: "203.0.113.9" } as unknown as AppLoadContext;
  return {
    async load(query = "") {
      const request = new Request(`http://localhost/admin/orders.data${query}`);
      return loader({ context, request, params: {} } as Parameters<typeof loader>[0]);
    },
    async act(body: unknown) {
      const request = new Request("http://localhost/admin/orders.data", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const result = (await action({ context, request, params: {} } as Parameters<typeof action>[0])) as {
        data: unknown;
        init?: { status?: number };
      };
      return {
        status: result.init?.status ?? 200,
        answer: result.data as { ok: boolean; message: string; detail?: { url: string; message: string } },
      };
    },
  };
}

describe("the orders screen's ledger", () => {
  it("comes with the screen's data, and its writes are the screen's intents", async () => {
    const t = await createTestApp({ seed: true });
    const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
    const netflix = allPrices.find((item: { Name: string }) => item.Name === "Netflix Premium")._id;
    const created = await admin(t, "POST", "/api/admin/accounts", {
      service: "Netflix Premium",
      itemIds: [netflix],
      login: "seller@example.com",
      password: "account-password-1",
      seats: [{ profileName: "Mum", pin: "1010" }, { profileName: "Dad" }],
      renewalDate: addDays(shopToday(new Date()), 60),
      cost: 1500,
      billingCycle: "monthly",
    });
    expect(created.statusCode, created.body).toBe(201);
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: { items: [{ _id: netflix, months: 1, devices: 1 }], channel: "whatsapp", name: "Asha", phone: "9801234567" },
      remoteAddress: "198.51.100.77",
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { reference } = placed.json();
    const s = await screen(t);

    // Not delivered yet: no ledger.
    expect((await s.load()).ledger).toEqual({});
    expect((await s.act({ intent: "status", reference, fields: { status: "delivered" } })).answer.ok).toBe(true);

    const lineId = Object.keys((await s.load()).ledger)[0]!;
    const proposed = (await s.load()).ledger[lineId]!;
    expect(proposed).toMatchObject({ held: null, proposal: { position: 1, profileName: "Mum" }, keys: 0, sells: { seats: true, keys: false } });
    expect(proposed.choices.map((seat) => seat.position)).toEqual([1, 2]);

    expect((await s.act({ intent: "seat", lineId, seatId: proposed.choices[1]!.seatId })).answer).toMatchObject({
      ok: true,
      message: "On Netflix Premium, seat 2",
    });
    const held = (await s.load()).ledger[lineId]!;
    expect(held).toMatchObject({ held: { position: 2 }, proposal: null });
    expect(held.choices.map((seat) => seat.position)).toEqual([1]);

    const sent = await s.act({ intent: "delivery", lineId, channel: "whatsapp" });
    expect(sent.answer).toMatchObject({ ok: true, message: "WhatsApp opened with the delivery message" });
    expect(sent.answer.detail!.url).toMatch(/^https:\/\/wa\.me\/9779801234567\?text=/);
    expect(sent.answer.detail!.message).toContain("Login: seller@example.com");

    expect((await s.act({ intent: "seat-free", lineId })).answer).toMatchObject({ ok: true, message: "Seat freed" });
    expect((await s.load()).ledger[lineId]).toMatchObject({ held: null, proposal: { position: 1 } });

    // Refusals are answers the screen shows, never a failure of the server.
    expect(await s.act({ intent: "key", lineId })).toMatchObject({ status: 409 });
    expect(await s.act({ intent: "seat", lineId: "nope", seatId: "nope" })).toMatchObject({ status: 404, answer: { ok: false } });
    expect(await s.act({ intent: "delivery", lineId, channel: "fax" })).toMatchObject({ status: 400, answer: { ok: false } });
  });
});
