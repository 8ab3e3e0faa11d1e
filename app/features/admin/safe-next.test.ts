import { describe, expect, it } from "vitest";
import { requestedPath, safeAdminNext } from "./safe-next";

describe("safeAdminNext", () => {
  it.each([
    ["/admin/prices", "/admin/prices"],
    ["/admin/carousel?x=1", "/admin/carousel?x=1"],
    [null, "/admin/dashboard"],
    ["", "/admin/dashboard"],
    ["https://evil.example/admin/", "/admin/dashboard"],
    ["//evil.example/admin/x", "/admin/dashboard"],
    ["/prices", "/admin/dashboard"],
    ["/admin/login", "/admin/dashboard"],
    ["/admin/<script>", "/admin/dashboard"],
  ])("%j → %j", (next, expected) => {
    expect(safeAdminNext(next)).toBe(expected);
  });
});

it("reads the page path of a data request", () => {
  expect(requestedPath(new Request("http://x/admin/prices.data?q=1"))).toBe("/admin/prices?q=1");
});
