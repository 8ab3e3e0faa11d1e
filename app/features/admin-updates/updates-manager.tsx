import { useState, type FormEvent } from "react";
import { SHOP_TIME_ZONE } from "../../../domain/shared/shop-time";
import type { UpdatePost } from "../../../domain/updates/schemas";
import { DecorativeImage } from "../../components/image-with-fallback";
import { mutedText } from "../../components/ui";
import { ItemList } from "../../lib/admin/item-list";
import { ImageUpload } from "../../lib/admin/image-upload";
import { Field, Spinner } from "../../lib/admin/form-parts";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { EditForm, useEditForm } from "../../lib/admin/edit-form";
import { deleteUpdateSchema, saveUpdateSchema } from "./update-actions";

type Values = { Title: string; Description: string; ImageUrl: string; TitleNe: string; DescriptionNe: string };
const EMPTY: Values = { Title: "", Description: "", ImageUrl: "", TitleNe: "", DescriptionNe: "" };
const valuesOf = (post: UpdatePost): Values => ({
  Title: post.Title,
  Description: post.Description,
  ImageUrl: post.ImageUrl,
  TitleNe: post.TitleNe ?? "",
  DescriptionNe: post.DescriptionNe ?? "",
});

const postedOn = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleDateString("en-GB", { dateStyle: "medium", timeZone: SHOP_TIME_ZONE });
};

/** The 'Post Form' plus the posts already published, newest first, to correct or delete. */
export function UpdatesManager({ posts }: { posts: UpdatePost[] }) {
  const form = useEditForm(saveUpdateSchema, {
    formId: "post-form",
    empty: EMPTY,
    valuesOf,
    items: posts,
    // The form keeps what was typed after a refusal, with the messages next to the fields.
    options: (editing) => ({ failure: editing ? "Failed to save the update" : "Failed to post the update" }),
  });
  const { save, values, setValues, editing, set, edit, cancelEdit } = form;
  const [removing, setRemoving] = useState<UpdatePost | null>(null);
  const remove = useAdminAction(deleteUpdateSchema, {
    failure: "Failed to delete the update",
    onSaved: () => editing?._id === removing?._id && cancelEdit(),
  });
  const { errors, pending: saving } = save;
  const loading = saving || remove.pending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.submit(values);
  }

  function confirmDelete(post: UpdatePost) {
    setRemoving(post);
    remove.submit({ intent: "delete", id: post._id });
  }

  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold">Post Form</h1>
      <p className={`mt-1 text-sm ${mutedText}`}>Posts appear on the Updates page, grouped by month.</p>

      <EditForm
        id="post-form"
        form={form}
        title={editing ? `Editing "${editing.Title || "Untitled update"}"` : "New update"}
        submitLabel={editing ? "Save changes" : "Submit"}
        onSubmit={submit}
      >
        <Field label="Title" optional error={errors.Title}>
          {(p) => <input {...p} name="Title" type="text" maxLength={160} value={values.Title} onChange={set("Title")} />}
        </Field>
        <Field label="Description" error={errors.Description}>
          {(p) => <textarea {...p} name="Description" rows={5} required maxLength={4000} value={values.Description} onChange={set("Description")} />}
        </Field>
        <Field label="Title in Nepali" optional hint="Shown on the Nepali pages; the English shows where empty" error={errors.TitleNe}>
          {(p) => <input {...p} name="TitleNe" type="text" lang="ne" maxLength={160} value={values.TitleNe} onChange={set("TitleNe")} />}
        </Field>
        <Field label="Description in Nepali" optional error={errors.DescriptionNe}>
          {(p) => (
            <textarea {...p} name="DescriptionNe" lang="ne" rows={5} maxLength={4000} value={values.DescriptionNe} onChange={set("DescriptionNe")} />
          )}
        </Field>
        <Field label="Image URL" hint="A full URL (https://…) or a path on this site, such as /images/…" error={errors.ImageUrl}>
          {(p) => (
            <input
              {...p}
              name="ImageUrl"
              type="text"
              inputMode="url"
              autoComplete="off"
              required
              value={values.ImageUrl}
              onChange={set("ImageUrl")}
            />
          )}
        </Field>
        <ImageUpload value={values.ImageUrl} onUploaded={(ImageUrl) => setValues((v) => ({ ...v, ImageUrl }))} />
      </EditForm>

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
        <ItemList
          items={posts}
          name={(post) => post.Title || "untitled update"}
          empty="No updates posted yet. The first one you submit shows here."
          confirm="Are you sure you want to delete this update?"
          itemClassName="gap-4"
          onEdit={edit}
          onDelete={confirmDelete}
        >
          {(post, buttons) => (
            <>
              <DecorativeImage
                src={post.ImageUrl}
                width={160}
                height={90}
                className="aspect-video h-auto w-full shrink-0 self-start rounded-lg bg-slate-200 object-cover sm:w-40 dark:bg-slate-800"
              />
              <div className="min-w-0 flex-1">
                <h3 className="font-semibold break-words">{post.Title || "Untitled update"}</h3>
                <p className={`mt-1 line-clamp-3 text-sm break-words whitespace-pre-line ${mutedText}`}>{post.Description}</p>
                <p className={`mt-2 text-xs ${mutedText}`}>{postedOn(post.createdAt)}</p>
                <div className="mt-3 flex gap-2">{buttons}</div>
              </div>
            </>
          )}
        </ItemList>
      </section>
    </div>
  );
}
