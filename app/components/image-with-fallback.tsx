import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";
import { uploadSrcSet } from "../../domain/uploads";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

/**
 * An image that shows the placeholder when its own file cannot be loaded (spec: broken images fall back).
 * An uploaded image offers each of its copies; `sizes` (by default the `width` in CSS pixels) says how
 * wide it is shown, so the browser picks the smallest copy that is sharp enough.
 */
export function ImageWithFallback({
  src,
  alt,
  width,
  height,
  sizes = `${width}px`,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, "srcSet"> & { src: string; alt: string; width: number; height: number }) {
  const ref = useRef<HTMLImageElement>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  useEffect(() => {
    // A server-rendered image can fail before React is listening for its error event.
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.getAttribute("src") === src) setFailedSrc(src);
  }, [src]);

  const failed = failedSrc === src;
  const srcSet = failed ? undefined : uploadSrcSet(src);
  return (
    <img
      {...rest}
      ref={ref}
      src={failed ? PLACEHOLDER_IMAGE : src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      onError={() => setFailedSrc(src)}
    />
  );
}
