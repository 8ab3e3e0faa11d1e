import type { CarouselData, CarouselSlide } from "../../../domain/carousel";
import type { ChangeNotices } from "../../db/change-notices";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { notFound } from "../../errors";
import { noticedCache } from "../cache";
import { createCarouselRepository } from "./repository";

export function createCarouselService(db: Db, clock: Clock, changes: ChangeNotices) {
  const repository = createCarouselRepository();
  const cache = noticedCache(changes, "carousel", () => repository.list(db));

  async function write<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    try {
      return await db.transaction().execute(work);
    } finally {
      await changes.publish("carousel");
    }
  }

  return {
    /** Slides in display order. */
    list: (): Promise<CarouselSlide[]> => cache.get(),

    async create(data: CarouselData): Promise<CarouselSlide> {
      const id = await write(async (trx) =>
        repository.insert(trx, data, data.position ?? (await repository.nextPosition(trx)), clock().toISOString()),
      );
      return (await repository.findById(db, id))!;
    },

    async update(id: string, data: CarouselData): Promise<CarouselSlide> {
      await write(async (trx) => {
        if (!(await repository.update(trx, id, data, clock().toISOString()))) throw notFound(`No carousel item with id ${id}`);
      });
      return (await repository.findById(db, id))!;
    },

    async delete(id: string): Promise<void> {
      await write(async (trx) => {
        if (!(await repository.delete(trx, id))) throw notFound(`No carousel item with id ${id}`);
      });
    },
  };
}
