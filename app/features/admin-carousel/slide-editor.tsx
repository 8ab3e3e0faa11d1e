import { useState, type FormEvent } from "react";
import type { CarouselSlide } from "../../../domain/carousel/carousel";
import { primaryButton, secondaryButton } from "../../components/ui";
import { ImageUpload } from "../../lib/admin/image-upload";
import { Dialog } from "../../components/dialog";
import { ErrorBanner, Field, StaleBanner, SubmitButton } from "../../lib/admin/form-parts";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { saveSlideSchema } from "./slide-actions";

type Values = {
  image: string;
  title: string;
  description: string;
  badge: string;
  ctaText: string;
  ctaLink: string;
  titleNe: string;
  descriptionNe: string;
  ctaTextNe: string;
};
const EMPTY: Values = { image: "", title: "", description: "", badge: "", ctaText: "", ctaLink: "", titleNe: "", descriptionNe: "", ctaTextNe: "" };

const valuesOf = (slide: CarouselSlide | null): Values =>
  slide
    ? {
        image: slide.image,
        title: slide.title,
        description: slide.description,
        badge: slide.badge,
        ctaText: slide.ctaText,
        ctaLink: slide.ctaLink,
        titleNe: slide.titleNe ?? "",
        descriptionNe: slide.descriptionNe ?? "",
        ctaTextNe: slide.ctaTextNe ?? "",
      }
    : EMPTY;

/**
 * The add / edit modal. Mounted afresh for each opening (keyed by the caller), so it starts from the
 * slide or from empty. Closing with unsaved changes asks first; a refusal shows in the screen's banner.
 */
export function SlideEditor({
  slide,
  onClose,
  onReload,
}: {
  /** null: a new slide. */
  slide: CarouselSlide | null;
  onClose: () => void;
  /** After Reload of a save over someone else's: the modal opens again on the slide as read now. */
  onReload: () => void;
}) {
  // What the modal opened with: the screen's data may be read again meanwhile.
  const [initial] = useState(() => valuesOf(slide));
  const [readVersion] = useState(slide?.version ?? 0);
  const [values, setValues] = useState<Values>(initial);
  const save = useAdminAction(saveSlideSchema, {
    banner: true,
    failure: slide ? "Failed to update item" : "Failed to add item",
    onSaved: onClose,
    onReload,
  });
  const { errors, formRef, pending: saving, banner, dismissBanner, stale, reload, reloading } = save;
  const [askDiscard, setAskDiscard] = useState(false);
  const dirty = (Object.keys(values) as Array<keyof Values>).some((key) => values[key] !== initial[key]);

  function requestClose() {
    if (saving) return;
    if (dirty) setAskDiscard(true);
    else onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    save.submit(slide ? { intent: "update", id: slide._id, version: readVersion, fields: values } : { intent: "create", fields: values });
  }

  const set = (key: keyof Values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: event.target.value }));
    save.clearError(key);
  };
  const error = (key: keyof Values) => errors[key];

  return (
    <Dialog open wide title={slide ? "Edit Carousel Item" : "Add New Carousel Item"} onClose={requestClose}>
      {askDiscard ? (
        <div role="alertdialog" aria-labelledby="discard-title" aria-describedby="discard-text">
          <p id="discard-title" className="font-semibold">
            Discard your changes?
          </p>
          <p id="discard-text" className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            What you typed in this form has not been saved.
          </p>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className={secondaryButton} onClick={() => setAskDiscard(false)} autoFocus>
              Keep editing
            </button>
            <button type="button" className={`${primaryButton} bg-red-700 hover:bg-red-600`} onClick={onClose}>
              Discard changes
            </button>
          </div>
        </div>
      ) : (
        <form id="slide-form" ref={formRef} onSubmit={submit} noValidate className="space-y-4">
          {banner && <ErrorBanner message={banner} onDismiss={dismissBanner} />}
          {stale && <StaleBanner onReload={() => void reload()} reloading={reloading} />}
          <Field label="Image URL" hint="A full URL (https://…) or a path on this site, such as /images/…" error={error("image")}>
            {(p) => (
              <input {...p} name="image" type="text" inputMode="url" autoComplete="off" required value={values.image} onChange={set("image")} />
            )}
          </Field>
          <ImageUpload value={values.image} onUploaded={(image) => setValues((v) => ({ ...v, image }))} />
          <Field label="Title" error={error("title")}>
            {(p) => <input {...p} name="title" type="text" required maxLength={120} value={values.title} onChange={set("title")} />}
          </Field>
          <Field label="Title in Nepali" optional hint="Shown on the Nepali pages; the English shows where empty" error={error("titleNe")}>
            {(p) => <input {...p} name="titleNe" type="text" lang="ne" maxLength={120} value={values.titleNe} onChange={set("titleNe")} />}
          </Field>
          <Field label="Description" error={error("description")}>
            {(p) => <textarea {...p} name="description" rows={3} required maxLength={400} value={values.description} onChange={set("description")} />}
          </Field>
          <Field label="Description in Nepali" optional error={error("descriptionNe")}>
            {(p) => (
              <textarea {...p} name="descriptionNe" lang="ne" rows={3} maxLength={400} value={values.descriptionNe} onChange={set("descriptionNe")} />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Badge" optional hint="Such as Hot, New or Best Seller" error={error("badge")}>
              {(p) => <input {...p} name="badge" type="text" maxLength={40} value={values.badge} onChange={set("badge")} />}
            </Field>
            <Field label="CTA text" optional error={error("ctaText")}>
              {(p) => <input {...p} name="ctaText" type="text" maxLength={40} value={values.ctaText} onChange={set("ctaText")} />}
            </Field>
          </div>
          <Field label="CTA text in Nepali" optional error={error("ctaTextNe")}>
            {(p) => <input {...p} name="ctaTextNe" type="text" lang="ne" maxLength={40} value={values.ctaTextNe} onChange={set("ctaTextNe")} />}
          </Field>
          <Field label="CTA link" optional hint="Where the button goes; the price list when empty" error={error("ctaLink")}>
            {(p) => <input {...p} name="ctaLink" type="text" inputMode="url" autoComplete="off" value={values.ctaLink} onChange={set("ctaLink")} />}
          </Field>
          <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
            <button type="button" className={secondaryButton} onClick={requestClose} disabled={saving}>
              Cancel
            </button>
            <SubmitButton pending={saving}>{slide ? "Update" : "Save"}</SubmitButton>
          </div>
        </form>
      )}
    </Dialog>
  );
}
