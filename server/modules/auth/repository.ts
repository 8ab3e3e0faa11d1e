import { randomUUID } from "node:crypto";
import type { Db } from "../../db/database";

export function createAuthRepository() {
  return {
    findUserByEmail: (db: Db, email: string) => db.selectFrom("admin_users").selectAll().where("email", "=", email).executeTakeFirst(),

    listUsers: (db: Db) =>
      db.selectFrom("admin_users").select(["id", "email", "name", "created_at"]).orderBy("created_at").orderBy("email").execute(),

    findUserById: (db: Db, id: string) => db.selectFrom("admin_users").selectAll().where("id", "=", id).executeTakeFirst(),

    /**
     * Rewrites every admin row unchanged: on PostgreSQL this locks them all until the transaction ends,
     * so two removals cannot both see "another admin remains" and leave none. SQLite serialises writes anyway.
     */
    async lockUsers(db: Db) {
      await db
        .updateTable("admin_users")
        .set((eb) => ({ updated_at: eb.ref("updated_at") }))
        .execute();
    },

    async deleteUser(db: Db, id: string) {
      await db.deleteFrom("admin_users").where("id", "=", id).execute();
    },

    countUsers: async (db: Db) =>
      Number(
        (
          await db
            .selectFrom("admin_users")
            .select((eb) => eb.fn.countAll<number | string>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),

    async insertUser(db: Db, user: { email: string; name: string; passwordHash: string }, now: string) {
      const id = randomUUID();
      await db
        .insertInto("admin_users")
        .values({ id, email: user.email, name: user.name, password_hash: user.passwordHash, created_at: now, updated_at: now })
        .execute();
      return id;
    },

    async setName(db: Db, userId: string, name: string, now: string) {
      await db.updateTable("admin_users").set({ name, updated_at: now }).where("id", "=", userId).execute();
    },

    async setPasswordHash(db: Db, userId: string, passwordHash: string, now: string) {
      await db.updateTable("admin_users").set({ password_hash: passwordHash, updated_at: now }).where("id", "=", userId).execute();
    },

    async insertSession(db: Db, id: string, userId: string, now: string) {
      await db.insertInto("sessions").values({ id, user_id: userId, created_at: now, last_seen_at: now }).execute();
    },

    findSession: (db: Db, id: string) =>
      db
        .selectFrom("sessions")
        .innerJoin("admin_users", "admin_users.id", "sessions.user_id")
        .select(["sessions.id", "sessions.created_at", "sessions.last_seen_at", "admin_users.id as user_id", "admin_users.name", "admin_users.email"])
        .where("sessions.id", "=", id)
        .executeTakeFirst(),

    async touchSession(db: Db, id: string, now: string) {
      await db.updateTable("sessions").set({ last_seen_at: now }).where("id", "=", id).execute();
    },

    async deleteSession(db: Db, id: string) {
      await db.deleteFrom("sessions").where("id", "=", id).execute();
    },

    async deleteSessionsOfUser(db: Db, userId: string) {
      await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
    },

    async deleteSessionsOfUserExcept(db: Db, userId: string, keepSessionId: string) {
      await db.deleteFrom("sessions").where("user_id", "=", userId).where("id", "!=", keepSessionId).execute();
    },

    /** Removes sessions past either expiry; `idleBefore` and `createdBefore` are ISO instants. */
    async deleteExpiredSessions(db: Db, idleBefore: string, createdBefore: string) {
      await db
        .deleteFrom("sessions")
        .where((eb) => eb.or([eb("last_seen_at", "<", idleBefore), eb("created_at", "<", createdBefore)]))
        .execute();
    },
  };
}
