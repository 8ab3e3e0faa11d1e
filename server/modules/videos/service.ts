import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import type { Video } from "../../../domain/videos/schemas";
import type { ChangeSignals } from "../../db/change-signals";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { conflict, isUniqueViolation, notFound } from "../../errors";
import { noticedWrites, refuseUnmatched } from "../records";
import { createVideosRepository, type VideoData } from "./repository";

/** A saved video's answer: added or updated. */
const saved = (video: Video, created: boolean) => said(created ? "Video added" : "Video updated", { video, created });

export function createVideosService(db: Db, clock: Clock, changes: ChangeSignals) {
  const repository = createVideosRepository();
  // Videos are not cached here, but pages showing them are, on every instance.
  const noticedWrite = noticedWrites(db, changes, "videos");

  async function write<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    try {
      return await noticedWrite(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict("A video with this name already exists", "Name");
      throw error;
    }
  }

  return {
    list: (): Promise<Video[]> => repository.list(db),

    /**
     * Adds a video, or updates the one with `id` (only over version `expected`, when given: 409 otherwise).
     * A second video with the same name is refused, not merged.
     */
    async save(data: VideoData, id?: string, expected?: number): Promise<AdminAnswer<{ video: Video; created: boolean }>> {
      const savedId = await write(async (trx) => {
        const holder = await repository.findIdByName(trx, data.Name);
        if (holder && holder !== id) throw conflict(`A video named "${data.Name}" already exists`, "Name");
        const now = clock().toISOString();
        if (id === undefined) return repository.insert(trx, data, now);
        const edited = await repository.update(trx, id, data, now, expected);
        await refuseUnmatched(
          edited,
          () => repository.findById(trx, id),
          () => notFound(`No video with _id ${id}`),
        );
        return id;
      });
      return saved((await repository.findById(db, savedId))!, id === undefined);
    },

    /**
     * What the spec's client's 'Add/Update Video' does (it sends no _id): updates the video with this name
     * (any case; over version `expected` when given, 409 otherwise), or adds it when there is none. Under
     * an If-Match nothing is added: no video of that name is a 404. Two requests adding one new name at
     * once give one video, the second request's save updating the first's.
     */
    async saveByName(data: VideoData, expected?: number): Promise<AdminAnswer<{ video: Video; created: boolean }>> {
      const written = await write(async (trx) => {
        const now = clock().toISOString();
        let id = await repository.findIdByName(trx, data.Name);
        if (id === undefined && expected === undefined) {
          const added = await repository.insertUnlessNamed(trx, data, now);
          if (added !== undefined) return { id: added, created: true };
          id = await repository.findIdByName(trx, data.Name);
        }
        const missing = () => notFound(`No video named "${data.Name}"`);
        if (id === undefined) throw missing();
        const edited = await repository.update(trx, id, data, now, expected);
        await refuseUnmatched(edited, () => repository.findById(trx, id), missing);
        return { id, created: false };
      });
      return saved((await repository.findById(db, written.id))!, written.created);
    },

    async delete(id: string): Promise<AdminAnswer> {
      await write(async (trx) => {
        if (!(await repository.delete(trx, id))) throw notFound(`No video with _id ${id}`);
      });
      return said("Video deleted");
    },
  };
}
