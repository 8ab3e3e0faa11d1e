export type { UploadResponse } from "./schemas";

/** The largest image file an admin may upload. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Beyond this many pixels an image is refused before it is decoded (a small file can hold a huge picture). */
export const MAX_UPLOAD_PIXELS = 40_000_000;
/**
 * A QR code (a lossless upload, ADR 0079) has at most this many pixels: a code scans at far fewer, and a lossless
 * copy of a large picture costs the server hundreds of megabytes to make.
 */
export const MAX_LOSSLESS_PIXELS = 4_000_000;
/** Widths the server makes of each upload; narrower images keep their own width. */
export const UPLOAD_WIDTHS: readonly number[] = [480, 960, 1600];
const WIDEST_UPLOAD = Math.max(...UPLOAD_WIDTHS);
/** Where uploads are served from; a stored image field holds the widest copy's URL. */
export const MEDIA_PREFIX = "/media/";
/** For the file picker; the server trusts the bytes, not this list. */
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/avif";

export const UPLOAD_MESSAGES = {
  noFile: "Choose an image file to upload (form field 'file')",
  notMultipart: "Send the image as multipart/form-data with a field named 'file'",
  malformed:
    "The upload did not arrive as a complete form (it may have been cut off, or its parts are not marked as its Content-Type says); send the image again as multipart/form-data with a field named 'file'",
  tooLarge: `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB; choose a smaller file`,
  tooManyPixels: `The image has more than ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels; choose a smaller picture`,
  tooManyPixelsForQr: `A QR code image may have at most ${MAX_LOSSLESS_PIXELS / 1_000_000} megapixels; crop it to the code, or save it smaller, and upload that`,
  wrongType: "Only JPEG, PNG, WebP or AVIF images can be uploaded",
  unreadable: "The image could not be read; it may be damaged. Try another file",
  tooSlow: "The image took too long to process; choose a smaller or simpler picture",
  pathInName: "The file name must be a plain name, without folders or '..'; rename the file and try again",
  hiddenContent:
    "This image carries something besides the picture (a script, a web page or an archive); save the picture again from an image editor and upload that copy",
} as const;

/** The widths to make of an image `width` pixels wide: the standard ones below it, then its own (capped at the widest). */
export function variantWidths(width: number): number[] {
  const below = UPLOAD_WIDTHS.filter((w) => w < width);
  const own = Math.min(width, WIDEST_UPLOAD);
  return below.includes(own) ? below : [...below, own];
}

const UPLOAD_URL = /^\/media\/([0-9a-f]{32})-(\d+)\.webp$/;
const UPLOAD_FILE_NAME = /^[0-9a-f]{32}-\d{1,5}\.webp$/;

/** Whether a name under /media/ is one the server gives an upload's copy (`<32 hex>-<width>.webp`). */
export function isUploadFileName(name: string): boolean {
  return UPLOAD_FILE_NAME.test(name);
}

/**
 * The `srcset` of an uploaded image from the URL of its widest copy (every copy shares the name and
 * differs by width), so a phone downloads the 480 px copy; undefined for any other image.
 */
export function uploadSrcSet(url: string): string | undefined {
  const match = UPLOAD_URL.exec(url);
  if (!match) return undefined;
  const widest = Number(match[2]);
  const widths = variantWidths(widest);
  if (widths.length < 2) return undefined;
  return widths.map((width) => `${MEDIA_PREFIX}${match[1]}-${width}.webp ${width}w`).join(", ");
}
