import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import type { CarouselData, CarouselSlide } from "../../../domain/carousel/carousel";
import type { ChangeSignals } from "../../db/change-signals";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { notFound } from "../../errors";
import { signalledCache } from "../cache";
import { noticedWrites, refuseUnmatched } from "../records";
import { createCarouselRepository } from "./repository";

export function createCarouselService(db: Db, clock: Clock, changes: ChangeSignals) {
  const repository = createCarouselRepository();
  const cache = signalledCache(changes, "carousel", () => repository.list(db));
  const write = noticedWrites(db, changes, "carousel");

  return {
    /** Slides in display order. */
    list: (): Promise<CarouselSlide[]> => cache.get(),

    async create(data: CarouselData): Promise<AdminAnswer<CarouselSlide>> {
      const id = await write(async (trx) =>
        repository.insert(trx, data, data.position ?? (await repository.nextPosition(trx)), clock().toISOString()),
      );
      const slide = (await repository.findById(db, id))!;
      return said(`"${slide.title}" added`, slide);
    },

    /** Slides in display order as an admin edits them: from the database, never a cache that may be behind. */
    listForEdit: (): Promise<CarouselSlide[]> => repository.list(db),

    /** `expected`: the version the edit was read with; a newer one refuses it (409). Without it, last write wins. */
    async update(id: string, data: CarouselData, expected?: number): Promise<AdminAnswer<CarouselSlide>> {
      const missing = () => notFound(`No carousel item with id ${id}`);
      await write(async (trx) => {
        const edited = await repository.update(trx, id, data, clock().toISOString(), expected);
        await refuseUnmatched(edited, () => repository.findById(trx, id), missing);
      });
      const slide = (await repository.findById(db, id))!;
      return said(`"${slide.title}" updated`, slide);
    },

    /** New positions for some slides, together; nothing else of them changes. */
    async setPositions(positions: ReadonlyArray<{ id: string; position: number }>): Promise<void> {
      const now = clock().toISOString();
      await write(async (trx) => {
        for (const { id, position } of positions) await repository.setPosition(trx, id, position, now);
      });
    },

    async delete(id: string): Promise<AdminAnswer> {
      const title = await write(async (trx) => {
        const slide = await repository.findById(trx, id);
        if (!slide || !(await repository.delete(trx, id))) throw notFound(`No carousel item with id ${id}`);
        return slide.title;
      });
      return said(`"${title}" deleted`);
    },
  };
}
