import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { nepaliContent } from "../server/db/migrations/0013-nepali-content";
import { createTestApp, expectValidationError, type TestApp } from "./helpers/app";
import { createTestDatabase } from "./helpers/database";

// The seller's own words in Nepali beside the English (ADR 0093): optional, empty means none.

const steam = {
  Name: "Steam Gift Card",
  Id: "40",
  ImageId: "/images/catalogue/steam.svg",
  Category: "Games",
  Info: "Top up a Steam wallet",
  plans: { "1": 1000 },
  Note: "Region: global",
  Status: "Empty",
  SpecialLink: "/prices/Steam%20Gift%20Card",
};
const slide = { image: "/images/a.svg", title: "Steam cards", description: "Any amount, delivered in minutes" };
const update = { Title: "Steam cards are here", Description: "Buy Steam gift cards in NPR.", ImageUrl: "/images/u.svg" };

async function write(t: TestApp, method: "POST" | "PUT", url: string, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, payload, headers: { cookie: await t.adminCookie(), ...headers } });
}

describe("catalogue items in Nepali", () => {
  it("keeps the Nepali name, info and note an admin gives, trimmed, and answers null for none", async () => {
    const t = await createTestApp();
    const created = await write(t, "POST", "/api/prices", { ...steam, NameNe: "  स्टिम गिफ्ट कार्ड ", InfoNe: "स्टिम वालेट रिचार्ज", NoteNe: "" });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ Name: "Steam Gift Card", NameNe: "स्टिम गिफ्ट कार्ड", InfoNe: "स्टिम वालेट रिचार्ज", NoteNe: null });

    const plain = await write(t, "POST", "/api/prices", { ...steam, Id: "41", Name: "Netflix Premium" });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().data).toMatchObject({ NameNe: null, InfoNe: null, NoteNe: null });

    const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
    expect(allPrices.map((p: { Name: string; NameNe: string | null }) => [p.Name, p.NameNe])).toEqual([
      ["Steam Gift Card", "स्टिम गिफ्ट कार्ड"],
      ["Netflix Premium", null],
    ]);
  });

  it("clears a Nepali text sent empty or null, and keeps it when an edit leaves the field out (the spec's client)", async () => {
    const t = await createTestApp();
    const { _id, version } = (await write(t, "POST", "/api/prices", { ...steam, NameNe: "स्टिम गिफ्ट कार्ड", InfoNe: "जानकारी", NoteNe: "नोट" })).json()
      .data;

    // The spec's own client knows nothing of these fields: its save leaves them as they are.
    const original = await write(t, "PUT", `/api/prices/${_id}`, { ...steam, Info: "Top up any Steam wallet" });
    expect(original.statusCode, original.body).toBe(200);
    expect(original.json().data).toMatchObject({ Info: "Top up any Steam wallet", NameNe: "स्टिम गिफ्ट कार्ड", InfoNe: "जानकारी", NoteNe: "नोट" });

    const cleared = await write(
      t,
      "PUT",
      `/api/prices/${_id}`,
      { ...steam, NameNe: "   ", InfoNe: null, NoteNe: "नयाँ नोट" },
      { "if-match": `"${version + 1}"` },
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data).toMatchObject({ NameNe: null, InfoNe: null, NoteNe: "नयाँ नोट", version: version + 2 });

    // If-Match as for any edit: a save over a newer version is refused and changes nothing.
    const stale = await write(t, "PUT", `/api/prices/${_id}`, { ...steam, NameNe: "पुरानो" }, { "if-match": `"${version}"` });
    expect(stale.statusCode).toBe(409);
    expect((await t.app.inject({ method: "GET", url: "/api/prices" })).json().allPrices[0].NameNe).toBeNull();
  });

  it("refuses Nepali texts that are not text or are longer than the English may be, with 400", async () => {
    const t = await createTestApp();
    expectValidationError(await write(t, "POST", "/api/prices", { ...steam, NameNe: 42 }), "NameNe", "Name in Nepali must be text");
    expectValidationError(
      await write(t, "POST", "/api/prices", { ...steam, NameNe: "क".repeat(101) }),
      "NameNe",
      "Name in Nepali is too long (at most 100 characters)",
    );
    expectValidationError(await write(t, "POST", "/api/prices", { ...steam, InfoNe: "क".repeat(4001) }), "InfoNe", /at most 4000/);
    expectValidationError(await write(t, "POST", "/api/prices", { ...steam, NoteNe: ["नोट"] }), "NoteNe", /must be text/);
    expect((await t.app.inject({ method: "GET", url: "/api/prices" })).json().allPrices).toEqual([]);
  });

  it("is found by its Nepali name in GET /api/search, which answers both names", async () => {
    const t = await createTestApp();
    await write(t, "POST", "/api/prices", { ...steam, NameNe: "स्टिम गिफ्ट कार्ड" });
    await write(t, "POST", "/api/prices", { ...steam, Id: "2", Name: "Netflix Premium" });
    const search = async (q: string) => (await t.app.inject({ method: "GET", url: `/api/search?q=${encodeURIComponent(q)}` })).json();

    expect(await search("गिफ्ट")).toEqual({
      suggestions: [
        { Name: "Steam Gift Card", NameNe: "स्टिम गिफ्ट कार्ड", ImageId: steam.ImageId, category: "games", startingAt: { months: 1, price: 1000 } },
      ],
    });
    expect((await search("steam")).suggestions.map((s: { Name: string }) => s.Name)).toEqual(["Steam Gift Card"]);
    expect((await search("netf")).suggestions).toEqual([expect.objectContaining({ Name: "Netflix Premium", NameNe: null })]);
    expect(await search("नेटफ्लिक्स")).toEqual({ suggestions: [] });
  });
});

