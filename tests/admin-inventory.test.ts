import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { createTestApp } from "./helpers/app";
import { productionWeb } from "./helpers/web";

/**
 * Every admin page and its loader data refuse a visitor without a session, taken from the React Router
 * build the server runs (its `routes`, and the browser manifest that says which have a loader or an
 * action), so a screen added later is in the inventory without anyone listing it here.
 */
const web = await productionWeb();
const build = web.serverBuild as ServerBuild;

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

describe("the admin screens of the production build", () => {
  it("the inventory holds every admin screen of the sidebar", () => {
    // A guard on the inventory itself: were the build read wrongly, the checks below would pass on nothing.
    const paths = adminRoutes.map((route) => route.path);
    for (const screen of ["dashboard", "orders", "renewals", "prices", "whatsNewVideo", "update", "carousel", "settings", "newsletter", "audit"]) {
      expect(paths).toContain(`/admin/${screen}`);
    }
  });

  for (const route of adminRoutes) {
    it(`${route.path} (${route.id}) refuses a visitor without a session`, async () => {
      const { app } = await createTestApp({ web });
      // The page: sent to sign-in, with the way back.
      const page = await app.inject({ url: `${route.path}?q=1` });
      expect(page.statusCode).toBe(302);
      expect(page.headers.location).toBe(`/admin/login?next=${encodeURIComponent(`${route.path}?q=1`)}`);

      // Its data, as a client navigation asks for it: a 401, not a redirect to a page.
      const data = await app.inject({ url: `${route.path}.data` });
      expect(data.statusCode).toBe(401);

      // Only this screen's loader, as the browser asks when the layout's data is kept (shouldRevalidate):
      // its own loader must check the session, since the layout's does not run.
      if (route.manifest.hasLoader) {
        const own = await app.inject({ url: `${route.path}.data?_routes=${encodeURIComponent(route.id)}` });
        expect(own.statusCode, `the loader of ${route.id}`).toBe(401);
      }
      // A write through the screen's action.
      if (route.manifest.hasAction) {
        const write = await app.inject({
          method: "POST",
          url: `${route.path}.data?_routes=${encodeURIComponent(route.id)}`,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: new URLSearchParams({ intent: "delete" }).toString(),
        });
        expect(write.statusCode, `the action of ${route.id}`).toBe(401);
      }
    });
  }
});
