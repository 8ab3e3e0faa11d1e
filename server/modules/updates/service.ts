import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import type { UpdateData, UpdatePost } from "../../../domain/updates/schemas";
import type { ChangeSignals } from "../../db/change-signals";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { notFound } from "../../errors";
import { noticedWrites, refuseUnmatched } from "../records";
import { createUpdatesRepository } from "./repository";

export function createUpdatesService(db: Db, clock: Clock, changes: ChangeSignals) {
  const repository = createUpdatesRepository();
  // Posts are not cached here, but pages showing them are, on every instance.
  const write = noticedWrites(db, changes, "updates");

  return {
    /** Newest first. */
    list: (): Promise<UpdatePost[]> => repository.list(db),

    async create(data: UpdateData, createdAt: Date = clock()): Promise<AdminAnswer<UpdatePost>> {
      const id = await write((trx) => repository.insert(trx, data, createdAt.toISOString()));
      return said("Update posted", (await repository.findById(db, id))!);
    },

    /** `expected`: the version the edit was read with; a newer one refuses it (409). Without it, last write wins. */
    async update(id: string, data: UpdateData, expected?: number): Promise<AdminAnswer<UpdatePost>> {
      const missing = () => notFound(`No update post with id ${id}`);
      await write(async (trx) => {
        const edited = await repository.update(trx, id, data, clock().toISOString(), expected);
        await refuseUnmatched(edited, () => repository.findById(trx, id), missing);
      });
      return said("Update saved", (await repository.findById(db, id))!);
    },

    async delete(id: string): Promise<AdminAnswer> {
      await write(async (trx) => {
        if (!(await repository.delete(trx, id))) throw notFound(`No update post with id ${id}`);
      });
      return said("Update deleted");
    },
  };
}
