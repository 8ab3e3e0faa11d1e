import { describe, expect, it } from "vitest";
import { customerListQuerySchema } from "./schemas";
import { normalisePhone, readablePhone, spreadsheetPhone, whatsappUrl } from "./customers";

describe("normalisePhone", () => {
  it.each([
    ["9800000000", "+9779800000000"],
    ["+977 9800000000", "+9779800000000"],
    ["+977 98-0000-0000", "+9779800000000"],
    ["9779800000000", "+9779800000000"],
    ["00977 980 000 0000", "+9779800000000"],
    ["980-000-0000", "+9779800000000"],
    [" 9741234567 ", "+9779741234567"],
    ["9612345678", "+9779612345678"],
    ["(+977) 9851234567", "+9779851234567"],
    // With the trunk 0: one mobile, one form.
    ["09816000777", "+9779816000777"],
    ["+977 09816000777", "+9779816000777"],
    ["97709816000777", "+9779816000777"],
    ["0097709816000777", "+9779816000777"],
    ["+977 (0) 981-6000777", "+9779816000777"],
    ["098-1600-0777", "+9779816000777"],
  ])("%s is the Nepali mobile %s", (raw, expected) => {
    expect(normalisePhone(raw)).toBe(expected);
  });

  it.each([
    ["+91 98765 43210", "+919876543210"],
    ["+44 7911-123456", "+447911123456"],
    ["0044 7911 123456", "+447911123456"],
    ["447911123456", "447911123456"],
    ["+97714123456", "+97714123456"],
    ["01-4123456", "014123456"],
  ])("%s of another country or a landline is kept as given: %s", (raw, expected) => {
    expect(normalisePhone(raw)).toBe(expected);
  });

  it.each([[null], [undefined], [""], ["   "], ["--"], ["call me"], ["12"]])("%j is anonymous", (raw) => {
    expect(normalisePhone(raw)).toBeNull();
  });

  it("gives one form for every way of writing the same number", () => {
    const forms = [
      "9800000000",
      "+9779800000000",
      "9779800000000",
      "+977 980 000 0000",
      "980-0000000",
      "09800000000",
      "+977 09800000000",
      "97709800000000",
    ].map(normalisePhone);
    expect(new Set(forms).size).toBe(1);
  });
});

describe("readablePhone", () => {
  it("writes a Nepali mobile one readable way however it was typed", () => {
    for (const typed of ["9800563620", "+9779800563620", "9779800563620", "+977 980-0563620", "00977 980 056 3620"]) {
      expect(readablePhone(typed)).toBe("+977 980-0563620");
    }
  });

  it("keeps other numbers in their stored form, and text that is no number as given", () => {
    expect(readablePhone("+44 7911-123456")).toBe("+447911123456");
    expect(readablePhone("01-4123456")).toBe("014123456");
    expect(readablePhone("call me")).toBe("call me");
  });
});

describe("spreadsheetPhone", () => {
  it("gives a Nepali mobile without the '+' a spreadsheet would read as a formula, and with a space so it stays text", () => {
    expect(spreadsheetPhone("+9779800563620")).toBe("977 980-0563620");
  });

  it("leaves any other number in its stored form", () => {
    expect(spreadsheetPhone("+447911123456")).toBe("+447911123456");
  });
});

describe("whatsappUrl", () => {
  it("drops the + and carries a message", () => {
    expect(whatsappUrl("+9779800000000")).toBe("https://wa.me/9779800000000");
    expect(whatsappUrl("+9779800000000", "Hi & bye")).toBe("https://wa.me/9779800000000?text=Hi%20%26%20bye");
  });
});

describe("customerListQuerySchema", () => {
  it("defaults to the latest customers first", () => {
    expect(customerListQuerySchema.parse({})).toEqual({ sort: "lastOrder", dir: "desc", page: 1, limit: 50 });
  });
  it("refuses an unknown sort with a message naming the columns", () => {
    const result = customerListQuerySchema.safeParse({ sort: "password" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/sort must be one of name, phone/);
  });
});
