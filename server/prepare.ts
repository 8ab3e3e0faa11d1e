import type { Config } from "./config";
import type { Clock } from "./db/clock";
import type { Db } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import { seedDefaultContent } from "./db/seed";
import { withStartUpLock } from "./db/start-up-lock";
import { ensureFirstAdmin } from "./modules/auth/first-admin";
import { createAuthService, UNCOUNTED_PASSWORD_CHANGES } from "./modules/auth/service";

export interface FirstAdmin {
  email: string;
  generatedPassword?: string;
}

/**
 * Migrations, then the default content, once: under the start-up lock, so however many instances start
 * together, one does it and the others find it done (ADR 0021).
 */
export function migrateAndSeed(db: Db, clock: Clock): Promise<{ migrated: string[]; seeded: boolean }> {
  return withStartUpLock(db, async (locked) => {
    const migrated = await migrateToLatest(locked);
    return { migrated, seeded: await seedDefaultContent(locked, clock) };
  });
}

/** The first admin, on a database with none, under the start-up lock: only the instance that created it gets its password to print. */
export function createFirstAdmin(db: Db, clock: Clock, admin: Config["admin"]): Promise<FirstAdmin | null> {
  return withStartUpLock(db, (locked) =>
    ensureFirstAdmin(createAuthService(locked, clock, { passwordChangeFailures: UNCOUNTED_PASSWORD_CHANGES }), admin),
  );
}

/** What the start prints once, when it created the first admin. */
export function firstAdminLines({ email, generatedPassword }: FirstAdmin): string {
  const lines = generatedPassword
    ? [
        "First start: an admin account was created.",
        `  Sign in at /admin with  ${email}  /  ${generatedPassword}`,
        "  This password is shown only now. Change it with: npm run admin -- reset-password --email " + email,
      ]
    : [`First start: admin ${email} was created with the password from ADMIN_PASSWORD.`];
  return ["", ...lines, ""].join("\n");
}
