import { Dialog } from "../../components/dialog";
import { primaryButton, secondaryButton } from "../../components/ui";

/** "Are you sure…?" before something is deleted or discarded. */
export function ConfirmDialog({
  open,
  title = "Please confirm",
  message,
  confirmLabel = "Delete",
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title?: string;
  message: string;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} onClose={onCancel} title={title}>
      <p>{message}</p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className={`${primaryButton} bg-red-700 hover:bg-red-600`} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
