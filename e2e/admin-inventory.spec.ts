import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test } from "@playwright/test";
import type { ServerBuild } from "react-router";

/**
 * Every admin page and its loader data refuse a visitor without a session, taken from the React Router
 * build the server runs (its `routes`, and the browser manifest that says which have a loader or an
 * action), so a screen added later is in the inventory without anyone listing it here.
 */
const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;

/** The sign-in screens are the only admin pages a visitor may open. */
const PUBLIC_ADMIN_ROUTES = new Set(["admin-index", "admin-login"]);

function fullPath(id: string): string {
  const route = build.routes[id]!;
  const parent = route.parentId ? fullPath(route.parentId) : "";
  return [parent, route.path ?? ""].filter(Boolean).join("/");
}

const adminRoutes = Object.keys(build.routes)
  .map((id) => ({ id, path: `/${fullPath(id)}`.replace(/\*$/, "no-such-screen"), manifest: build.assets.routes[id]! }))
  .filter((route) => /^\/admin(\/|$)/.test(route.path) && !PUBLIC_ADMIN_ROUTES.has(route.id));

test.describe.configure({ mode: "parallel" });

test("the inventory holds every admin screen of the sidebar", () => {
  // A guard on the inventory itself: were the build read wrongly, the checks below would pass on nothing.
  const paths = adminRoutes.map((route) => route.path);
  for (const screen of ["dashboard", "orders", "renewals", "prices", "whatsNewVideo", "update", "carousel", "settings", "newsletter"]) {
    expect(paths).toContain(`/admin/${screen}`);
  }
});

for (const route of adminRoutes) {
  test(`${route.path} (${route.id}) refuses a visitor without a session`, async ({ request }) => {
    // The page: sent to sign-in, with the way back.
    const page = await request.get(`${route.path}?q=1`, { maxRedirects: 0 });
    expect(page.status()).toBe(302);
    expect(page.headers().location).toBe(`/admin/login?next=${encodeURIComponent(`${route.path}?q=1`)}`);

    // Its data, as a client navigation asks for it: a 401, not a redirect to a page.
    const data = await request.get(`${route.path}.data`, { maxRedirects: 0 });
    expect(data.status()).toBe(401);

    // Only this screen's loader, as the browser asks when the layout's data is kept (shouldRevalidate):
    // its own loader must check the session, since the layout's does not run.
    if (route.manifest.hasLoader) {
      const own = await request.get(`${route.path}.data?_routes=${encodeURIComponent(route.id)}`, { maxRedirects: 0 });
      expect(own.status(), `the loader of ${route.id}`).toBe(401);
    }
    // A write through the screen's action.
    if (route.manifest.hasAction) {
      const write = await request.post(`${route.path}.data?_routes=${encodeURIComponent(route.id)}`, { form: { intent: "delete" }, maxRedirects: 0 });
      expect(write.status(), `the action of ${route.id}`).toBe(401);
    }
  });
}
