import { expect, test, type TestInfo } from "@playwright/test";
import { E2E_ADMIN } from "./admin-account";

const nonceOf = (policy: string | undefined) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];

/** A query no other test uses, so the first visit is rendered, not served from the cache. */
const freshUrl = (path: string, testInfo: TestInfo) => `${path}?sort=name&e2e=${testInfo.project.name}-${Date.now()}`;

test("a page is rendered once, then served from the cache with a fresh nonce and revalidated with a 304", async ({ request }, testInfo) => {
  const url = freshUrl("/prices", testInfo);
  const first = await request.get(url);
  expect(first.status()).toBe(200);
  expect(first.headers()["x-page-cache"]).toBe("miss");
  const second = await request.get(url);
  expect(second.headers()["x-page-cache"]).toBe("hit");

  // The same content, each answer with a nonce of its own that its policy and its scripts agree on.
  const [firstNonce, secondNonce] = [nonceOf(first.headers()["content-security-policy"]), nonceOf(second.headers()["content-security-policy"])];
  expect(firstNonce).toBeTruthy();
  expect(secondNonce).not.toBe(firstNonce);
  const secondHtml = await second.text();
  expect(secondHtml).toContain(`nonce="${secondNonce}"`);
  expect(secondHtml).not.toContain(firstNonce!);
  expect((await first.text()).replaceAll(firstNonce!, "")).toBe(secondHtml.replaceAll(secondNonce!, ""));

  const etag = second.headers().etag ?? "";
  expect(etag).toMatch(/^W\/"/);
  expect(second.headers()["cache-control"]).toBe("no-cache");
  const again = await request.get(url, { headers: { "if-none-match": etag } });
  expect(again.status()).toBe(304);
  // No policy on a 304: the browser keeps the one that matches the nonce of the copy it holds.
  expect(again.headers()["content-security-policy"]).toBeUndefined();
});

test("an admin's edit shows on the very next visit", async ({ playwright, request, baseURL }, testInfo) => {
  const url = freshUrl("/prices", testInfo);
  await request.get(url);
  expect((await request.get(url)).headers()["x-page-cache"]).toBe("hit");

  const admin = await playwright.request.newContext({ baseURL });
  try {
    expect((await admin.post("/api/auth/login", { data: E2E_ADMIN })).ok()).toBe(true);
    // A signed-in admin always gets a fresh render.
    expect((await admin.get(url)).headers()["x-page-cache"]).toBeUndefined();

    const name = `E2E cache ${testInfo.project.name} ${Date.now()}`;
    const added = await admin.post("/api/prices", {
      data: { Name: name, Id: String(Date.now() % 1e8), ImageId: "/images/services/netflix.svg", Category: "ott", plans: { "1": 123 }, Status: "shared", SpecialLink: "https://example.com" },
    });
    expect(added.ok(), await added.text()).toBe(true);
    try {
      const after = await request.get(url);
      expect(after.headers()["x-page-cache"]).toBe("miss");
      expect(await after.text()).toContain(name);
    } finally {
      expect((await admin.delete(`/api/prices/${encodeURIComponent(name)}`)).ok()).toBe(true);
    }
    const removed = await request.get(url);
    expect(removed.headers()["x-page-cache"]).toBe("miss");
    expect(await removed.text()).not.toContain(name);
  } finally {
    await admin.dispose();
  }
});
