import { useId, useState } from "react";
import { CATEGORY_LABELS, itemDeleteRefusal, planEntries, type CatalogueItem } from "../../../domain/catalogue/catalogue";
import { formatNpr } from "../../../domain/shared/money";
import { DecorativeImage } from "../../components/image-with-fallback";
import { card, focusRing, mutedText, secondaryButton } from "../../components/ui";
import { ConfirmDialog } from "../../lib/admin/confirm-dialog";
import { inputClass } from "../../lib/admin/form-parts";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { priceCardSchema } from "./price-actions";
import { monthsLabel } from "../../../domain/orders/checkout";
import { matchesSearch, statusLabel } from "./price-draft";

export const DELETE_QUESTION = "Are you sure you want to delete this price?";

/**
 * Every price as a card, with a client-side search, Edit, Hide (or Show in shop) and Delete. An item its
 * customers hold keys or seats of is not deleted: its Delete says why and offers to hide it instead
 * (ADR 0100). `keptFor`: those reasons, by item id.
 */
export function PriceGrid({
  items,
  keptFor,
  editingId,
  onEdit,
  onDeleted,
}: {
  items: CatalogueItem[];
  keptFor: Record<string, string[]>;
  editingId: string | null;
  onEdit: (item: CatalogueItem) => void;
  onDeleted: (item: CatalogueItem) => void;
}) {
  const uid = useId();
  const [query, setQuery] = useState("");
  const [toDelete, setToDelete] = useState<CatalogueItem | null>(null);
  // The card's write under way: a delete, or a hide or show.
  const [acting, setActing] = useState<{ item: CatalogueItem; intent: "delete" | "hidden" } | null>(null);
  const act = useAdminAction(priceCardSchema, { onSaved: () => acting?.intent === "delete" && onDeleted(acting.item) });
  const shown = items.filter((item) => matchesSearch(item, query));
  const reasons = toDelete ? (keptFor[toDelete._id] ?? []) : [];
  const held = reasons.length > 0;

  function confirmDelete() {
    const item = toDelete;
    setToDelete(null);
    if (!item) return;
    setActing({ item, intent: "delete" });
    act.submit({ intent: "delete", name: item.Name });
  }
  function setHidden(item: CatalogueItem, hidden: boolean) {
    setToDelete(null);
    setActing({ item, intent: "hidden" });
    act.submit({ intent: "hidden", id: item._id, hidden });
  }
  const isActing = (item: CatalogueItem, intent: "delete" | "hidden") => act.pending && acting?.item._id === item._id && acting.intent === intent;

  return (
    <section aria-labelledby={`${uid}-title`}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id={`${uid}-title`} className="text-lg font-semibold">
          All prices
        </h2>
        <div className="sm:w-72">
          <label htmlFor={`${uid}-search`} className="text-sm font-medium">
            Search prices
          </label>
          <input
            id={`${uid}-search`}
            type="search"
            autoComplete="off"
            placeholder="Name or category"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className={inputClass}
          />
        </div>
      </div>
      <p role="status" className={`mt-3 text-sm ${mutedText}`}>
        {query.trim() ? `${shown.length} of ${items.length} prices match` : `${items.length} ${items.length === 1 ? "price" : "prices"}`}
      </p>

      {shown.length === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
          {items.length === 0 ? (
            <>
              <p className="font-semibold">No prices yet</p>
              <p className={`mt-1 text-sm ${mutedText}`}>Add the first one with the form.</p>
            </>
          ) : (
            <>
              <p className="font-semibold">No prices match “{query.trim()}”</p>
              <p className={`mt-1 text-sm ${mutedText}`}>Try another name or category.</p>
              <button type="button" onClick={() => setQuery("")} className={`${secondaryButton} mt-4 py-2`}>
                Clear search
              </button>
            </>
          )}
        </div>
      ) : (
        <ul aria-labelledby={`${uid}-title`} className="mt-4 grid gap-4 sm:grid-cols-2 2xl:grid-cols-3">
          {shown.map((item, index) => {
            const plans = planEntries(item.plans);
            const isEditing = item._id === editingId;
            return (
              <li key={item._id} aria-label={item.Name} className={`${card} flex flex-col p-4 ${isEditing ? "ring-2 ring-brand-500" : ""}`}>
                <div className="flex items-start gap-3">
                  <DecorativeImage
                    src={item.ImageId}
                    width={64}
                    height={64}
                    loading={index < 4 ? "eager" : "lazy"}
                    decoding="async"
                    className="h-16 w-16 shrink-0 rounded-lg bg-slate-100 object-cover dark:bg-slate-800"
                  />
                  <div className="min-w-0">
                    <h3 className="font-semibold break-words">{item.Name}</h3>
                    <p className={`text-sm ${mutedText}`}>{CATEGORY_LABELS[item.category]}</p>
                    {isEditing && <p className="text-xs font-semibold text-brand-700 dark:text-brand-400">Editing</p>}
                    {item.Hidden && (
                      <p className="mt-1 inline-block rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                        Hidden from the shop
                      </p>
                    )}
                  </div>
                </div>
                <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                  <dt className={mutedText}>ID</dt>
                  <dd>{item.Id}</dd>
                  <dt className={mutedText}>Status</dt>
                  <dd>{statusLabel(item.status)}</dd>
                  <dt className={mutedText}>Plans</dt>
                  <dd>
                    {plans.length === 0
                      ? "None (Contact Admin)"
                      : plans.map(([months, price]) => (
                          <span key={months} className="block">
                            {monthsLabel(months)}: NPR {formatNpr(price)}
                          </span>
                        ))}
                  </dd>
                  {item.Note && (
                    <>
                      <dt className={mutedText}>Note</dt>
                      <dd className="break-words">{item.Note}</dd>
                    </>
                  )}
                  {item.SpecialLink && (
                    <>
                      <dt className={mutedText}>Link</dt>
                      <dd className="break-all">
                        <a
                          href={item.SpecialLink}
                          target="_blank"
                          rel="noopener noreferrer"
                          className={`rounded text-brand-700 underline underline-offset-2 dark:text-brand-400 ${focusRing}`}
                        >
                          {item.SpecialLink}
                        </a>
                      </dd>
                    </>
                  )}
                </dl>
                {keptFor[item._id] && <p className={`mt-3 text-sm ${mutedText}`}>Kept for its customers: {keptFor[item._id]!.join(", ")}.</p>}
                <div className="mt-auto flex flex-wrap gap-2 pt-4">
                  <button
                    type="button"
                    onClick={() => onEdit(item)}
                    aria-label={`Edit ${item.Name}`}
                    className={`${secondaryButton} flex-1 px-3 py-2`}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    onClick={() => setHidden(item, !item.Hidden)}
                    disabled={isActing(item, "hidden")}
                    aria-label={item.Hidden ? `Show ${item.Name} in the shop` : `Hide ${item.Name} from the shop`}
                    className={`${secondaryButton} flex-1 px-3 py-2 whitespace-nowrap`}
                  >
                    {isActing(item, "hidden") ? "Saving…" : item.Hidden ? "Show in shop" : "Hide"}
                  </button>
                  <button
                    type="button"
                    onClick={() => setToDelete(item)}
                    disabled={isActing(item, "delete")}
                    aria-label={`Delete ${item.Name}`}
                    className={`${secondaryButton} flex-1 px-3 py-2 text-red-700 dark:text-red-300`}
                  >
                    {isActing(item, "delete") ? "Deleting…" : "Delete"}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      {/* Customers hold something of it: it is not deleted, and hiding it is the way out (ADR 0100). */}
      <ConfirmDialog
        open={toDelete !== null}
        title={held ? "This price cannot be deleted" : "Delete price"}
        message={
          !toDelete || !held
            ? DELETE_QUESTION
            : toDelete.Hidden
              ? `${toDelete.Name} cannot be deleted: ${reasons.join(", ")}. It is hidden from the shop already, and stays for its customers.`
              : itemDeleteRefusal(toDelete.Name, reasons)
        }
        confirmLabel={held ? "Hide it instead" : "Delete"}
        cancelLabel={held && toDelete?.Hidden ? "Close" : "Cancel"}
        destructive={!held}
        onConfirm={!held ? confirmDelete : toDelete && !toDelete.Hidden ? () => setHidden(toDelete, true) : undefined}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
