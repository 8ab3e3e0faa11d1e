import { useState } from "react";
import type { CarouselSlide } from "../../../domain/carousel/carousel";
import { card, focusRing, mutedText, primaryButton, secondaryButton } from "../../components/ui";
import { ConfirmDialog } from "../../lib/admin/confirm-dialog";
import { SlideBadge } from "../../components/slide-badge";
import { SlideImage } from "../../components/slide-image";
import { ErrorBanner, Spinner } from "../../lib/admin/form-parts";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { DeleteIcon, DownIcon, EditIcon, PlusIcon, UpIcon } from "./icons";
import { deleteSlideSchema, moveSlideSchema } from "./slide-actions";
import { SlideEditor } from "./slide-editor";

const iconButton = `inline-flex h-10 w-10 items-center justify-center rounded-lg border border-slate-300 text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800 ${focusRing}`;

/** The modal: a new slide (id null) or the slide with `id`, found in the data as last read (so Reload shows its latest). */
type Editor = { key: number; id: string | null };

/** The carousel admin: card grid, add/edit modal, delete with confirmation, and slide order. */
export function CarouselManager({ items }: { items: CarouselSlide[] }) {
  const [editor, setEditor] = useState<Editor | null>(null);
  const [deleting, setDeleting] = useState<CarouselSlide | null>(null);
  // The screen's banner says what failed; the list is read again either way.
  const remove = useAdminAction(deleteSlideSchema, { banner: true, failure: "Failed to delete item" });
  const move = useAdminAction(moveSlideSchema, { banner: true, failure: "Failed to update item" });
  const busy = remove.pending || move.pending;
  const banner = remove.banner ?? move.banner;

  function confirmDelete() {
    const slide = deleting;
    setDeleting(null);
    if (!slide) return;
    move.dismissBanner();
    remove.submit({ intent: "delete", id: slide._id });
  }

  function moveSlide(slide: CarouselSlide, delta: -1 | 1) {
    remove.dismissBanner();
    move.submit({ intent: "move", id: slide._id, delta });
  }

  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <h1 className="text-2xl font-bold">Carousel Admin Dashboard</h1>
          {busy && (
            <span role="status" className={`inline-flex items-center gap-2 text-sm ${mutedText}`}>
              <Spinner />
              <span className="sr-only">Loading carousel items…</span>
            </span>
          )}
        </div>
        <button type="button" className={primaryButton} onClick={() => setEditor({ key: Date.now(), id: null })}>
          <PlusIcon />
          Add New Item
        </button>
      </div>
      <p className={`mt-1 text-sm ${mutedText}`}>The slides of the home page carousel, in the order shoppers see them.</p>

      {banner && (
        <div className="mt-4">
          <ErrorBanner
            message={banner}
            onDismiss={() => {
              remove.dismissBanner();
              move.dismissBanner();
            }}
          />
        </div>
      )}

      {items.length === 0 ? (
        <div className={`${card} mt-6 flex flex-col items-center px-6 py-16 text-center`}>
          <p className="text-lg font-semibold">No carousel items found</p>
          <p className={`mt-1 ${mutedText}`}>Add your first carousel item to get started</p>
          <button type="button" className={`${secondaryButton} mt-6`} onClick={() => setEditor({ key: Date.now(), id: null })}>
            Add New Item
          </button>
        </div>
      ) : (
        <ol className="mt-6 grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-busy={busy}>
          {items.map((slide, index) => (
            <li key={slide._id} className={`${card} flex flex-col overflow-hidden`}>
              <div className="relative">
                <SlideImage src={slide.image} eager={false} />
                {slide.badge && (
                  <span className="absolute top-3 left-3">
                    <SlideBadge text={slide.badge} />
                  </span>
                )}
              </div>
              <div className="flex flex-1 flex-col p-4">
                <p className={`text-xs font-medium tracking-wide uppercase ${mutedText}`}>
                  Slide {index + 1} of {items.length}
                </p>
                <h2 className="mt-1 text-lg font-semibold break-words">{slide.title}</h2>
                <p className={`mt-1 line-clamp-3 text-sm break-words ${mutedText}`}>{slide.description}</p>
                {slide.ctaText && (
                  <p className="mt-3 text-sm break-words">
                    <span className="font-medium">Button:</span> {slide.ctaText}
                    {slide.ctaLink && <span className={mutedText}> → {slide.ctaLink}</span>}
                  </p>
                )}
                <div className="mt-auto flex items-center gap-2 border-t border-slate-200 pt-3 dark:border-slate-800 [&:not(:first-child)]:mt-4">
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={`Move "${slide.title}" up`}
                    disabled={busy || index === 0}
                    onClick={() => moveSlide(slide, -1)}
                  >
                    <UpIcon />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={`Move "${slide.title}" down`}
                    disabled={busy || index === items.length - 1}
                    onClick={() => moveSlide(slide, 1)}
                  >
                    <DownIcon />
                  </button>
                  <span className="flex-1" />
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={`Edit "${slide.title}"`}
                    disabled={busy}
                    onClick={() => setEditor({ key: Date.now(), id: slide._id })}
                  >
                    <EditIcon />
                  </button>
                  <button
                    type="button"
                    className={`${iconButton} text-red-700 dark:text-red-300`}
                    aria-label={`Delete "${slide.title}"`}
                    disabled={busy}
                    onClick={() => setDeleting(slide)}
                  >
                    <DeleteIcon />
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}

      {editor && (
        <SlideEditor
          key={editor.key}
          slide={editor.id === null ? null : (items.find((slide) => slide._id === editor.id) ?? null)}
          onClose={() => setEditor(null)}
          onReload={() => setEditor((open) => open && { ...open, key: open.key + 1 })}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        message="Are you sure you want to delete this item?"
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
