import { useState, type FormEvent } from "react";
import { useNavigation, useSearchParams } from "react-router";
import { VIDEO_PLATFORMS } from "../../../domain/videos/videos";
import type { Video } from "../../../domain/videos/schemas";
import { mutedText, secondaryButton } from "../../components/ui";
import { ItemList, smallButton } from "../../lib/admin/item-list";
import { Field, Spinner } from "../../lib/admin/form-parts";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { EditForm, useEditForm } from "../../lib/admin/edit-form";
import { deleteVideoSchema, saveVideoSchema } from "./video-actions";
import { videoErrorText } from "./video-messages";
import { Options } from "../../components/options";

type Values = { Name: string; Platform: (typeof VIDEO_PLATFORMS)[number]; TrailerLink: string };
const EMPTY: Values = { Name: "", Platform: "Netflix", TrailerLink: "" };
const valuesOf = (video: Video): Values => ({
  Name: video.Name,
  Platform: (VIDEO_PLATFORMS as readonly string[]).includes(video.Platform) ? (video.Platform as Values["Platform"]) : "Netflix",
  TrailerLink: video.TrailerLink,
});

/**
 * What's New Video: one form that adds, or updates the video being edited, and a list that is
 * loaded with 'View All Videos' (never on its own) and then read again after every add, update and delete.
 * Failures are red text in the form.
 */
export function VideoManager({ videos, listError }: { videos: Video[] | null; listError: string | null }) {
  const form = useEditForm(saveVideoSchema, {
    formId: "video-form",
    empty: EMPTY,
    valuesOf,
    items: videos,
    options: () => ({ banner: true, failure: (refusal) => videoErrorText(refusal, "save") }),
  });
  const { save, values, editing, set, cancelEdit } = form;
  const [removing, setRemoving] = useState<Video | null>(null);
  const remove = useAdminAction(deleteVideoSchema, {
    banner: true,
    failure: (refusal) => videoErrorText(refusal, "remove"),
    onSaved: () => editing?._id === removing?._id && cancelEdit(),
  });
  const { errors, pending: saving } = save;
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
    form.submit(values);
  }

  function edit(video: Video) {
    form.edit(video);
    remove.dismissBanner();
  }

  function confirmDelete(video: Video) {
    save.dismissBanner();
    setRemoving(video);
    remove.submit({ intent: "delete", id: video._id });
  }

  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold">What&apos;s New Video</h1>
      <p className={`mt-1 text-sm ${mutedText}`}>Trailers of new films and series on the platforms the shop sells.</p>

      <EditForm
        id="video-form"
        form={form}
        title={editing ? `Editing "${editing.Name}"` : "Add a video"}
        submitLabel="Add/Update Video"
        onSubmit={submit}
        alert={error}
        buttons={
          <button type="button" className={`${secondaryButton} sm:ml-auto`} onClick={loadVideos} disabled={listing}>
            {listing && <Spinner />}
            View All Videos
          </button>
        }
      >
        <Field label="Name" error={errors.Name}>
          {(p) => <input {...p} name="Name" type="text" required maxLength={160} value={values.Name} onChange={set("Name")} />}
        </Field>
        <Field label="Platform" error={errors.Platform}>
          {(p) => (
            <select {...p} name="Platform" required value={values.Platform} onChange={set("Platform")}>
              <Options of={VIDEO_PLATFORMS} label={(platform) => platform} />
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
      </EditForm>

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
