import type { Selectable } from "kysely";
import { randomUUID } from "node:crypto";
import { nameKey } from "../../../domain/catalogue/search";
import type { Video } from "../../../domain/videos/schemas";
import type { Db } from "../../db/database";
import type { VideosTable } from "../../db/schema";
import { deleteRecord } from "../records";
import { nextVersion, updateAtVersion } from "../versions";

export type VideoData = Omit<Video, "_id" | "version">;

const toVideo = (row: Selectable<VideosTable>): Video => ({
  _id: row.id,
  Name: row.name,
  Platform: row.platform,
  TrailerLink: row.trailer_link,
  version: Number(row.version),
});

const columns = (data: VideoData) => ({
  name: data.Name,
  name_key: nameKey(data.Name),
  platform: data.Platform,
  trailer_link: data.TrailerLink,
});

export function createVideosRepository() {
  return {
    async list(db: Db): Promise<Video[]> {
      const rows = await db.selectFrom("videos").selectAll().orderBy("created_at", "desc").orderBy("name").execute();
      return rows.map(toVideo);
    },

    async findById(db: Db, id: string): Promise<Video | undefined> {
      const row = await db.selectFrom("videos").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toVideo(row);
    },

    async findIdByName(db: Db, name: string): Promise<string | undefined> {
      const row = await db.selectFrom("videos").select("id").where("name_key", "=", nameKey(name)).executeTakeFirst();
      return row?.id;
    },

    async insert(db: Db, data: VideoData, now: string): Promise<string> {
      const id = randomUUID();
      await db
        .insertInto("videos")
        .values({ id, ...columns(data), created_at: now, updated_at: now })
        .execute();
      return id;
    },

    /** Adds the video unless one with its name is there (even one added a moment ago by another request): its id, or undefined. */
    async insertUnlessNamed(db: Db, data: VideoData, now: string): Promise<string | undefined> {
      const row = await db
        .insertInto("videos")
        .values({ id: randomUUID(), ...columns(data), created_at: now, updated_at: now })
        .onConflict((conflict) => conflict.column("name_key").doNothing())
        .returning("id")
        .executeTakeFirst();
      return row?.id;
    },

    /** false when no row matched: none with `id`, or (given `expected`) not at that version any more. */
    update(db: Db, id: string, data: VideoData, now: string, expected?: number): Promise<boolean> {
      return updateAtVersion(
        db
          .updateTable("videos")
          .set({ ...columns(data), updated_at: now, version: nextVersion })
          .where("id", "=", id),
        expected,
      );
    },

    delete: (db: Db, id: string): Promise<boolean> => deleteRecord(db, "videos", id),
  };
}
