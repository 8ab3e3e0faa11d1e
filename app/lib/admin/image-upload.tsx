import { useId, useRef, useState, type ChangeEvent } from "react";
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "../../../domain/uploads/uploads";
import { ImageWithFallback } from "../../components/image-with-fallback";
import { mutedText, secondaryButton } from "../../components/ui";
import { uploadResponseSchema } from "../../../domain/uploads/schemas";
import { callApi } from "./admin-api";
import { Spinner } from "./form-parts";

/**
 * Sits under an image URL box: a preview of what the box points at, and a button that uploads a file
 * from this device and puts its new address into the box. Typing a URL keeps working as before.
 */
export function ImageUpload({
  value,
  onUploaded,
  lossless = false,
}: {
  value: string;
  onUploaded: (url: string) => void;
  /** For a QR code: kept pixel for pixel, so it still scans (ADR 0079). */
  lossless?: boolean;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [status, setStatus] = useState<{ kind: "done" | "error"; text: string } | null>(null);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again after a failure fires change again.
    event.target.value = "";
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) {
      setStatus({ kind: "error", text: UPLOAD_MESSAGES.tooLarge });
      return;
    }
    const form = new FormData();
    form.append("file", file);
    setUploading(true);
    setStatus(null);
    const answer = await callApi("POST", lossless ? "/api/admin/uploads?lossless=true" : "/api/admin/uploads", uploadResponseSchema, form);
    setUploading(false);
    if (answer.ok) {
      onUploaded(answer.data.url);
      setStatus({ kind: "done", text: `Uploaded ${file.name}; its address is now in the box above.` });
    } else {
      setStatus({ kind: "error", text: `Upload failed: ${answer.message}` });
    }
  }

  const shown = value.trim();
  return (
    <div className="mt-2 flex items-start gap-3">
      <div className="h-16 w-24 shrink-0 overflow-hidden rounded-lg border border-slate-200 bg-slate-100 dark:border-slate-700 dark:bg-slate-800">
        {shown && <ImageWithFallback src={shown} alt="Preview of this image" width={96} height={64} className="h-full w-full object-cover" />}
      </div>
      <div className="min-w-0 flex-1">
        <button
          type="button"
          onClick={() => inputRef.current?.click()}
          disabled={uploading}
          aria-describedby={`${id}-hint`}
          className={`${secondaryButton} text-sm whitespace-nowrap`}
        >
          {uploading && <Spinner className="h-4 w-4" />}
          {uploading ? "Uploading…" : "Upload an image"}
        </button>
        <input ref={inputRef} type="file" accept={ACCEPTED_IMAGE_TYPES} onChange={upload} hidden tabIndex={-1} aria-hidden="true" />
        <p id={`${id}-hint`} className={`mt-1 text-xs ${mutedText}`}>
          JPEG, PNG, WebP or AVIF, up to {MAX_UPLOAD_BYTES / 1024 / 1024} MB.
        </p>
        <p
          role={status?.kind === "error" ? "alert" : "status"}
          className={`mt-1 text-sm break-words ${status?.kind === "error" ? "font-medium text-red-700 dark:text-red-300" : mutedText}`}
        >
          {status?.text}
        </p>
      </div>
    </div>
  );
}
