import type { Kysely, Migration } from "kysely";

export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("catalogue_items")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("item_id", "text", (c) => c.notNull().unique())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("name_key", "text", (c) => c.notNull().unique())
      .addColumn("info", "text", (c) => c.notNull())
      .addColumn("image_id", "text", (c) => c.notNull())
      .addColumn("category", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("note", "text", (c) => c.notNull())
      .addColumn("special_link", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("catalogue_plans")
      .addColumn("item_id", "text", (c) => c.notNull().references("catalogue_items.id").onDelete("cascade"))
      .addColumn("months", "integer", (c) => c.notNull())
      .addColumn("price", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("catalogue_plans_pk", ["item_id", "months"])
      .execute();

    await db.schema
      .createTable("carousel_slides")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("image", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("badge", "text", (c) => c.notNull())
      .addColumn("cta_text", "text", (c) => c.notNull())
      .addColumn("cta_link", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("carousel_slides_position_idx").on("carousel_slides").column("position").execute();

    await db.schema
      .createTable("update_posts")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("image_url", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("update_posts_created_idx").on("update_posts").column("created_at").execute();

    await db.schema
      .createTable("videos")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("name_key", "text", (c) => c.notNull().unique())
      .addColumn("platform", "text", (c) => c.notNull())
      .addColumn("trailer_link", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("admin_users")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull().unique())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("password_hash", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("sessions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("admin_users.id").onDelete("cascade"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_seen_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();

    await db.schema
      .createTable("settings")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of ["settings", "sessions", "admin_users", "videos", "update_posts", "carousel_slides", "catalogue_plans", "catalogue_items"]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
