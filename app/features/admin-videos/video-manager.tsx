import type { z } from "zod";
import { useState, type FormEvent } from "react";
import { VIDEO_PLATFORMS, type Video } from "../../../domain/videos";
import { card, focusRing, mutedText, primaryButton, secondaryButton } from "../../components/ui";
import { successMessageSchema } from "../../../domain/common";
import { videoListResponseSchema, videoSaveResponseSchema } from "../../../domain/videos";
import { callApi, fieldError, type ApiResult } from "../../lib/admin/admin-api";
import { ConfirmDialog } from "../../lib/admin/confirm-dialog";
import { useToast } from "../../lib/admin/toast";
import { Field, useFocusFirstInvalid, Spinner } from "../../lib/admin/form-parts";
import { videoErrorText } from "./video-messages";

type Values = { Name: string; Platform: (typeof VIDEO_PLATFORMS)[number]; TrailerLink: string };
const EMPTY: Values = { Name: "", Platform: "Netflix", TrailerLink: "" };
type SaveAnswer = z.infer<typeof videoSaveResponseSchema>;

const smallButton = `inline-flex items-center justify-center rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-700 dark:hover:bg-slate-800 ${focusRing}`;

/**
 * What's New Video (spec §2): one form that adds, or updates the video being edited, and a list that is
 * loaded with 'View All Videos' (never on its own) and then kept fresh after every add, update and delete.
 */
