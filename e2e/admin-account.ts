import { expect, type Cookie, type Page } from "@playwright/test";

/** The admin the end-to-end server is started with (playwright.config.ts passes it as ADMIN_EMAIL/ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: "e2e-admin@pasal.test", password: "e2e-admin-password" };

/**
 * The E2E admin's session, kept for the whole run (one worker): the server allows 10 sign-ins a
 * minute per address, and the suite's admin screens would otherwise sign in far more often.
 */
let e2eAdminSession: Cookie[] = [];

/** Opens an admin page signed in: with the kept session when there is one, else through the sign-in form. */
export async function openSignedIn(page: Page, path: string, account: { email: string; password: string } = E2E_ADMIN) {
  const isE2EAdmin = account.email === E2E_ADMIN.email;
  if (isE2EAdmin && e2eAdminSession.length) await page.context().addCookies(e2eAdminSession);
  await page.goto(path);
  const signingIn = new URL(page.url()).pathname === "/admin/login";
  if (signingIn) {
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign in" }).click();
  }
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  if (signingIn && isE2EAdmin) e2eAdminSession = (await page.context().cookies()).filter((cookie) => cookie.name.endsWith("pasal_session"));
}
