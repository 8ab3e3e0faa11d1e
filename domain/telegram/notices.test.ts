import { describe, expect, it } from "vitest";
import {
  callbackData,
  digestMessage,
  heldUntil,
  inQuietHours,
  nextClockTime,
  type NoticeEvent,
  noticeMessage,
  noticeTitle,
  readCallbackData,
  shopClock,
} from "./notices";
import { chatPrefsInputSchema } from "./schemas";
import { SHOP_TIME_ZONE } from "../shared/shop-time";

const order: NoticeEvent = {
  kind: "order-placed",
  reference: "PSL-ABCDE",
  lines: [{ name: "Netflix <Premium>", months: 3, devices: 2, lineTotal: 1800 }],
  total: 1800,
  channel: "telegram",
  customerName: 'Sita "&" Co',
  phone: null,
  renews: null,
};

describe("the shop's clock", () => {
  it("is Nepal's, whose offset Intl agrees with", () => {
    const at = new Date("2026-11-20T17:15:00Z");
    const nepal = new Intl.DateTimeFormat("en-GB", { timeZone: SHOP_TIME_ZONE, hour: "2-digit", minute: "2-digit" }).format(at);
    expect(shopClock(at)).toBe(nepal);
    expect(shopClock(at)).toBe("23:00");
  });

  it("finds the next time of day, today or tomorrow", () => {
    const at = new Date("2026-11-20T17:15:00Z"); // 23:00 in Nepal
    expect(nextClockTime(at, "23:30").toISOString()).toBe("2026-11-20T17:45:00.000Z");
    expect(nextClockTime(at, "07:00").toISOString()).toBe("2026-11-21T01:15:00.000Z");
    expect(nextClockTime(at, "23:00").toISOString()).toBe("2026-11-21T17:15:00.000Z");
  });

  it("holds during quiet hours over midnight until they end, and everything for the digest", () => {
    const late = new Date("2026-11-20T17:15:00Z"); // 23:00
    const noon = new Date("2026-11-20T06:15:00Z"); // 12:00
    expect(inQuietHours(late, "22:00", "07:00")).toBe(true);
    expect(inQuietHours(noon, "22:00", "07:00")).toBe(false);
    expect(inQuietHours(noon, "12:00", "13:00")).toBe(true);
    const quiet = { quietStart: "22:00", quietEnd: "07:00", digestAt: null };
    expect(heldUntil(late, quiet)).toEqual({ until: new Date("2026-11-21T01:15:00Z"), reason: "quiet" });
    expect(heldUntil(noon, quiet)).toBeNull();
    expect(heldUntil(noon, { ...quiet, digestAt: "08:00" })).toEqual({ until: new Date("2026-11-21T02:15:00Z"), reason: "digest" });
  });
});

describe("the notices' words", () => {
  it("escape every fact for Telegram's HTML and link to the admin", () => {
    const text = noticeMessage(order, "en", "https://shop.example/admin/orders?q=PSL-ABCDE&x=1");
    expect(text).toContain("• Netflix &lt;Premium&gt; · 3 months · 2 devices · NPR 1,800");
    expect(text).toContain("Customer: Sita &quot;&amp;&quot; Co");
    expect(text).toContain('<a href="https://shop.example/admin/orders?q=PSL-ABCDE&amp;x=1">Open in the admin</a>');
    expect(noticeMessage(order, "en", null)).toContain("Open in the admin: /admin/orders?q=PSL-ABCDE");
  });

  it("speak Nepali with the seller's digits, and say who pressed what", () => {
    const text = noticeMessage(order, "ne", null, [{ action: "paid", adminName: "Ram", at: "2026-11-20T06:15:00Z" }]);
    expect(text).toContain("<b>नयाँ अर्डर PSL-ABCDE</b>");
    expect(text).toContain("3 महिना · 2 डिभाइस · रु. 1,800");
    expect(text).toMatch(/✓ Ram ले भुक्तानी भएको चिन्ह लगाउनुभयो \(12:00\)$/);
  });

  it("name the gateway that proved a payment once", () => {
    const verified: NoticeEvent = { kind: "payment-verified", reference: "PSL-ABCDE", gateway: "khalti", amount: 1800, transactionId: "T1" };
    expect(noticeTitle(verified, "en")).toBe("Paid with Khalti, confirmed by it: PSL-ABCDE");
    expect(noticeTitle(verified, "ne")).toBe("Khalti बाट भुक्तानी भयो र पुष्टि भयो: PSL-ABCDE");
  });

  it("say a renewal was renewed and paid, and which line it renews (issue 46)", () => {
    const renewed: NoticeEvent = {
      kind: "payment-verified",
      reference: "PSL-FGHJK",
      gateway: "esewa",
      amount: 800,
      transactionId: null,
      renews: "PSL-ABCDE (Netflix)",
    };
    expect(noticeTitle(renewed, "en")).toBe("Renewed and paid with eSewa, confirmed by it: PSL-FGHJK");
    expect(noticeTitle(renewed, "ne")).toBe("eSewa बाट नवीकरण गरी तिरियो र पुष्टि भयो: PSL-FGHJK");
    expect(noticeMessage(renewed, "en", null)).toContain("Renews: PSL-ABCDE (Netflix)");
  });

  it("list at most 40 notices in a digest and count the rest", () => {
    const items = Array.from({ length: 45 }, () => ({ event: order, adminUrl: null }));
    const text = digestMessage(items, "en", "digest");
    expect(text.split("\n")).toHaveLength(1 + 40 + 1);
    expect(text).toMatch(/…and 5 more: see the admin\.$/);
    expect(text.length).toBeLessThan(4096);
  });
});

describe("the buttons' data and the chat settings", () => {
  it("carry the action and the notice's id only, within Telegram's 64 bytes", () => {
    const data = callbackData("deliver", "AbCdEfGhIjKlMnOp");
    expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
    expect(readCallbackData(data)).toEqual({ action: "deliver", noticeId: "AbCdEfGhIjKlMnOp" });
    expect(readCallbackData("delete:AbCdEfGhIjKlMnOp")).toBeNull();
    expect(readCallbackData("paid:../x")).toBeNull();
  });

  it("take quiet hours with both ends, different, and times written HH:MM", () => {
    const ok = { language: "en", quietStart: "22:00", quietEnd: "07:00", digestAt: null };
    expect(chatPrefsInputSchema.safeParse(ok).success).toBe(true);
    expect(chatPrefsInputSchema.safeParse({ ...ok, quietEnd: "22:00" }).success).toBe(false);
    expect(chatPrefsInputSchema.safeParse({ ...ok, quietEnd: null }).success).toBe(false);
    expect(chatPrefsInputSchema.safeParse({ ...ok, digestAt: "8am" }).success).toBe(false);
  });
});