describe("an item's Nepali name on the way to an order", () => {
  it("comes with the price check, goes beside the English in a Nepali order's message, and with the order's lines", async () => {
    const t = await createTestApp();
    const named = (await write(t, "POST", "/api/prices", { ...steam, NameNe: "स्टिम गिफ्ट कार्ड" })).json().data;
    const plain = (await write(t, "POST", "/api/prices", { ...steam, Id: "2", Name: "Netflix Premium" })).json().data;
    const items = [
      { _id: named._id, months: 1, devices: 2 },
      { _id: plain._id, months: 1, devices: 1 },
    ];

    const quote = await t.app.inject({ method: "POST", url: "/api/orders/quote", payload: { items, language: "ne" } });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().lines).toEqual([
      { name: "Steam Gift Card", nameNe: "स्टिम गिफ्ट कार्ड", unitPrice: 1000 },
      { name: "Netflix Premium", nameNe: null, unitPrice: 1000 },
    ]);

    const nepali = await t.app.inject({ method: "POST", url: "/api/orders", payload: { items, channel: "whatsapp", language: "ne" } });
    expect(nepali.statusCode, nepali.body).toBe(201);
    expect(nepali.json().message.split("\n").slice(1, 3)).toEqual([
      "सामान: स्टिम गिफ्ट कार्ड (Steam Gift Card), संख्या: 2, मूल्य: 1,000 NPR, योजना: 1 महिना",
      "सामान: Netflix Premium, संख्या: 1, मूल्य: 1,000 NPR, योजना: 1 महिना",
    ]);
    // The English message, and the stored line the seller sees, keep the English name alone.
    const english = await t.app.inject({ method: "POST", url: "/api/orders", payload: { items, channel: "whatsapp" } });
    expect(english.json().message.split("\n")[1]).toBe("Item: Steam Gift Card, Quantity: 2, Price: 1,000 NPR, Plan: 1 month");
    expect(nepali.json().lines.map((line: { name: string }) => line.name)).toEqual(["Steam Gift Card", "Netflix Premium"]);

    const { reference } = nepali.json();
    const key = new URL(nepali.json().orderUrl, "http://shop.test").searchParams.get("key")!;
    const page = await t.app.inject({ method: "GET", url: `/api/orders/${reference}?key=${encodeURIComponent(key)}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().lines.map((line: { name: string; nameNe: string | null }) => [line.name, line.nameNe])).toEqual([
      ["Steam Gift Card", "स्टिम गिफ्ट कार्ड"],
      ["Netflix Premium", null],
    ]);
  });
});

describe("carousel slides in Nepali", () => {
  it("keep the Nepali title, description and CTA text, clear them when empty, keep them when left out", async () => {
    const t = await createTestApp();
    const created = await write(t, "POST", "/api/admin/carousel", { ...slide, titleNe: " स्टिम कार्ड ", descriptionNe: "", ctaTextNe: "किन्नुहोस्" });
    expect(created.statusCode, created.body).toBe(201);
    const { _id } = created.json();
    expect(created.json()).toMatchObject({ title: "Steam cards", titleNe: "स्टिम कार्ड", descriptionNe: null, ctaTextNe: "किन्नुहोस्" });

    const kept = await write(t, "PUT", `/api/admin/carousel/${_id}`, { ...slide, title: "Steam gift cards" });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ title: "Steam gift cards", titleNe: "स्टिम कार्ड", ctaTextNe: "किन्नुहोस्" });

    const cleared = await write(t, "PUT", `/api/admin/carousel/${_id}`, { ...slide, titleNe: "", descriptionNe: "कुनै पनि रकम", ctaTextNe: null });
    expect(cleared.json()).toMatchObject({ titleNe: null, descriptionNe: "कुनै पनि रकम", ctaTextNe: null });

    const [listed] = (await t.app.inject({ method: "GET", url: "/api/carousel" })).json();
    expect(listed).toMatchObject({ _id, titleNe: null, descriptionNe: "कुनै पनि रकम", ctaTextNe: null });
  });

  it("refuses Nepali texts longer than the English may be, with 400", async () => {
    const t = await createTestApp();
    expectValidationError(await write(t, "POST", "/api/admin/carousel", { ...slide, titleNe: "क".repeat(121) }), "titleNe", /at most 120/);
    expectValidationError(await write(t, "POST", "/api/admin/carousel", { ...slide, ctaTextNe: 5 }), "ctaTextNe", /must be text/);
  });
});

describe("update posts in Nepali", () => {
  it("keep the Nepali title and description, clear them when empty, keep them when left out", async () => {
    const t = await createTestApp();
    const created = await write(t, "POST", "/api/admin/addNewUpdates", { ...update, TitleNe: "स्टिम कार्ड आयो", DescriptionNe: "रुपैयाँमा किन्नुहोस्।" });
    expect(created.statusCode, created.body).toBe(201);
    const { _id } = created.json().data;
    expect(created.json().data).toMatchObject({ TitleNe: "स्टिम कार्ड आयो", DescriptionNe: "रुपैयाँमा किन्नुहोस्।" });

    const kept = await write(t, "PUT", `/api/admin/updates/${_id}`, update);
    expect(kept.json().data).toMatchObject({ TitleNe: "स्टिम कार्ड आयो", DescriptionNe: "रुपैयाँमा किन्नुहोस्।" });

    const cleared = await write(t, "PUT", `/api/admin/updates/${_id}`, { ...update, TitleNe: "", DescriptionNe: "  " });
    expect(cleared.json().data).toMatchObject({ TitleNe: null, DescriptionNe: null });

    const plain = await write(t, "POST", "/api/admin/addNewUpdates", update);
    expect(plain.json().data).toMatchObject({ TitleNe: null, DescriptionNe: null });
    const { data } = (await t.app.inject({ method: "GET", url: "/api/admin/update" })).json();
    expect(data).toHaveLength(2);
  });

  it("refuses a Nepali description longer than the English may be, with 400", async () => {
    const t = await createTestApp();
    expectValidationError(
      await write(t, "POST", "/api/admin/addNewUpdates", { ...update, DescriptionNe: "क".repeat(4001) }),
      "DescriptionNe",
      "Description in Nepali is too long (at most 4000 characters)",
    );
  });
});

describe("migration 0013", () => {
  it("adds the Nepali columns, empty on what was there, and takes them away again", async () => {
    const { database, drop } = await createTestDatabase({ fromScratch: true });
    try {
      const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      await nepaliContent.down!(db as unknown as Kysely<unknown>);
      const now = "2026-01-01T00:00:00.000Z";
      await db
        .insertInto("update_posts")
        .values({ id: "u1", title: "T", description: "D", image_url: "/u.svg", created_at: now, updated_at: now })
        .execute();
      await expect(db.selectFrom("update_posts").select("title_ne").execute()).rejects.toThrow();

      await nepaliContent.up(db as unknown as Kysely<unknown>);
      expect(await db.selectFrom("update_posts").select(["title_ne", "description_ne"]).execute()).toEqual([
        { title_ne: null, description_ne: null },
      ]);
      expect(await db.selectFrom("catalogue_items").select(["name_ne", "info_ne", "note_ne"]).execute()).toEqual([]);
      expect(await db.selectFrom("carousel_slides").select(["title_ne", "description_ne", "cta_text_ne"]).execute()).toEqual([]);
    } finally {
      await drop();
    }
  });
});
