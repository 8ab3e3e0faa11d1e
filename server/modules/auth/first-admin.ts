import { randomBytes } from "node:crypto";
import type { Config } from "../../config";
import type { AuthService } from "./service";

export const DEFAULT_ADMIN_EMAIL = "admin@pasal.local";

/**
 * On a database with no admin, creates one from ADMIN_EMAIL/ADMIN_PASSWORD, or with a generated
 * password that is returned so the caller can print it this one time. Without a name: the shop cannot know it,
 * and a made-up "Admin" ended up in the bot's "Admin marked it paid"; the first sign-in asks for it.
 */
export async function ensureFirstAdmin(auth: AuthService, admin: Config["admin"]): Promise<{ email: string; generatedPassword?: string } | null> {
  if ((await auth.countAdmins()) > 0) return null;
  const email = admin.email ?? DEFAULT_ADMIN_EMAIL;
  const generatedPassword = admin.password ? undefined : randomBytes(12).toString("base64url");
  await auth.createAdmin({ email, name: "", password: admin.password ?? generatedPassword! });
  return { email, generatedPassword };
}
