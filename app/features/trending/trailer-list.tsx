import type { Video } from "../../../domain/videos/schemas";
import { card, focusRing, mutedText } from "../../components/ui";
import { richMessage } from "../../components/rich-message";
import { m } from "../../paraglide/messages";

/** The admin's what's-new trailers (Name, Platform, TrailerLink); each opens in a new tab. */
export function TrailerList({ videos, failed }: { videos: ReadonlyArray<Omit<Video, "version">>; failed: boolean }) {
  return (
    <section aria-labelledby="trailers-heading">
      <h2 id="trailers-heading" className="text-2xl font-bold tracking-tight">
        {m.trailers_title()}
      </h2>
      {failed ? (
        <p role="status" className={`mt-4 rounded-lg border border-slate-200 px-4 py-3 text-sm dark:border-slate-800 ${mutedText}`}>
          {m.trailers_failed()}
        </p>
      ) : videos.length === 0 ? (
        <div className={`${card} mt-4 flex flex-col items-center px-6 py-10 text-center`}>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-10 w-10 text-slate-400" fill="none" stroke="currentColor" strokeWidth="1.5">
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="m10 9 5 3-5 3V9Z" fill="currentColor" />
          </svg>
          <p className="mt-3 font-semibold">{m.trailers_none()}</p>
          <p className={`mt-1 text-sm ${mutedText}`}>{m.trailers_none_text()}</p>
        </div>
      ) : (
        <ul className="mt-5 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {videos.map((video) => (
            <li key={video._id} className={`${card} flex min-w-0 items-center justify-between gap-3 p-4`}>
              <div className="min-w-0">
                {/* The admin's own words, in English only (the trailer list has no Nepali twins). */}
                <p lang="en" className="line-clamp-2 break-words font-semibold text-slate-900 dark:text-slate-50">
                  {video.Name}
                </p>
                <p lang="en" className={`text-sm ${mutedText}`}>
                  {video.Platform}
                </p>
              </div>
              <a
                href={video.TrailerLink}
                target="_blank"
                rel="noopener noreferrer"
                className={`inline-flex shrink-0 items-center gap-1.5 rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 ${focusRing}`}
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
                  <path d="M7 5.5v13a1 1 0 0 0 1.5.9l10.4-6.5a1 1 0 0 0 0-1.8L8.5 4.6A1 1 0 0 0 7 5.5Z" />
                </svg>
                {m.trailer_button()}
                <span className="sr-only"> {richMessage(m.trailer_for, { name: <span lang="en">{video.Name}</span> })}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
