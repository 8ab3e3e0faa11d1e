import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";
import { uploadSrcSet } from "../../domain/uploads/uploads";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

/**
 * An image that shows the placeholder when its own file cannot be loaded (spec: broken images fall back).
 * An uploaded image offers each of its copies; `sizes` (by default the `width` in CSS pixels) says how
 * wide it is shown, so the browser picks the smallest copy that is sharp enough.
 */
type ImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "srcSet"> & { src: string; alt: string; width: number; height: number };

/** Whether the image `src` failed to load, with the ref and onError that tell it, for an `<img>` that shows something else then. */
export function useImageFailed(src: string | null) {
  const ref = useRef<HTMLImageElement>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  useEffect(() => {
    // A server-rendered image can fail before React is listening for its error event.
    const img = ref.current;
    if (src && img && img.complete && img.naturalWidth === 0 && img.getAttribute("src") === src) setFailedSrc(src);
  }, [src]);

  return { ref, failed: src !== null && failedSrc === src, onError: () => setFailedSrc(src) };
}

export function ImageWithFallback({ src, alt, width, height, sizes = `${width}px`, ...rest }: ImageProps) {
  const { ref, failed, onError } = useImageFailed(src);
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
      onError={onError}
    />
  );
}

/**
 * A picture beside words that already say what it shows (a card's, a list line's): empty alt, and loaded
 * when it nears the screen unless `loading` says otherwise.
 */
export function DecorativeImage(props: Omit<ImageProps, "alt">) {
  return <ImageWithFallback alt="" loading="lazy" {...props} />;
}
