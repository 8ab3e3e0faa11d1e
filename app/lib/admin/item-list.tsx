import { useState, type ReactNode } from "react";
import { focusRing } from "../../components/ui";
import { ConfirmItem } from "./confirm-dialog";
import { CardList } from "./list-parts";

export const smallButton = `inline-flex items-center justify-center rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-700 dark:hover:bg-slate-800 ${focusRing}`;

/**
 * The list under an admin manager's form (updates, videos): each item with its Edit and Delete buttons, a
 * delete asked about first, and the empty state. `children` lays out one item, given its buttons to place.
 */
export function ItemList<T extends { _id: string }>({
  items,
  name,
  empty,
  confirm,
  itemClassName,
  onEdit,
  onDelete,
  children,
}: {
  items: T[];
  /** The item as the buttons' accessible names end: "Edit <name>". */
  name: (item: T) => string;
  empty: string;
  /** The question before a delete. */
  confirm: string;
  itemClassName: string;
  onEdit: (item: T) => void;
  onDelete: (item: T) => void;
  children: (item: T, buttons: ReactNode) => ReactNode;
}) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const buttons = (item: T) => (
    <>
      <button type="button" className={smallButton} onClick={() => onEdit(item)}>
        Edit<span className="sr-only"> {name(item)}</span>
      </button>
      <button type="button" className={`${smallButton} text-red-700 dark:text-red-300`} onClick={() => setDeleting(item)}>
        Delete<span className="sr-only"> {name(item)}</span>
      </button>
    </>
  );
  return (
    <>
      <CardList items={items} empty={empty} itemKey={(item) => item._id} itemClassName={itemClassName}>
        {(item) => children(item, buttons(item))}
      </CardList>
      <ConfirmItem item={deleting} setItem={setDeleting} message={() => confirm} onConfirm={onDelete} />
    </>
  );
}
