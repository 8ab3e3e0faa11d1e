import type { Selectable } from "kysely";
import { randomUUID } from "node:crypto";
import type { CarouselData, CarouselSlide } from "../../../domain/carousel/carousel";
import type { Db } from "../../db/database";
import type { CarouselSlidesTable } from "../../db/schema";
import { deleteRecord, nextPosition, setPosition } from "../records";
import { nextVersion, updateAtVersion } from "../versions";

function toSlide(row: Selectable<CarouselSlidesTable>): CarouselSlide {
  return {
    _id: row.id,
    image: row.image,
    title: row.title,
    description: row.description,
    badge: row.badge,
    ctaText: row.cta_text,
    ctaLink: row.cta_link,
    position: Number(row.position),
    version: Number(row.version),
    titleNe: row.title_ne,
    descriptionNe: row.description_ne,
    ctaTextNe: row.cta_text_ne,
  };
}

const columns = (data: CarouselData) => ({
  image: data.image,
  title: data.title,
  description: data.description,
  badge: data.badge,
  cta_text: data.ctaText,
  cta_link: data.ctaLink,
  // Left out of the request: kept as stored on an edit, none on a new slide (ADR 0093).
  ...(data.titleNe === undefined ? {} : { title_ne: data.titleNe }),
  ...(data.descriptionNe === undefined ? {} : { description_ne: data.descriptionNe }),
  ...(data.ctaTextNe === undefined ? {} : { cta_text_ne: data.ctaTextNe }),
});

export function createCarouselRepository() {
  return {
    async list(db: Db): Promise<CarouselSlide[]> {
      const rows = await db.selectFrom("carousel_slides").selectAll().orderBy("position").orderBy("created_at").execute();
      return rows.map(toSlide);
    },

    async findById(db: Db, id: string): Promise<CarouselSlide | undefined> {
      const row = await db.selectFrom("carousel_slides").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toSlide(row);
    },

    nextPosition: (db: Db): Promise<number> => nextPosition(db, "carousel_slides"),

    async insert(db: Db, data: CarouselData, position: number, now: string): Promise<string> {
      const id = randomUUID();
      await db
        .insertInto("carousel_slides")
        .values({ id, ...columns(data), position, created_at: now, updated_at: now })
        .execute();
      return id;
    },

    /** false when no row matched: none with `id`, or (given `expected`) not at that version any more. */
    update(db: Db, id: string, data: CarouselData, now: string, expected?: number): Promise<boolean> {
      const position = data.position === undefined ? {} : { position: data.position };
      return updateAtVersion(
        db
          .updateTable("carousel_slides")
          .set({ ...columns(data), ...position, updated_at: now, version: nextVersion })
          .where("id", "=", id),
        expected,
      );
    },

    setPosition: (db: Db, id: string, position: number, now: string): Promise<boolean> => setPosition(db, "carousel_slides", id, position, now),

    delete: (db: Db, id: string): Promise<boolean> => deleteRecord(db, "carousel_slides", id),
  };
}
