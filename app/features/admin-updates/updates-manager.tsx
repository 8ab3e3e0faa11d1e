import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import type { UpdatePost } from "../../../domain/updates";
import { ImageWithFallback } from "../../components/image-with-fallback";
import { card, focusRing, mutedText, primaryButton, secondaryButton } from "../../components/ui";
import { callApi, fieldError, type ApiResult } from "../../lib/admin/admin-api";
import { ConfirmDialog } from "../../lib/admin/confirm-dialog";
import { useToast } from "../../lib/admin/toast";
import { ImageUpload } from "../../lib/admin/image-upload";
import { Field, useFocusFirstInvalid, Spinner, withReason } from "../../lib/admin/form-parts";

type Values = { Title: string; Description: string; ImageUrl: string };
const EMPTY: Values = { Title: "", Description: "", ImageUrl: "" };
type SaveAnswer = { success: boolean; data: UpdatePost; message: string };

const smallButton = `inline-flex items-center justify-center rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-700 dark:hover:bg-slate-800 ${focusRing}`;

const postedOn = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleDateString("en-GB", { dateStyle: "medium", timeZone: "Asia/Kathmandu" });
};

/** The 'Post Form' (spec §2) plus the posts already published, newest first, to correct or delete. */
export function UpdatesManager({ posts }: { posts: UpdatePost[] }) {
  const revalidator = useRevalidator();
  const toast = useToast();
  const [values, setValues] = useState<Values>(EMPTY);
  const [editing, setEditing] = useState<UpdatePost | null>(null);
  const [result, setResult] = useState<ApiResult<SaveAnswer> | null>(null);
  useFocusFirstInvalid("post-form", result);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<UpdatePost | null>(null);
  const loading = revalidator.state === "loading";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    const answer = editing
      ? await callApi<SaveAnswer>("PUT", `/api/admin/updates/${encodeURIComponent(editing._id)}`, values)
      : await callApi<SaveAnswer>("POST", "/api/admin/addNewUpdates", values);
    setSaving(false);
    setResult(answer);
    if (!answer.ok) {
      // The form keeps what was typed, with the server's words next to the fields.
      toast("error", withReason(editing ? "Failed to save the update" : "Failed to post the update", answer.message));
      return;
    }
    toast("success", answer.data.message || (editing ? "Update saved" : "Update posted"));
    setValues(EMPTY);
    setEditing(null);
    setResult(null);
    await revalidator.revalidate();
  }

  function edit(post: UpdatePost) {
    setEditing(post);
    setValues({ Title: post.Title, Description: post.Description, ImageUrl: post.ImageUrl });
    setResult(null);
    document.getElementById("post-form")?.scrollIntoView({ behavior: "smooth", block: "start" });
    window.setTimeout(() => document.querySelector<HTMLInputElement>("#post-form input")?.focus({ preventScroll: true }), 0);
  }

  function cancelEdit() {
    setEditing(null);
    setValues(EMPTY);
    setResult(null);
  }

  async function confirmDelete() {
    const post = deleting;
    setDeleting(null);
    if (!post) return;
    const answer = await callApi<{ success: boolean; message: string }>("DELETE", `/api/admin/updates/${encodeURIComponent(post._id)}`);
    if (!answer.ok) {
      toast("error", withReason("Failed to delete the update", answer.message));
      return;
    }
    toast("success", answer.data.message || "Update deleted");
    if (editing?._id === post._id) cancelEdit();
    await revalidator.revalidate();
  }

  const set = (key: keyof Values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));

  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold">Post Form</h1>
      <p className={`mt-1 text-sm ${mutedText}`}>Posts appear on the Updates page, grouped by month.</p>

      <form id="post-form" onSubmit={submit} noValidate className={`${card} mt-6 scroll-mt-6 space-y-4 p-4 sm:p-6`} aria-labelledby="post-form-title">
        <h2 id="post-form-title" className="text-lg font-semibold">
          {editing ? `Editing "${editing.Title || "Untitled update"}"` : "New update"}
        </h2>
        <Field label="Title" optional error={fieldError(result, "Title")}>
          {(p) => <input {...p} name="Title" type="text" maxLength={160} value={values.Title} onChange={set("Title")} />}
        </Field>
        <Field label="Description" error={fieldError(result, "Description")}>
          {(p) => <textarea {...p} name="Description" rows={5} required maxLength={4000} value={values.Description} onChange={set("Description")} />}
        </Field>
        <Field label="Image URL" hint="A full URL (https://…) or a path on this site, such as /images/…" error={fieldError(result, "ImageUrl")}>
          {(p) => <input {...p} name="ImageUrl" type="text" inputMode="url" autoComplete="off" required value={values.ImageUrl} onChange={set("ImageUrl")} />}
        </Field>
        <ImageUpload value={values.ImageUrl} onUploaded={(ImageUrl) => setValues((v) => ({ ...v, ImageUrl }))} />
        <div className="flex flex-col gap-3 pt-2 sm:flex-row">
          <button type="submit" className={primaryButton} disabled={saving}>
            {saving ? "Saving…" : editing ? "Save changes" : "Submit"}
          </button>
          {editing && (
            <button type="button" className={secondaryButton} onClick={cancelEdit} disabled={saving}>
              Cancel edit
            </button>
          )}
        </div>
      </form>

      <section aria-labelledby="posts-title" className="mt-10" aria-busy={loading}>
        <div className="flex items-center gap-3">
          <h2 id="posts-title" className="text-lg font-semibold">
            Published updates <span className={`font-normal ${mutedText}`}>({posts.length})</span>
          </h2>
          {loading && (
            <span role="status">
              <Spinner />
              <span className="sr-only">Loading updates…</span>
            </span>
          )}
        </div>
        {posts.length === 0 ? (
          <p className={`${card} mt-3 p-6 text-center ${mutedText}`}>No updates posted yet. The first one you submit shows here.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {posts.map((post) => (
              <li key={post._id} className={`${card} flex flex-col gap-4 p-4 sm:flex-row`}>
                <ImageWithFallback
                  src={post.ImageUrl}
                  alt=""
                  width={160}
                  height={90}
                  loading="lazy"
                  className="aspect-video h-auto w-full shrink-0 self-start rounded-lg bg-slate-200 object-cover sm:w-40 dark:bg-slate-800"
                />
                <div className="min-w-0 flex-1">
                  <h3 className="font-semibold break-words">{post.Title || "Untitled update"}</h3>
                  <p className={`mt-1 line-clamp-3 text-sm break-words whitespace-pre-line ${mutedText}`}>{post.Description}</p>
                  <p className={`mt-2 text-xs ${mutedText}`}>{postedOn(post.createdAt)}</p>
                  <div className="mt-3 flex gap-2">
                    <button type="button" className={smallButton} onClick={() => edit(post)}>
                      Edit<span className="sr-only"> {post.Title || "untitled update"}</span>
                    </button>
                    <button type="button" className={`${smallButton} text-red-700 dark:text-red-300`} onClick={() => setDeleting(post)}>
                      Delete<span className="sr-only"> {post.Title || "untitled update"}</span>
                    </button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={deleting !== null}
        message="Are you sure you want to delete this update?"
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
