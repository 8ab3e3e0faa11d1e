import { useState, type FormEvent } from "react";
import { useNavigation, useSearchParams } from "react-router";
import { VIDEO_PLATFORMS, type Video } from "../../../domain/videos";
import { card, mutedText, secondaryButton } from "../../components/ui";
import { ItemList, smallButton } from "../../lib/admin/item-list";
import { Field, showForm, Spinner, StaleNotice, SubmitButton } from "../../lib/admin/form-parts";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { deleteVideoSchema, saveVideoSchema } from "./video-actions";
import { videoErrorText } from "./video-messages";

type Values = { Name: string; Platform: (typeof VIDEO_PLATFORMS)[number]; TrailerLink: string };
const EMPTY: Values = { Name: "", Platform: "Netflix", TrailerLink: "" };
const valuesOf = (video: Video): Values => ({
  Name: video.Name,
  Platform: (VIDEO_PLATFORMS as readonly string[]).includes(video.Platform) ? (video.Platform as Values["Platform"]) : "Netflix",
  TrailerLink: video.TrailerLink,
});

/**
 * What's New Video (spec §2): one form that adds, or updates the video being edited, and a list that is
 * loaded with 'View All Videos' (never on its own) and then read again after every add, update and delete.
 * Failures are the spec's red text in the form (§8).
 */
export function VideoManager({ videos, listError }: { videos: Video[] | null; listError: string | null }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [editing, setEditing] = useState<Video | null>(null);
  const [removing, setRemoving] = useState<Video | null>(null);
  // After Reload of a save over someone else's: the video as read now goes into the form.
  const [reopen, setReopen] = useState<string | null>(null);
  const save = useAdminAction(saveVideoSchema, {
    banner: true,
    failure: (refusal) => videoErrorText(refusal, "save"),
    onSaved: () => cancelEdit(),
    onReload: () => editing && setReopen(editing._id),
  });
  if (reopen !== null) {
    setReopen(null);
    const fresh = videos?.find((video) => video._id === reopen);
    setEditing(fresh ?? null);
    setValues(fresh ? valuesOf(fresh) : EMPTY);
  }
  const remove = useAdminAction(deleteVideoSchema, {
    banner: true,
    failure: (refusal) => videoErrorText(refusal, "remove"),
    onSaved: () => editing?._id === removing?._id && cancelEdit(),
  });
  const { errors, formRef, pending: saving, stale, reload, reloading } = save;
  const { pending: deletingNow } = remove;
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const listing = navigation.state === "loading" && navigation.location.search.includes("list=all");
  const error = save.banner ?? remove.banner ?? listError;

  function loadVideos() {
    save.dismissBanner();
    remove.dismissBanner();
    setSearchParams({ list: "all" }, { preventScrollReset: true, replace: true });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    remove.dismissBanner();
    save.submit(editing ? { intent: "update", id: editing._id, version: editing.version, fields: values } : { intent: "create", fields: values });
  }

  function edit(video: Video) {
    setEditing(video);
    setValues(valuesOf(video));
    save.clearErrors();
    remove.dismissBanner();
    showForm("video-form");
  }

  function cancelEdit() {
    setEditing(null);
    setValues(EMPTY);
    save.clearErrors();
  }

  function confirmDelete(video: Video) {
    save.dismissBanner();
    setRemoving(video);
    remove.submit({ intent: "delete", id: video._id });
  }

  const set = (key: keyof Values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: event.target.value }));
    save.clearError(key);
  };

  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold">What&apos;s New Video</h1>
      <p className={`mt-1 text-sm ${mutedText}`}>Trailers of new films and series on the platforms the shop sells.</p>

      <form
        id="video-form"
        ref={formRef}
        onSubmit={submit}
        noValidate
        className={`${card} mt-6 scroll-mt-6 space-y-4 p-4 sm:p-6`}
        aria-labelledby="video-form-title"
      >
        <h2 id="video-form-title" className="text-lg font-semibold">
          {editing ? `Editing "${editing.Name}"` : "Add a video"}
        </h2>
        <Field label="Name" error={errors.Name}>
          {(p) => <input {...p} name="Name" type="text" required maxLength={160} value={values.Name} onChange={set("Name")} />}
        </Field>
        <Field label="Platform" error={errors.Platform}>
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
        <Field label="Trailer link" hint="The full address of the trailer, such as https://www.youtube.com/watch?v=…" error={errors.TrailerLink}>
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
        {stale && <StaleNotice onReload={() => void reload()} reloading={reloading} />}
        <div className="flex flex-col gap-3 pt-2 sm:flex-row sm:flex-wrap">
          <SubmitButton pending={saving}>Add/Update Video</SubmitButton>
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
        <section aria-labelledby="video-list-title" className="mt-8" aria-busy={listing || deletingNow}>
          <h2 id="video-list-title" className="text-lg font-semibold">
            All videos <span className={`font-normal ${mutedText}`}>({videos.length})</span>
          </h2>
          <ItemList
            items={videos}
            name={(video) => video.Name}
            empty="No videos yet. Add the first one above."
            confirm="Are you sure you want to delete this video?"
            itemClassName="gap-3 sm:items-center"
            onEdit={edit}
            onDelete={confirmDelete}
          >
            {(video, buttons) => (
              <>
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
                  {buttons}
                </div>
              </>
            )}
          </ItemList>
        </section>
      )}
    </div>
  );
}
