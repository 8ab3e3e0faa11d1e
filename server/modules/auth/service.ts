import { createHash, randomBytes } from "node:crypto";
import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import type { FastifyBaseLogger } from "fastify";
import { CURRENT_PASSWORD_INCORRECT, LAST_ADMIN_MESSAGE } from "../../../domain/auth/auth";
import type { AdminListItem, AdminProfile } from "../../../domain/auth/schemas";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { conflict, HttpError, isUniqueViolation, notFound } from "../../errors";
import { hashPassword, spendVerifyTime, verifyPassword } from "./passwords";
import { createAuthRepository } from "./repository";

export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
// Writing last_seen_at on every request would turn each read into a write.
const TOUCH_AFTER_MS = 60 * 1000;

export const INVALID_LOGIN_MESSAGE = "Email or password is incorrect";

/** The signed-in admin; `sessionId` (the hash of the cookie's token, server-side only) names this session. */
export type SessionUser = AdminProfile & { id: string; sessionId: string };

/** The admin doing a write, and the request's logger its audit line goes to (the audit log's `Actor` is ../actor.ts). */
export type AdminAtWork = { admin: SessionUser; log: Pick<FastifyBaseLogger, "info" | "warn"> };

/** Wrong current passwords per admin id (ADR 0006's limits); shared by the API route and the settings screen. */
type AttemptCounter = { retryAfter(key: string): Promise<number>; record(key: string): Promise<void> };

/** For tools that never change a password with the current one (start-up, `npm run admin`): nothing to count. */
export const UNCOUNTED_PASSWORD_CHANGES: AttemptCounter = { retryAfter: async () => 0, record: async () => undefined };

/** Too many wrong current passwords: `retryAfter` seconds before the next try. */
export class PasswordChangeThrottled extends HttpError {
  constructor(readonly retryAfter: number) {
    super(429, `Too many wrong current passwords. Try again in ${Math.ceil(retryAfter / 60)} minutes.`);
  }
}

/** The cookie carries the token; the database keeps only its hash. */
const sessionIdOf = (token: string) => createHash("sha256").update(token).digest("hex");

