import { useCallback, useEffect, useRef, useState } from "react";
import type { UpdateMonth } from "../../../domain/updates/grouping";
import { focusRing } from "../../components/ui";
import { UpdateCard } from "./update-card";
import { m } from "../../paraglide/messages";

const arrowButton = `inline-flex h-9 w-9 items-center justify-center rounded-full border border-slate-300 bg-white text-lg leading-none text-slate-700 shadow-sm hover:bg-slate-50 disabled:cursor-default disabled:opacity-40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 ${focusRing}`;

/**
 * One month of updates in a row that scrolls sideways (spec). The row takes keyboard focus so arrow
 * keys scroll it; on wide screens buttons scroll it for mouse users, shown only when there is more to see.
 */
export function MonthSection({ month }: { month: UpdateMonth }) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });
  const headingId = `updates-${month.key}`;

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const start = el.scrollLeft <= 1;
    const end = el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
    setEdges((old) => (old.start === start && old.end === end ? old : { start, end }));
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);

  const scroll = (direction: 1 | -1) => {
    const el = ref.current;
    if (!el) return;
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    el.scrollBy({ left: direction * el.clientWidth * 0.8, behavior: smooth ? "smooth" : "auto" });
  };

  return (
    <section aria-labelledby={headingId} className="mt-10">
      <div className="flex items-center justify-between gap-4">
        <h2 id={headingId} className="text-xl font-semibold tracking-tight">
          {month.label}
        </h2>
        {!(edges.start && edges.end) && (
          <div className="hidden gap-2 sm:flex">
            <button
              type="button"
              className={arrowButton}
              onClick={() => scroll(-1)}
              disabled={edges.start}
              aria-label={m.updates_newer({ month: month.label })}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className={arrowButton}
              onClick={() => scroll(1)}
              disabled={edges.end}
              aria-label={m.updates_older({ month: month.label })}
            >
              <span aria-hidden="true">›</span>
            </button>
          </div>
        )}
      </div>
      <div
        ref={ref}
        role="region"
        aria-label={m.updates_from({ month: month.label })}
        tabIndex={0}
        onScroll={measure}
        className="-mx-4 mt-3 snap-x snap-mandatory scroll-px-4 overflow-x-auto px-4 pt-1 pb-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 sm:mx-0 sm:scroll-px-1 sm:rounded-xl sm:px-1"
      >
        <ul className="flex gap-4">
          {month.posts.map((post) => (
            <li key={post._id} className="w-[17rem] shrink-0 snap-start sm:w-72">
              <UpdateCard post={post} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
