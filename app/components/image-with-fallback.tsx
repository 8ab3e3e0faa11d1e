import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

/** An image that shows the placeholder when its own file cannot be loaded (spec: broken images fall back). */
export function ImageWithFallback({
  src,
  alt,
  width,
  height,
  ...rest
}: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string; width: number; height: number }) {
  const ref = useRef<HTMLImageElement>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  useEffect(() => {
    // A server-rendered image can fail before React is listening for its error event.
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.getAttribute("src") === src) setFailedSrc(src);
  }, [src]);

  return (
    <img
      {...rest}
      ref={ref}
      src={failedSrc === src ? PLACEHOLDER_IMAGE : src}
      alt={alt}
      width={width}
      height={height}
      onError={() => setFailedSrc(src)}
    />
  );
}
