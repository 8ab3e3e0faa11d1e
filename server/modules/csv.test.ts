import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formulaCells } from "../../tests/helpers/csv";
import { csvField, toCsv } from "./csv";

describe("CSV", () => {
  it("neutralises text a spreadsheet would run as a formula", () => {
    for (const text of ["=1+1", "+9779800000000", "-2", "@SUM(A1)", "\tx"]) expect(csvField(text)).toBe(`"'${text}"`);
    // A carriage return first is neutralised, then quoted as any line break is.
    expect(csvField("\rx")).toBe(`"'\rx"`);
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it("quotes every text", () => {
    expect(csvField("a;b")).toBe('"a;b"');
    expect(csvField("a\tb")).toBe('"a\tb"');
    expect(csvField("Sita")).toBe('"Sita"');
    expect(csvField("977 980-0563620")).toBe('"977 980-0563620"');
    expect(csvField("")).toBe('""');
  });

  it("lets no cell start a formula when a spreadsheet splits on ; or a tab, nor after a quote or a line break", () => {
    expect(csvField("Ram;=1+1;")).toBe(`"Ram;'=1+1;"`);
    expect(csvField("Ram\t=1+1")).toBe(`"Ram\t'=1+1"`);
    expect(csvField('Ram; "=1+1"')).toBe(`"Ram; ""'=1+1"""`);
    expect(csvField("Ram,@SUM(A1)\n-2+3")).toBe(`"Ram,'@SUM(A1)\n'-2+3"`);
    expect(csvField(" =1+1")).toBe(`"' =1+1"`);
    // What is no cell's start stays as written.
    expect(csvField("Sita Rai; 980-0563620, a+b")).toBe('"Sita Rai; 980-0563620, a+b"');
    expect(formulaCells(toCsv(["name", "total"], [["Ram;=1+1;", -500]]))).toEqual([]);
  });

  it("leaves no formula in any cell of any file, whatever the texts and however it is split", () => {
    const risky = fc.string({ unit: fc.constantFrom("a", "1", " ", ",", ";", "\t", "\r", "\n", '"', "'", "=", "+", "-", "@"), maxLength: 24 });
    const text = fc.oneof(risky, fc.string({ maxLength: 24 }));
    const row = fc.array(fc.oneof(text, fc.integer({ min: -100_000, max: 100_000 }), fc.constant(null)), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 4 }), (rows) => {
        expect(formulaCells(toCsv(["a"], rows))).toEqual([]);
      }),
      { numRuns: 2000 },
    );
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
