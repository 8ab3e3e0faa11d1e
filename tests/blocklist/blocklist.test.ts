import { describe, expect, it } from "vitest";
import { createTestApp } from "../helpers/app";
import { NOW, checkout, admin, ids } from "../helpers/shop";

describe("the blocklist", () => {
  it("refuses a blocked phone's checkout in any form with the seller's contacts, and shows the attempt", async () => {
    const t = await createTestApp({ seed: true, clock: () => NOW });
    const { netflix } = await ids(t);
    const blocked = await admin(t, "POST", "/api/admin/blocklist", { phone: "+977 980-3333333", reason: "chargebacks" });
    expect(blocked.statusCode, blocked.body).toBe(201);
    expect((await admin(t, "POST", "/api/admin/blocklist", { phone: "9803333333" })).statusCode).toBe(409);
    const bad = await admin(t, "POST", "/api/admin/blocklist", { phone: "abc" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Phone: a number with at least 5 digits");

    const items = [{ _id: netflix, months: 1, devices: 1 }];
    const refused = await checkout(t, { items, channel: "telegram", phone: "009779803333333" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^Orders from this number cannot be placed online\. Please contact the shop directly: /);
    const nepali = await checkout(t, { items, channel: "whatsapp", phone: "9803333333", language: "ne" });
    expect(nepali.statusCode).toBe(403);
    expect(nepali.json().message).toMatch(/^यो नम्बरबाट अनलाइन अर्डर लिन सकिँदैन।/);
    expect((await admin(t, "GET", "/api/admin/orders")).json().items).toEqual([]);

    const list = (await admin(t, "GET", "/api/admin/blocklist")).json();
    expect(list.items).toEqual([{ phone: "+9779803333333", reason: "chargebacks", createdAt: NOW.toISOString(), attempts: 2 }]);
    expect(list.attempts).toHaveLength(2);
    expect(list.attempts[0]).toMatchObject({ phone: "+9779803333333", total: 300 });

    const removed = await admin(t, "DELETE", `/api/admin/blocklist/${encodeURIComponent("980 3333333")}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await admin(t, "DELETE", `/api/admin/blocklist/9803333333`)).statusCode).toBe(404);
    expect((await checkout(t, { items, channel: "whatsapp", phone: "9803333333" })).statusCode).toBe(201);
  });
});
