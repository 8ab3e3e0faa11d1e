import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "./csv";

describe("CSV", () => {
  it("neutralises text a spreadsheet would run as a formula", () => {
    for (const text of ["=1+1", "+9779800000000", "-2", "@SUM(A1)", "\tx"]) expect(csvField(text)).toBe(`"'${text}"`);
    // A carriage return first is neutralised, then quoted as any line break is.
    expect(csvField("\rx")).toBe(`"'\rx"`);
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it("quotes every text, so a spreadsheet splitting on ; or a tab finds no formula in a cell", () => {
    expect(csvField("a;=1+1")).toBe('"a;=1+1"');
    expect(csvField("a\t=1+1")).toBe('"a\t=1+1"');
    expect(csvField("Sita")).toBe('"Sita"');
    expect(csvField("977 980-0563620")).toBe('"977 980-0563620"');
    expect(csvField("")).toBe('""');
  });

  it("writes numbers as numbers, negative ones too, and nothing for null", () => {
    expect(csvField(-500)).toBe("-500");
    expect(csvField(3200)).toBe("3200");
    expect(csvField(null)).toBe("");
  });

  it("ends every row with CRLF, the header first", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["x,y", 1],
          ["z", null],
        ],
      ),
    ).toBe('a,b\r\n"x,y",1\r\n"z",\r\n');
  });
});
