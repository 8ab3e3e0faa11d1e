import { expect, type Page } from "@playwright/test";

/** The admin the end-to-end server is started with (playwright.config.ts passes it as ADMIN_EMAIL/ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: "e2e-admin@pasal.test", password: "e2e-admin-password" };

/** Opens an admin page, signing in on the way (the sign-in sends us back to it). */
export async function openSignedIn(page: Page, path: string, account: { email: string; password: string } = E2E_ADMIN) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/admin\/login\?next=/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}
