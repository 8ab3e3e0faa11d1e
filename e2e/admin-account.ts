/** The admin the template database is made with (e2e/global-setup.ts passes it as ADMIN_EMAIL/ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: "e2e-admin@pasal.test", password: "e2e-admin-password" };

/** The name each worker's shop gives that admin (the template's has none, as a new shop's first admin). */
export const E2E_ADMIN_NAME = "Sita Rai";
