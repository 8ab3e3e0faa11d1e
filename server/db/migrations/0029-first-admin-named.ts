import { sql, type Kysely, type Migration } from "kysely";

/**
 * The shop made its first admin with the name "Admin", which nobody chose and which the bot then
 * repeated ("Admin marked it paid"). The first admin is now made without a name and asked for one at the first
 * sign-in; an admin still called "Admin" is asked too, once. `down` gives them the old stand-in back.
 */
export const firstAdminNamed: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`update admin_users set name = '' where name = 'Admin'`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`update admin_users set name = 'Admin' where name = ''`.execute(db);
  },
};
