import type { Selectable } from "kysely";
import { randomUUID } from "node:crypto";
import { nameKey } from "../../../domain/search";
import type { Video } from "../../../domain/videos";
import type { Db } from "../../db/database";
import type { VideosTable } from "../../db/schema";

export type VideoData = Omit<Video, "_id">;

const toVideo = (row: Selectable<VideosTable>): Video => ({
  _id: row.id,
  Name: row.name,
  Platform: row.platform,
  TrailerLink: row.trailer_link,
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

    async update(db: Db, id: string, data: VideoData, now: string): Promise<boolean> {
      const result = await db
        .updateTable("videos")
        .set({ ...columns(data), updated_at: now })
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(db: Db, id: string): Promise<boolean> {
      const result = await db.deleteFrom("videos").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