export function createAuthService(db: Db, clock: Clock, { passwordChangeFailures }: { passwordChangeFailures: AttemptCounter }) {
  const repository = createAuthRepository();
  const iso = (ms: number) => new Date(ms).toISOString();

  const service = {
    async login(email: string, password: string): Promise<{ token: string; user: SessionUser }> {
      const user = await repository.findUserByEmail(db, email.trim().toLowerCase());
      if (!user) {
        await spendVerifyTime(password);
        throw new HttpError(401, INVALID_LOGIN_MESSAGE);
      }
      if (!(await verifyPassword(user.password_hash, password))) throw new HttpError(401, INVALID_LOGIN_MESSAGE);
      // 256 bits from the OS's CSPRNG.
      const token = randomBytes(32).toString("base64url");
      const now = clock().getTime();
      await db.transaction().execute(async (trx) => {
        // Sessions nobody uses again are swept on a schedule (routes.ts) and here, so the table stays small.
        await repository.deleteExpiredSessions(trx, iso(now - SESSION_IDLE_MS), iso(now - SESSION_ABSOLUTE_MS));
        await repository.insertSession(trx, sessionIdOf(token), user.id, iso(now));
      });
      return { token, user: { id: user.id, name: user.name, email: user.email, sessionId: sessionIdOf(token) } };
    },

    /** The signed-in admin for a cookie token, or null when it is unknown or past either expiry. */
    async authenticate(token: string): Promise<SessionUser | null> {
      if (!token || token.length > 200) return null;
      const id = sessionIdOf(token);
      const session = await repository.findSession(db, id);
      if (!session) return null;
      const now = clock().getTime();
      const lastSeen = Date.parse(session.last_seen_at);
      if (now - lastSeen > SESSION_IDLE_MS || now - Date.parse(session.created_at) > SESSION_ABSOLUTE_MS) {
        await db.transaction().execute((trx) => repository.deleteSession(trx, id));
        return null;
      }
      if (now - lastSeen > TOUCH_AFTER_MS) {
        await db.transaction().execute((trx) => repository.touchSession(trx, id, iso(now)));
      }
      return { id: session.user_id, name: session.name, email: session.email, sessionId: id };
    },

    async logout(token: string): Promise<void> {
      await db.transaction().execute((trx) => repository.deleteSession(trx, sessionIdOf(token)));
    },

    /** Removes every session past either expiry; a cookie that is never used again would otherwise stay forever. */
    async deleteExpiredSessions(): Promise<void> {
      const now = clock().getTime();
      await db.transaction().execute((trx) => repository.deleteExpiredSessions(trx, iso(now - SESSION_IDLE_MS), iso(now - SESSION_ABSOLUTE_MS)));
    },

    countAdmins: () => repository.countUsers(db),

    async createAdmin(input: { email: string; name: string; password: string }): Promise<{ email: string; name: string; createdAt: string }> {
      const email = input.email.trim().toLowerCase();
      const name = input.name.trim();
      const passwordHash = await hashPassword(input.password);
      const createdAt = clock().toISOString();
      const taken = () => conflict(`An admin with email ${email} already exists`, "email");
      try {
        await db.transaction().execute(async (trx) => {
          if (await repository.findUserByEmail(trx, email)) throw taken();
          await repository.insertUser(trx, { email, name, passwordHash }, createdAt);
        });
      } catch (error) {
        // Two admins adding the same address at once: the unique index decides.
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
      return { email, name, createdAt };
    },

    /** An admin adds another (the API's POST /admin/admins and the settings screen), with its audit line. */
    async addAdmin(input: { email: string; name: string; password: string }, { admin, log }: AdminAtWork) {
      const created = await service.createAdmin(input);
      log.info({ admin: admin.email, added: created.email }, "admin added");
      return said(`Admin ${created.email} added`, created);
    },

    /** Every admin, oldest first; `isYou` marks the one asking. */
    async listAdmins(you: { id: string }): Promise<AdminListItem[]> {
      const rows = await repository.listUsers(db);
      return rows.map((row) => ({ email: row.email, name: row.name, createdAt: row.created_at, isYou: row.id === you.id }));
    },

    /**
     * Removes an admin and their sessions. The last admin stays: without one, nobody could sign in
     * to add another.
     */
    async removeAdmin(email: string): Promise<{ id: string }> {
      return db.transaction().execute(async (trx) => {
        await repository.lockUsers(trx);
        const user = await repository.findUserByEmail(trx, email.trim().toLowerCase());
        if (!user) throw notFound(`No admin with email ${email}`);
        if ((await repository.countUsers(trx)) <= 1) throw conflict(LAST_ADMIN_MESSAGE);
        await repository.deleteSessionsOfUser(trx, user.id);
        await repository.deleteUser(trx, user.id);
        return { id: user.id };
      });
    },

    /**
     * An admin removes an admin, with its audit line; `signedOut` when they removed themselves (their
     * session is gone with them, and the caller clears the cookie).
     */
    async removeAdminAs(email: string, { admin, log }: AdminAtWork): Promise<AdminAnswer<{ signedOut: boolean }>> {
      const removed = await service.removeAdmin(email);
      log.info({ admin: admin.email, removed: email }, "admin removed");
      return said(`Admin ${email} removed`, { signedOut: removed.id === admin.id });
    },

    /**
     * The signed-in admin changes their own password. Every other session of theirs ends (a stolen
     * cookie stops working); the one that asked stays signed in. Wrong current passwords are counted per
     * account, here and nowhere else, so the API and the settings screen share one allowance.
     */
    async changeOwnPassword(
      { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
      { admin, log }: AdminAtWork,
    ): Promise<AdminAnswer> {
      const wait = await passwordChangeFailures.retryAfter(admin.id);
      if (wait) {
        log.warn({ admin: admin.email }, "password change refused: too many wrong current passwords");
        throw new PasswordChangeThrottled(wait);
      }
      const user = await repository.findUserById(db, admin.id);
      if (!user || !(await verifyPassword(user.password_hash, currentPassword))) {
        await passwordChangeFailures.record(admin.id);
        throw new HttpError(403, CURRENT_PASSWORD_INCORRECT, [{ field: "currentPassword", message: CURRENT_PASSWORD_INCORRECT }]);
      }
      const passwordHash = await hashPassword(newPassword);
      await db.transaction().execute(async (trx) => {
        await repository.setPasswordHash(trx, user.id, passwordHash, clock().toISOString());
        await repository.deleteSessionsOfUserExcept(trx, user.id, admin.sessionId);
      });
      log.info({ admin: admin.email }, "admin changed their password");
      return said("Password changed. Your other sessions have been signed out.");
    },

    /** The signed-in admin names themselves (asked at the first sign-in when the shop made them without a name). */
    async nameSelf(name: string, { admin, log }: AdminAtWork): Promise<AdminAnswer<{ name: string; email: string }>> {
      await repository.setName(db, admin.id, name, clock().toISOString());
      log.info({ admin: admin.email, name }, "admin named themselves");
      return said("Name saved.", { name, email: admin.email });
    },

    /** Sets a new password and signs the admin out everywhere. */
    async resetPassword(email: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        const user = await repository.findUserByEmail(trx, email.trim().toLowerCase());
        if (!user) throw new HttpError(404, `No admin with email ${email}`);
        await repository.setPasswordHash(trx, user.id, passwordHash, clock().toISOString());
        await repository.deleteSessionsOfUser(trx, user.id);
      });
    },
  };
  return service;
}
export type AuthService = ReturnType<typeof createAuthService>;