export function VideoManager() {
  const toast = useToast();
  const [values, setValues] = useState<Values>(EMPTY);
  const [editing, setEditing] = useState<Video | null>(null);
  const [saveResult, setSaveResult] = useState<ApiResult<SaveAnswer> | null>(null);
  useFocusFirstInvalid("video-form", saveResult);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [videos, setVideos] = useState<Video[] | null>(null);
  const [listing, setListing] = useState(false);
  const [deleting, setDeleting] = useState<Video | null>(null);

  async function loadVideos() {
    setListing(true);
    const answer = await callApi("GET", "/api/admin/viewWhatsNewVideo", videoListResponseSchema);
    setListing(false);
    if (answer.ok && answer.data.success) {
      setVideos(answer.data.items);
      // An earlier failed attempt's message would otherwise sit above a list that loaded fine.
      setError(null);
      return;
    }
    setError(answer.ok ? answer.data.message || "Failed to fetch videos" : videoErrorText(answer, "list"));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    const answer = await callApi("POST", "/api/admin/addWhatsNewVideo", videoSaveResponseSchema, editing ? { ...values, _id: editing._id } : values);
    setSaving(false);
    setSaveResult(answer);
    if (!answer.ok || !answer.data.success) {
      setError(answer.ok ? answer.data.message || "Failed to add/update video" : videoErrorText(answer, "save"));
      return;
    }
    toast("success", answer.data.message || (editing ? "Video updated" : "Video added"));
    setValues(EMPTY);
    setEditing(null);
    setSaveResult(null);
    if (videos !== null) await loadVideos();
  }

  function edit(video: Video) {
    setEditing(video);
    setValues({
      Name: video.Name,
      Platform: (VIDEO_PLATFORMS as readonly string[]).includes(video.Platform) ? (video.Platform as Values["Platform"]) : "Netflix",
      TrailerLink: video.TrailerLink,
    });
    setSaveResult(null);
    setError(null);
    document.getElementById("video-form")?.scrollIntoView({ behavior: "smooth", block: "start" });
    window.setTimeout(() => document.querySelector<HTMLInputElement>("#video-form input")?.focus({ preventScroll: true }), 0);
  }

  function cancelEdit() {
    setEditing(null);
    setValues(EMPTY);
    setSaveResult(null);
  }

  async function confirmDelete() {
    const video = deleting;
    setDeleting(null);
    if (!video) return;
    setError(null);
    const answer = await callApi("POST", "/api/admin/deleteWhatsNewVideo", successMessageSchema, { _id: video._id });
    if (!answer.ok || !answer.data.success) {
      setError(answer.ok ? answer.data.message || "Failed to delete video" : videoErrorText(answer, "remove"));
      return;
    }
    toast("success", answer.data.message || "Video deleted");
    if (editing?._id === video._id) cancelEdit();
    // The spec's screen left the deleted video in the list; it is read again here.
    await loadVideos();
  }

  const set = (key: keyof Values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));

  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold">What&apos;s New Video</h1>
      <p className={`mt-1 text-sm ${mutedText}`}>Trailers of new films and series on the platforms the shop sells.</p>

      <form
        id="video-form"
        onSubmit={submit}
        noValidate
        className={`${card} mt-6 scroll-mt-6 space-y-4 p-4 sm:p-6`}
        aria-labelledby="video-form-title"
      >
        <h2 id="video-form-title" className="text-lg font-semibold">
          {editing ? `Editing "${editing.Name}"` : "Add a video"}
        </h2>
        <Field label="Name" error={fieldError(saveResult, "Name")}>
          {(p) => <input {...p} name="Name" type="text" required maxLength={160} value={values.Name} onChange={set("Name")} />}
        </Field>
        <Field label="Platform" error={fieldError(saveResult, "Platform")}>
          {(p) => (
            <select {...p} name="Platform" required value={values.Platform} onChange={set("Platform")}>
              {VIDEO_PLATFORMS.map((platform) => (
                <option key={platform} value={platform}>
                  {platform}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Trailer link"
          hint="The full address of the trailer, such as https://www.youtube.com/watch?v=…"
          error={fieldError(saveResult, "TrailerLink")}
        >
          {(p) => (
            <input
              {...p}
              name="TrailerLink"
              type="url"
              required
              inputMode="url"
              autoComplete="off"
              value={values.TrailerLink}
              onChange={set("TrailerLink")}
            />
          )}
        </Field>
        {error && (
          <p role="alert" className="font-medium text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
        <div className="flex flex-col gap-3 pt-2 sm:flex-row sm:flex-wrap">
          <button type="submit" className={primaryButton} disabled={saving}>
            {saving ? "Saving…" : "Add/Update Video"}
          </button>
          {editing && (
            <button type="button" className={secondaryButton} onClick={cancelEdit}>
              Cancel edit
            </button>
          )}
          <button type="button" className={`${secondaryButton} sm:ml-auto`} onClick={loadVideos} disabled={listing}>
            {listing && <Spinner />}
            View All Videos
          </button>
        </div>
      </form>

      {videos !== null && (
        <section aria-labelledby="video-list-title" className="mt-8" aria-busy={listing}>
          <h2 id="video-list-title" className="text-lg font-semibold">
            All videos <span className={`font-normal ${mutedText}`}>({videos.length})</span>
          </h2>
          {videos.length === 0 ? (
            <p className={`${card} mt-3 p-6 text-center ${mutedText}`}>No videos yet. Add the first one above.</p>
          ) : (
            <ul className="mt-3 space-y-3">
              {videos.map((video) => (
                <li key={video._id} className={`${card} flex flex-col gap-3 p-4 sm:flex-row sm:items-center`}>
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words">{video.Name}</p>
                    <p className={`text-sm ${mutedText}`}>{video.Platform}</p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <a
                      href={video.TrailerLink}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={`${smallButton} text-brand-700 dark:text-brand-400`}
                    >
                      Trailer<span className="sr-only"> of {video.Name} (opens in a new tab)</span>
                    </a>
                    <button type="button" className={smallButton} onClick={() => edit(video)}>
                      Edit<span className="sr-only"> {video.Name}</span>
                    </button>
                    <button type="button" className={`${smallButton} text-red-700 dark:text-red-300`} onClick={() => setDeleting(video)}>
                      Delete<span className="sr-only"> {video.Name}</span>
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <ConfirmDialog
        open={deleting !== null}
        message="Are you sure you want to delete this video?"
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
