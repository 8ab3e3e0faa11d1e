import { useEffect, useRef, useState } from "react";
import { uploadSrcSet } from "../../domain/uploads/uploads";
import { m } from "../paraglide/messages";

/** A slide's picture; a file that cannot be loaded shows 'Image not available' in the same space. */
export function SlideImage({ src, eager }: { src: string; eager: boolean }) {
  const ref = useRef<HTMLImageElement>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  useEffect(() => {
    // A server-rendered image can fail before React is listening for its error event.
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.getAttribute("src")) setFailedSrc(src);
  }, [src]);

  const box = "aspect-[12/5] w-full rounded-xl";
  if (failedSrc === src) {
    return (
      <div className={`${box} flex flex-col items-center justify-center gap-2 bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300`}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="1.5">
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <circle cx="8.5" cy="10" r="1.5" />
          <path d="m21 16-5-5-8 8" />
        </svg>
        <p className="text-sm font-medium">{m.image_missing()}</p>
      </div>
    );
  }
  return (
    <img
      ref={ref}
      src={src}
      srcSet={uploadSrcSet(src)}
      // The picture takes the slide's width on phones and its wider column (7 of 12 parts) from md up.
      sizes="(min-width: 768px) 650px, 100vw"
      // The slide's title and description say what the picture shows.
      alt=""
      width={1200}
      height={500}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : "auto"}
      decoding={eager ? "sync" : "async"}
      onError={() => setFailedSrc(src)}
      className={`${box} bg-slate-200 object-cover dark:bg-slate-800`}
    />
  );
}
