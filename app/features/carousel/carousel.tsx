import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Link } from "react-router";
import {
  AUTOPLAY_MS,
  isTransitionLocked,
  nextIndex,
  prevIndex,
  swipeDirection,
  wrapIndex,
  type StorefrontSlide,
} from "../../../domain/carousel/carousel";
import { focusRing, primaryButton } from "../../components/ui";
import { SlideBadge } from "../../components/slide-badge";
import { SlideImage } from "../../components/slide-image";
import { usePrefersReducedMotion } from "./use-reduced-motion";
import { formatNumber } from "../../../domain/shared/locale-format";
import { useLocalHref, useLocale } from "../../lib/i18n";
import { m } from "../../paraglide/messages";
import { LineIcon } from "../../components/line-icon";

const controlButton = `inline-flex h-10 w-10 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700 ${focusRing}`;

/**
 * The promotional carousel: auto-advances every 5 s unless paused, hovered, focused by
 * keyboard or the shopper prefers less motion; buttons, dots, arrow keys and swipes move it, wrapping
 * around, at most once per 500 ms. Built on the WAI-ARIA carousel pattern.
 */
export function Carousel({ slides, label = m.carousel_label() }: { slides: readonly StorefrontSlide[]; label?: string }) {
  const locale = useLocale();
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [userPlaying, setUserPlaying] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [keyboardInside, setKeyboardInside] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const regionRef = useRef<HTMLElement>(null);
  const slidesRef = useRef<HTMLDivElement>(null);
  const lastChangeAt = useRef<number | null>(null);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const slidesId = useId();
  const headingId = useId();

  // Reduced motion means no rotation until the shopper presses play.
  const playing = userPlaying ?? !reducedMotion;
  const rotating = playing && !hovered && !keyboardInside && count > 1;

  const go = useCallback(
    (to: (current: number) => number) => {
      const now = performance.now();
      if (isTransitionLocked(lastChangeAt.current, now)) return;
      lastChangeAt.current = now;
      // The visible slide is about to become inert: keep keyboard focus in the carousel.
      const active = slidesRef.current?.querySelector("[data-active]");
      if (active?.contains(document.activeElement)) regionRef.current?.focus();
      setIndex((current) => wrapIndex(to(current), count));
    },
    [count],
  );
  const next = useCallback(() => go((i) => nextIndex(i, count)), [go, count]);
  const prev = useCallback(() => go((i) => prevIndex(i, count)), [go, count]);

  useEffect(() => {
    if (!rotating) return;
    // Restarts on every change, so a slide chosen by hand gets its full 5 seconds.
    const timer = window.setTimeout(next, AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, index, next]);

  if (count === 0) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      next();
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      prev();
    }
  };

  return (
    <section
      ref={regionRef}
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerEnter={(event) => event.pointerType === "mouse" && setHovered(true)}
      onPointerLeave={(event) => event.pointerType === "mouse" && setHovered(false)}
      onFocus={(event) => {
        if (event.target.matches(":focus-visible")) setKeyboardInside(true);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setKeyboardInside(false);
      }}
      className={`overflow-hidden rounded-2xl border border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900 ${focusRing}`}
    >
      <h2 id={headingId} className="sr-only">
        {label}
      </h2>
      <div
        ref={slidesRef}
        id={slidesId}
        // Announce slide changes only when they are the shopper's doing, not every 5 seconds.
        aria-live={rotating ? "off" : "polite"}
        className="grid touch-pan-y"
        onTouchStart={(event) => {
          const touch = event.touches[0];
          touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
        }}
        onTouchEnd={(event) => {
          const start = touchStart.current;
          const touch = event.changedTouches[0];
          touchStart.current = null;
          if (!start || !touch) return;
          const direction = swipeDirection(touch.clientX - start.x, touch.clientY - start.y);
          if (direction === "next") next();
          else if (direction === "prev") prev();
        }}
      >
        {slides.map((slide, i) => {
          const active = i === index;
          return (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={m.carousel_slide_of({ number: formatNumber(i + 1, locale), count: formatNumber(count, locale) })}
              data-active={active ? "" : undefined}
              inert={!active}
              className={`[grid-area:1/1] grid items-center gap-4 p-4 transition-[opacity,visibility] duration-500 ease-out motion-reduce:transition-none md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] md:gap-8 md:p-8 ${
                active ? "visible opacity-100" : "invisible opacity-0"
              }`}
            >
              <div className="flex flex-col gap-3 md:gap-4">
                {slide.badge && <SlideBadge text={slide.badge} lang={slide.lang.badge} />}
                <h3 lang={slide.lang.title} className="text-2xl font-bold tracking-tight text-balance text-slate-900 md:text-3xl dark:text-white">
                  {slide.title}
                </h3>
                <p lang={slide.lang.description} className="text-slate-600 md:text-lg dark:text-slate-300">
                  {slide.description}
                </p>
                <CallToAction slide={slide} />
              </div>
              <div className="order-first md:order-last">
                <SlideImage src={slide.image} eager={i === 0} />
              </div>
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <div className="flex items-center justify-between gap-2 border-t border-slate-200 px-4 py-3 md:px-8 dark:border-slate-800">
          <button
            type="button"
            className={controlButton}
            aria-controls={slidesId}
            aria-label={playing ? m.carousel_pause() : m.carousel_play()}
            onClick={() => setUserPlaying(!playing)}
          >
            {playing ? (
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
                <rect x="6" y="5" width="4" height="14" rx="1" />
                <rect x="14" y="5" width="4" height="14" rx="1" />
              </svg>
            ) : (
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
                <path d="M7 5.5v13a1 1 0 0 0 1.5.9l10.4-6.5a1 1 0 0 0 0-1.8L8.5 4.6A1 1 0 0 0 7 5.5Z" />
              </svg>
            )}
          </button>
          <div className="flex items-center gap-1 sm:gap-2">
            <button type="button" className={controlButton} aria-controls={slidesId} aria-label={m.carousel_previous()} onClick={prev}>
              <LineIcon className="h-5 w-5" strokeWidth={2.5}>
                <path d="m15 18-6-6 6-6" />
              </LineIcon>
            </button>
            <ul className="flex items-center" aria-label={m.carousel_choose()}>
              {slides.map((slide, i) => (
                <li key={slide.id}>
                  <button
                    type="button"
                    aria-controls={slidesId}
                    aria-label={m.carousel_go_to({ number: formatNumber(i + 1, locale) })}
                    aria-current={i === index ? "true" : undefined}
                    onClick={() => go(() => i)}
                    className={`group flex h-8 w-6 items-center justify-center rounded-full ${focusRing}`}
                  >
                    <span
                      aria-hidden="true"
                      className={`block h-2.5 rounded-full transition-all duration-300 motion-reduce:transition-none ${
                        i === index
                          ? "w-5 bg-brand-600 dark:bg-brand-400"
                          : "w-2.5 bg-slate-400 group-hover:bg-slate-500 dark:bg-slate-600 dark:group-hover:bg-slate-500"
                      }`}
                    />
                  </button>
                </li>
              ))}
            </ul>
            <button type="button" className={controlButton} aria-controls={slidesId} aria-label={m.carousel_next()} onClick={next}>
              <LineIcon className="h-5 w-5" strokeWidth={2.5}>
                <path d="m9 18 6-6-6-6" />
              </LineIcon>
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

function CallToAction({ slide }: { slide: StorefrontSlide }) {
  const className = `${primaryButton} w-fit`;
  const href = useLocalHref();
  // The admin may point a slide at another site; our own pages navigate without a reload.
  if (/^https?:\/\//i.test(slide.ctaLink)) {
    return (
      <a href={slide.ctaLink} lang={slide.lang.ctaText} className={className}>
        {slide.ctaText}
      </a>
    );
  }
  return (
    <Link to={href(slide.ctaLink)} lang={slide.lang.ctaText} className={className}>
      {slide.ctaText}
    </Link>
  );
}
