import { useState } from "react";
import type { UpdateCard as UpdateCardData } from "../../../domain/updates/grouping";
import { DecorativeImage } from "../../components/image-with-fallback";
import { card, focusRing, mutedText } from "../../components/ui";
import { formatBsDate } from "../../../domain/shared/bikram-sambat-dates";
import { shopToday } from "../../../domain/shared/shop-time";
import { useLocale } from "../../lib/i18n";
import { m } from "../../paraglide/messages";

/** Longer descriptions are cut to a few lines until the shopper asks for the rest. */
const LONG_DESCRIPTION = 180;

export function UpdateCard({ post }: { post: UpdateCardData }) {
  const locale = useLocale();
  const [expanded, setExpanded] = useState(false);
  const description = post.Description.trim();
  const long = description.length > LONG_DESCRIPTION;
  const descriptionId = `update-${post._id}-description`;
  return (
    <article className={`${card} relative flex h-full flex-col overflow-hidden`}>
      <DecorativeImage
        src={post.ImageUrl}
        width={640}
        height={360}
        sizes="18rem"
        className="aspect-video w-full bg-slate-100 object-cover dark:bg-slate-800"
      />
      <div className="flex flex-1 flex-col p-4">
        <time dateTime={post.createdAt} className="text-xs font-medium tracking-wide text-brand-700 uppercase dark:text-brand-400">
          {locale === "ne" ? formatBsDate(shopToday(new Date(post.createdAt))) : post.dateLabel}
        </time>
        {post.Title && (
          <h3 lang={post.lang.title} className="mt-1 font-semibold">
            {post.Title}
          </h3>
        )}
        <p
          id={descriptionId}
          lang={description ? post.lang.description : undefined}
          className={`mt-2 text-sm ${mutedText} ${long && !expanded ? "line-clamp-4" : ""} ${description ? "" : "italic"}`}
        >
          {description || m.updates_no_description()}
        </p>
        {long && (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={descriptionId}
            onClick={() => setExpanded((e) => !e)}
            className={`mt-2 self-start rounded text-sm font-medium text-brand-700 hover:underline dark:text-brand-400 ${focusRing}`}
          >
            {expanded ? m.updates_less() : m.updates_more()}
            {post.Title && (
              <span className="sr-only">
                : <span lang={post.lang.title}>{post.Title}</span>
              </span>
            )}
          </button>
        )}
      </div>
    </article>
  );
}
