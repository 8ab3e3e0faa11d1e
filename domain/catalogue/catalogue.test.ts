import { describe, expect, it } from "vitest";
import { compareById, firstPlan, planEntries } from "./catalogue";
import { plansSchema, priceInputSchema } from "./schemas";

describe("plansSchema", () => {
  it("turns month keys and string prices into whole numbers", () => {
    expect(plansSchema.parse({ "1": "300", " 3 ": 880, "12": "3200" })).toEqual({ "1": 300, "3": 880, "12": 3200 });
  });

  it("takes prices written with grouping commas or Devanagari digits, as they are written in Nepal", () => {
    expect(plansSchema.parse({ "1": "1,500", "६": "१,७००", "12": "1,50,000" })).toEqual({ "1": 1500, "6": 1700, "12": 150000 });
  });

  it("takes a key written as the original admin form's free box invites, a whole number of months first", () => {
    expect(plansSchema.parse({ "1 Month": "300", "3 months": 880, "6months": 1700, " 12 ": "3,200", "२४ महिना": 6000 })).toEqual({
      "1": 300,
      "3": 880,
      "6": 1700,
      "12": 3200,
      "24": 6000,
    });
  });

  it("treats a missing plans map as no plans", () => {
    expect(plansSchema.parse(undefined)).toEqual({});
  });

  it.each([
    [{ "0": 100 }, "Plan months must be a whole number from 1 to 36"],
    [{ "1.5": 100 }, "Plan months must be a whole number from 1 to 36"],
    [{ "37": 100 }, "Plan months must be a whole number from 1 to 36"],
    [{ "1": -5 }, "Plan price must be a whole number of rupees greater than 0"],
    [{ "1": "12.50" }, "Plan price must be a whole number of rupees greater than 0"],
    [{ "1": "" }, "Plan price must be a whole number of rupees greater than 0"],
    [{ "1": "1,5" }, "Plan price must be a whole number of rupees greater than 0"],
    [{ "1": "1.500,00" }, "Plan price must be a whole number of rupees greater than 0"],
    [{ "1 year": 100 }, "Plan months must be a whole number from 1 to 36"],
    [{ monthly: 100 }, "Plan months must be a whole number from 1 to 36"],
    [{ "1.5 months": 100 }, "Plan months must be a whole number from 1 to 36"],
    [{ "Month 1": 100 }, "Plan months must be a whole number from 1 to 36"],
    [{ "1": 300, "1 Month": 350 }, "Two plans for 1 month: keep one"],
  ])("refuses %j", (plans, message) => {
    const result = plansSchema.safeParse(plans);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe("priceInputSchema", () => {
  const valid = { Name: " Spotify ", Id: 7, ImageId: "/images/x.svg", Category: "Music", SpecialLink: "https://example.com/s" };

  it("trims, normalises and fills defaults", () => {
    expect(priceInputSchema.parse(valid)).toEqual({
      Name: "Spotify",
      Id: "7",
      ImageId: "/images/x.svg",
      Category: "music",
      Info: "",
      plans: {},
      Note: "",
      Status: "none",
      SpecialLink: "https://example.com/s",
    });
  });

  it("reads leading zeros out of Id, so 07 and 7 are one Id", () => {
    expect(priceInputSchema.parse({ ...valid, Id: "007" }).Id).toBe("7");
  });

  it.each(["Shared", "PRIVATE", "Empty", "undefined", ""])("accepts status %j", (Status) => {
    expect(priceInputSchema.safeParse({ ...valid, Status }).success).toBe(true);
  });

  it.each(["//evil.example/x.png", "javascript:alert(1)", "data:image/svg+xml,<svg/>", "/a b.png"])("refuses image link %j", (ImageId) => {
    expect(priceInputSchema.safeParse({ ...valid, ImageId }).success).toBe(false);
  });

  it("refuses a Name with a slash, since it becomes part of a URL", () => {
    expect(priceInputSchema.safeParse({ ...valid, Name: "A/B" }).success).toBe(false);
  });
});

describe("plan helpers", () => {
  it("orders plans by months and finds the first", () => {
    const plans = { "12": 3200, "1": 300, "6": 1700 };
    expect(planEntries(plans)).toEqual([
      [1, 300],
      [6, 1700],
      [12, 3200],
    ]);
    expect(firstPlan(plans)).toEqual({ months: 1, price: 300 });
    expect(firstPlan({})).toBeNull();
  });

  it("sorts Ids numerically", () => {
    expect(
      ["10", "9", "1"]
        .map((Id) => ({ Id }))
        .sort(compareById)
        .map((x) => x.Id),
    ).toEqual(["1", "9", "10"]);
  });
});
