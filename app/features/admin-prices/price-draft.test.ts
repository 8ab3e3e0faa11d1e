import { describe, expect, it } from "vitest";
import type { CatalogueItem } from "../../../domain/catalogue/catalogue";
import { monthsLabel } from "../../../domain/orders/checkout";
import { addPlan, draftFromItem, draftToPayload, emptyDraft, matchesSearch } from "./price-draft";

const item: CatalogueItem = {
  _id: "abc",
  Id: "7",
  Name: "Netflix Premium",
  Info: "info",
  ImageId: "/images/netflix.svg",
  category: "ott",
  status: "none",
  plans: { "12": 3200, "1": 300, "3": 880 },
  Note: "",
  version: 1,
  SpecialLink: "https://example.com",
  NameNe: null,
  InfoNe: null,
  NoteNe: null,
  AutoDeliver: true,
  WarrantyDays: 30,
  Hidden: false,
};

describe("addPlan", () => {
  it("adds a row only when both months and price are filled in", () => {
    expect(addPlan([], { months: "1", price: "" })).toBeNull();
    expect(addPlan([], { months: " ", price: "500" })).toBeNull();
    expect(addPlan([], { months: "1", price: "500" })).toEqual([{ months: "1", price: "500" }]);
  });

  it("keeps rows sorted by months and replaces a row for the same months", () => {
    const plans = addPlan(
      [
        { months: "1", price: "500" },
        { months: "12", price: "4000" },
      ],
      { months: "03", price: "1400" },
    )!;
    expect(plans.map((p) => p.months)).toEqual(["1", "3", "12"]);
    expect(addPlan(plans, { months: "3", price: "1300" })).toEqual([
      { months: "1", price: "500" },
      { months: "3", price: "1300" },
      { months: "12", price: "4000" },
    ]);
  });
});

describe("drafts", () => {
  it("prefills from an item with plans shortest first, and turns back into the API payload", () => {
    const draft = draftFromItem(item);
    expect(draft.plans.map((p) => p.months)).toEqual(["1", "3", "12"]);
    expect(draft.Category).toBe("ott");
    expect(draftToPayload(draft)).toEqual({
      Name: "Netflix Premium",
      Id: "7",
      ImageId: "/images/netflix.svg",
      Category: "ott",
      Info: "info",
      plans: { "1": "300", "3": "880", "12": "3200" },
      Note: "",
      Status: "none",
      SpecialLink: "https://example.com",
      NameNe: "",
      InfoNe: "",
      NoteNe: "",
      AutoDeliver: true,
      WarrantyDays: "30",
    });
    expect(draftToPayload(emptyDraft)).toMatchObject({ plans: {}, AutoDeliver: false, WarrantyDays: "" });
  });

  it("carries the Nepali words both ways, none as empty text", () => {
    const draft = draftFromItem({ ...item, NameNe: "नेटफ्लिक्स प्रिमियम", InfoNe: "जानकारी" });
    expect(draft).toMatchObject({ NameNe: "नेटफ्लिक्स प्रिमियम", InfoNe: "जानकारी", NoteNe: "" });
    expect(draftToPayload(draft)).toMatchObject({ NameNe: "नेटफ्लिक्स प्रिमियम", InfoNe: "जानकारी", NoteNe: "" });
  });
});

describe("matchesSearch", () => {
  it("matches the name or the category, ignoring case", () => {
    expect(matchesSearch(item, "")).toBe(true);
    expect(matchesSearch(item, "netflix")).toBe(true);
    expect(matchesSearch(item, "OTT prem")).toBe(true);
    expect(matchesSearch(item, "spotify")).toBe(false);
    expect(matchesSearch({ ...item, Name: "Steam Gift Card", NameNe: "स्टिम गिफ्ट कार्ड" }, "गिफ्ट")).toBe(true);
  });
});

it("labels months", () => {
  expect(monthsLabel(1)).toBe("1 month");
  expect(monthsLabel("3")).toBe("3 months");
});
