import type { Selectable } from "kysely";
import { randomUUID } from "node:crypto";
import type { UpdateData, UpdatePost } from "../../../domain/updates/schemas";
import type { Db } from "../../db/database";
import type { UpdatePostsTable } from "../../db/schema";
import { deleteRecord } from "../records";
import { nextVersion, updateAtVersion } from "../versions";

function toPost(row: Selectable<UpdatePostsTable>): UpdatePost {
  return {
    _id: row.id,
    Title: row.title,
    Description: row.description,
    ImageUrl: row.image_url,
    Date: row.created_at.slice(0, 10),
    createdAt: row.created_at,
    version: Number(row.version),
    TitleNe: row.title_ne,
    DescriptionNe: row.description_ne,
  };
}

const columns = (data: UpdateData) => ({
  title: data.Title,
  description: data.Description,
  image_url: data.ImageUrl,
  // Left out of the request: kept as stored on an edit, none on a new post (ADR 0093).
  ...(data.TitleNe === undefined ? {} : { title_ne: data.TitleNe }),
  ...(data.DescriptionNe === undefined ? {} : { description_ne: data.DescriptionNe }),
});

export function createUpdatesRepository() {
  return {
    async list(db: Db): Promise<UpdatePost[]> {
      const rows = await db.selectFrom("update_posts").selectAll().orderBy("created_at", "desc").execute();
      return rows.map(toPost);
    },

    async findById(db: Db, id: string): Promise<UpdatePost | undefined> {
      const row = await db.selectFrom("update_posts").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toPost(row);
    },

    async insert(db: Db, data: UpdateData, createdAt: string): Promise<string> {
      const id = randomUUID();
      await db
        .insertInto("update_posts")
        .values({ id, ...columns(data), created_at: createdAt, updated_at: createdAt })
        .execute();
      return id;
    },

    /** false when no row matched: none with `id`, or (given `expected`) not at that version any more. */
    update(db: Db, id: string, data: UpdateData, now: string, expected?: number): Promise<boolean> {
      return updateAtVersion(
        db
          .updateTable("update_posts")
          .set({ ...columns(data), updated_at: now, version: nextVersion })
          .where("id", "=", id),
        expected,
      );
    },

    delete: (db: Db, id: string): Promise<boolean> => deleteRecord(db, "update_posts", id),
  };
}
