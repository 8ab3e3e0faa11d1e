import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import type { PaymentMethod } from "../../../domain/payment-methods/payment-methods";
import type { PaymentMethodData } from "../../../domain/payment-methods/schemas";
import type { ChangeSignals } from "../../db/change-signals";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { badRequest, notFound } from "../../errors";
import type { Actor } from "../actor";
import type { AuditLog } from "../audit/service";
import { signalledCache } from "../cache";
import { noticedWrites, refuseUnmatched } from "../records";
import { createPaymentMethodsRepository } from "./repository";

/** The shop's ways to pay, shown on every order page that waits for payment. */
export function createPaymentMethodsService(db: Db, clock: Clock, changes: ChangeSignals, { audit }: { audit: Pick<AuditLog, "record"> }) {
  const repository = createPaymentMethodsRepository();
  // Dropped on every instance by the change signal of an edit (ADR 0019): the next order page shows it.
  const cache = signalledCache(changes, "payment-methods", () => repository.list(db));
  const missing = (id: string) => () => notFound(`No payment method with id ${id}`);
  const write = noticedWrites(db, changes, "payment-methods");

  return {
    /** The enabled methods in the order the shop set. */
    enabled: async (): Promise<PaymentMethod[]> => (await cache.get()).filter((method) => method.enabled),

    /** Every method as an admin edits them: from the database, never a cache that may be behind. */
    listForEdit: (): Promise<PaymentMethod[]> => repository.list(db),

    async create(data: PaymentMethodData): Promise<AdminAnswer<PaymentMethod>> {
      const id = await write(async (trx) => repository.insert(trx, data, await repository.nextPosition(trx), clock().toISOString()));
      const method = (await repository.findById(db, id))!;
      return said(`Payment method ${method.name} added`, method);
    },

    /** `expected`: the version the edit was read with; a newer one refuses it (409). Without it, last write wins. */
    async update(id: string, data: PaymentMethodData, expected?: number): Promise<AdminAnswer<PaymentMethod>> {
      await write(async (trx) => {
        const edited = await repository.update(trx, id, data, clock().toISOString(), expected);
        await refuseUnmatched(edited, () => repository.findById(trx, id), missing(id));
      });
      const method = (await repository.findById(db, id))!;
      return said(`Payment method ${method.name} saved`, method);
    },

    /** Puts the methods in the order of `ids`, which must name each of them once. */
    async reorder(ids: readonly string[]): Promise<AdminAnswer<PaymentMethod[]>> {
      const now = clock().toISOString();
      await write(async (trx) => {
        const current = await repository.list(trx);
        const known = new Set(current.map((method) => method._id));
        if (new Set(ids).size !== ids.length || ids.length !== current.length || ids.some((id) => !known.has(id))) {
          throw badRequest("ids must name every payment method once, in the new order", [
            { field: "ids", message: "Name every payment method once" },
          ]);
        }
        for (const [position, id] of ids.entries()) await repository.setPosition(trx, id, position, now);
      });
      return said("Payment methods reordered", await repository.list(db));
    },

    /**
     * Takes a way to pay out of the shop. Nothing a customer holds goes with it (orders keep no link to it); the
     * deletion is written to the audit log, naming the account it paid into (ADR 0100).
     */
    async delete(id: string, actor: Actor): Promise<AdminAnswer> {
      await write(async (trx) => {
        const method = await repository.findById(trx, id);
        if (!method || !(await repository.delete(trx, id))) throw missing(id)();
        const label = [method.name, method.account, method.holder].filter(Boolean).join(", ");
        await audit.record(trx, actor, { kind: "deleted", what: "payment method deleted", label }, clock().toISOString());
      });
      return said("Payment method deleted");
    },
  };
}
