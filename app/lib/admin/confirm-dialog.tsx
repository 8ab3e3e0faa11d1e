import { Dialog } from "../../components/dialog";
import { primaryButton, secondaryButton } from "../../components/ui";

/**
 * "Are you sure…?" before something is deleted or discarded. `destructive` false: the confirming button is the
 * screen's usual one, for a way out that loses nothing (Hide it instead). Without `onConfirm` the dialog only
 * tells, with one button that closes it (`cancelLabel`).
 */
export function ConfirmDialog({
  open,
  title = "Please confirm",
  message,
  confirmLabel = "Delete",
  cancelLabel = "Cancel",
  destructive = true,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title?: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  onConfirm?: () => void;
  onCancel: () => void;
}) {
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
