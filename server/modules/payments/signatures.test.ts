import { describe, expect, it } from "vitest";
import { decodeEsewaData, esewaDataIsSigned, esewaSignature, fonepayDataValidation, readAmount } from "./signatures";

// The vectors marked [verified] in docs/research/payment-gateways.md.
const ESEWA_UAT_KEY = "8gBm/:&EnhH.1/q";
const SIGNED = "total_amount,transaction_uuid,product_code";

describe("eSewa signatures", () => {
  it("sign the form's fields as the documented sample does", () => {
    expect(esewaSignature(ESEWA_UAT_KEY, { total_amount: "110", transaction_uuid: "241028", product_code: "EPAYTEST" }, SIGNED)).toBe(
      "i94zsd3oXF6ZsSr/kGqT4sSzYQzjj1W/waxjWyRwaME=",
    );
    expect(esewaSignature(ESEWA_UAT_KEY, { total_amount: "100", transaction_uuid: "11-201-13", product_code: "EPAYTEST" }, SIGNED)).toBe(
      "5DZywcrTKD0gia/rsSMcrRHmJl+4Tbol6S+lWgdJ94E=",
    );
  });

  const returned = {
    transaction_code: "000AWEO",
    status: "COMPLETE",
    total_amount: "1000.0",
    transaction_uuid: "250610-162413",
    product_code: "EPAYTEST",
    signed_field_names: "transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names",
    signature: "62GcfZTmVkzhtUeh+QJ1AqiJrjoWWGof3U+eTPTZ7fA=",
  };

  it("verify a return over its own signed field names, with the raw amount", () => {
    expect(esewaDataIsSigned(ESEWA_UAT_KEY, returned)).toBe(true);
    expect(esewaDataIsSigned(ESEWA_UAT_KEY, { ...returned, total_amount: "1000" })).toBe(false);
    expect(esewaDataIsSigned(ESEWA_UAT_KEY, { ...returned, status: "PENDING" })).toBe(false);
    expect(esewaDataIsSigned("another key", returned)).toBe(false);
    expect(esewaDataIsSigned(ESEWA_UAT_KEY, { ...returned, signature: "" })).toBe(false);
  });

  it("strip thousands separators before hashing when the raw amount does not verify", () => {
    expect(esewaDataIsSigned(ESEWA_UAT_KEY, { ...returned, total_amount: "1,000.0" })).toBe(true);
  });

  it("decode data keeping number literals as written", () => {
    const json = `{"transaction_code":"000AWEO","status":"COMPLETE","total_amount":1000.0,"transaction_uuid":"250610-162413","product_code":"EPAYTEST","signed_field_names":"${returned.signed_field_names}","signature":"${returned.signature}"}`;
    const decoded = decodeEsewaData(Buffer.from(json).toString("base64"));
    expect(decoded?.total_amount).toBe("1000.0");
    expect(esewaDataIsSigned(ESEWA_UAT_KEY, decoded!)).toBe(true);
    expect(decodeEsewaData("not base64 json")).toBeNull();
    expect(decodeEsewaData(Buffer.from("[1]").toString("base64"))).toBeNull();
  });

  it("read amounts with separators as whole rupees", () => {
    expect(readAmount("1,000.0")).toBe(1000);
    expect(readAmount(1760)).toBe(1760);
    expect(readAmount("abc")).toBeNaN();
  });
});

describe("Fonepay dataValidation", () => {
  it("matches the specification's vectors", () => {
    const key = "a7e3512f5032480a83137793cb2021dc";
    expect(fonepayDataValidation(key, ["14", "5d76d323-d1f6", "NBQM", "test1", "test2"])).toBe(
      "5ae718032328ae5615fa4694dfbf3ecd13432bd49031e7285a3f8bc122ecbb8e833e83c7a11f895d30f3e8fd1906317aece113675166ae0d804ecf32a8bbdbaf",
    );
    expect(fonepayDataValidation("fonepay", ["50", "check", "fonepay123", "test1", "test2"])).toBe(
      "f036eb09c5402a91e1926e904a423e66d041add18423959dad512b6f5fa37f1ea023197f6faae42f84b357914f5ed77723255d108b38c20c058677cfc8ac4204",
    );
    expect(fonepayDataValidation(key, ["5d76d323-d1f6-4a38-8231-0063f9581c98", "NBQM"])).toBe(
      "de5fd3bbbd7d36c766a47c0a137e41de7587028d2f6e3deacb5bebe30992326876a6fba4f9ccfd55a1d302a81aba94733d6c1db04f749483be63b619a9b032b7",
    );
  });
});
