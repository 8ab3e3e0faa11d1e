import { Dialog } from "../../components/dialog";
import { primaryButton, secondaryButton } from "../../components/ui";

/**
 * "Are you sure…?" before something is deleted or discarded. `destructive` false: the confirming button is the
 * screen's usual one, for a way out that loses nothing (Hide it instead). Without `onConfirm` the dialog only
 * tells, with one button that closes it (`cancelLabel`).
 */
type ConfirmProps = {
  open: boolean;
  title?: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  onConfirm?: () => void;
  onCancel: () => void;
};

/**
 * ConfirmDialog about one item (a phone to unblock, a chat to disconnect): open while `item` is set, worded
 * for it; either button closes it (`setItem(null)`), and the confirming one hands the item to `onConfirm`.
 */
export function ConfirmItem<T>({
  item,
  setItem,
  message,
  onConfirm,
  ...rest
}: Omit<ConfirmProps, "open" | "message" | "onConfirm" | "onCancel"> & {
  item: T | null;
  setItem: (item: null) => void;
  message: (item: T) => string;
  onConfirm: (item: T) => void;
}) {
  return (
    <ConfirmDialog
      {...rest}
      open={item !== null}
      message={item === null ? "" : message(item)}
      onCancel={() => setItem(null)}
      onConfirm={() => {
        setItem(null);
        if (item !== null) onConfirm(item);
      }}
    />
  );
}

export function ConfirmDialog({
  open,
  title = "Please confirm",
  message,
  confirmLabel = "Delete",
  cancelLabel = "Cancel",
  destructive = true,
  onConfirm,
  onCancel,
}: ConfirmProps) {
  return (
    <Dialog open={open} onClose={onCancel} title={title}>
      <p>{message}</p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={secondaryButton} onClick={onCancel}>
          {cancelLabel}
        </button>
        {onConfirm && (
          <button type="button" className={destructive ? `${primaryButton} bg-red-700 hover:bg-red-600` : primaryButton} onClick={onConfirm}>
            {confirmLabel}
          </button>
        )}
      </div>
    </Dialog>
  );
}
