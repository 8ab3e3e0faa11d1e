/** The admin the end-to-end server is started with (playwright.config.ts passes it as ADMIN_EMAIL/ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: "e2e-admin@pasal.test", password: "e2e-admin-password" };
