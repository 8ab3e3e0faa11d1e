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
    // What a same-site path and query legitimately hold survives the sign-in.
    ["/admin/orders?q=psl+7k2qx&status=", "/admin/orders?q=psl+7k2qx&status="],
    ["/admin/orders?q=PSL-7K2QX%20&status=paid", "/admin/orders?q=PSL-7K2QX%20&status=paid"],
    ["/admin/renewals?days=14#due", "/admin/renewals?days=14#due"],
    ["/admin/orders?q=a:b@c,d;e!f'g(h)i*j~k", "/admin/orders?q=a:b@c,d;e!f%27g(h)i*j~k"],
    // Open redirects and ways out of the admin area are refused.
    ["/\\evil.example", "/admin/dashboard"],
    ["/admin/\\evil.example", "/admin/dashboard"],
    ["/admin/..//evil.example", "/admin/dashboard"],
    ["/admin/../../evil", "/admin/dashboard"],
    ["/admin/%2e%2e/prices", "/admin/dashboard"],
    ["javascript:alert(1)", "/admin/dashboard"],
    ["/admin/x\njavascript:alert(1)", "/admin/dashboard"],
    ["/admin/ orders", "/admin/dashboard"],
    ["/admin/login?next=/admin/x", "/admin/dashboard"],
    ["/admin/./login", "/admin/dashboard"],
  ])("%j → %j", (next, expected) => {
    expect(safeAdminNext(next)).toBe(expected);
  });
});

it("reads the page path of a data request", () => {
  expect(requestedPath(new Request("http://x/admin/prices.data?q=1"))).toBe("/admin/prices?q=1");
  // Without the routes a client navigation names for the server to load: they are no part of the page's address.
  expect(requestedPath(new Request("http://x/admin/orders.data?q=psl+7k2qx&status=&_routes=routes%2Fadmin%2Flayout"))).toBe(
    "/admin/orders?q=psl+7k2qx&status=",
  );
});
