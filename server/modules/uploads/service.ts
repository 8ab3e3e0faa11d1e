import { randomBytes } from "node:crypto";
import type { Metadata } from "sharp";
import {
  MAX_LOSSLESS_PIXELS,
  MAX_UPLOAD_PIXELS,
  MEDIA_PREFIX,
  UPLOAD_MESSAGES,
  variantWidths,
  type UploadResponse,
} from "../../../domain/uploads/uploads";
import { badRequest, HttpError } from "../../errors";
import type { MediaService } from "../media/service";
import { createEncodeQueue, ENCODE_WAIT_MS, type EncodeQueue } from "./encode-queue";

export type StoredImage = Omit<UploadResponse, "success" | "message">;

// Loaded at the first upload rather than at start: the native module adds to the time before the shop answers.
let loaded: Promise<typeof import("sharp")> | undefined;
const loadSharp = () => (loaded ??= import("sharp").then((module) => module.default));
/**
 * The most time sharp may spend making one copy; it works in its own threads, so pages keep answering meanwhile.
 * Well inside the connection's idle limit (30 s, server/app.ts): no byte goes either way while it encodes, and a
 * copy still encoding then would end as a dropped connection instead of this 413 saying why.
 */
export const ENCODE_TIMEOUT_SECONDS = 20;
/**
 * What is left of the idle limit once an upload has waited its longest for its turn (ENCODE_WAIT_MS) and the
 * encoder has given up: to store the copies and send the answer.
 */
export const ENCODE_MARGIN_MS = 5_000;
export { ENCODE_WAIT_MS };

/** Uploaded images: recognised by their bytes, re-encoded to WebP at a few widths, stored under random names (media service). */
export function createUploadsService(media: Pick<MediaService, "save">, queue: EncodeQueue = createEncodeQueue()) {
  return {
    /**
     * `lossless` (a payment QR code, ADR 0079): one copy, every pixel kept (lossless WebP, and when it must be
     * narrowed, nearest-neighbour so the modules keep their hard edges), so it still scans.
     */
    async storeImage(bytes: Buffer, { lossless = false }: { lossless?: boolean } = {}): Promise<StoredImage> {
      const sharp = await loadSharp();
      const oriented = await inspect(bytes);
      if (lossless && oriented.width * oriented.height > MAX_LOSSLESS_PIXELS) throw new HttpError(413, UPLOAD_MESSAGES.tooManyPixelsForQr);
      // Re-encoding drops whatever else the file carried (EXIF with GPS, scripts in metadata, trailing data).
      const source = sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: "error" }).rotate().timeout({ seconds: ENCODE_TIMEOUT_SECONDS });
      const widths = lossless ? variantWidths(oriented.width).slice(-1) : variantWidths(oriented.width);
      // One image's pixels in memory at a time, its copies made together.
      const encoded = await queue.run(() =>
        readable(() =>
          Promise.all(
            widths.map((width) =>
              lossless
                ? source.clone().resize({ width, kernel: "nearest" }).webp({ lossless: true }).toBuffer({ resolveWithObject: true })
                : source.clone().resize({ width }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true }),
            ),
          ),
        ),
      );

      const name = randomBytes(16).toString("hex");
      await media.save(encoded.map(({ data, info }) => ({ name: `${name}-${info.width}.webp`, contentType: "image/webp", bytes: data })));

      const variants = encoded.map(({ info }) => ({ width: info.width, url: `${MEDIA_PREFIX}${name}-${info.width}.webp` }));
      const widest = encoded[encoded.length - 1]!.info;
      return { url: variants[variants.length - 1]!.url, width: widest.width, height: widest.height, variants };
    },
  };
}

/**
 * Markers of markup, server scripts and documents. Each is a short fixed string, so the search costs the
 * same at every byte: linear in the file's size (about 10 ms for 5 MB).
 */
const HIDDEN_MARKUP = /<script|<\?php|<html|<!doctype|<svg\s|<iframe|<object|javascript:|%PDF-/i;
/**
 * A ZIP's first entry and its closing record. Found by two searches rather than one pattern spanning them:
 * such a pattern retries from every entry marker to the end, and a picture packed with markers froze the
 * server for a minute (quadratic time).
 */
const ZIP_ENTRY = Buffer.from("PK\x03\x04", "latin1");
const ZIP_END = Buffer.from("PK\x05\x06", "latin1");

/**
 * Whether a file carries a page, a script, a document or an archive besides its picture. Pictures are
 * compressed data: these markers turn up in one 5 MB photo by chance about once in 10,000.
 */
export function carriesHiddenContent(bytes: Buffer): boolean {
  if (HIDDEN_MARKUP.test(bytes.toString("latin1"))) return true;
  const entry = bytes.indexOf(ZIP_ENTRY);
  return entry !== -1 && bytes.lastIndexOf(ZIP_END) > entry;
}

/**
 * Only JPEG, PNG, WebP and AVIF, told apart by their bytes; size limits before anything is decoded.
 * Answers the size as shown, after the camera's EXIF rotation.
 */
async function inspect(bytes: Buffer): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(415, UPLOAD_MESSAGES.wrongType);
  }
  const { format, compression, width, height } = metadata;
  const accepted = format === "jpeg" || format === "png" || format === "webp" || (format === "heif" && compression === "av1");
  if (!accepted) throw new HttpError(415, UPLOAD_MESSAGES.wrongType);
  // A polyglot: a real picture that is also a page, a script or an archive. Re-encoding would strip the
  // rest, but a file made to be two things is refused outright rather than cleaned.
  if (carriesHiddenContent(bytes)) throw new HttpError(415, UPLOAD_MESSAGES.hiddenContent);
  if (!width || !height) throw badRequest(UPLOAD_MESSAGES.unreadable);
  if (width * height > MAX_UPLOAD_PIXELS) throw new HttpError(413, UPLOAD_MESSAGES.tooManyPixels);
  return metadata.autoOrient;
}

/** A file whose header looked right but whose picture is damaged fails while decoding: say so, not 500. */
async function readable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof Error && error.message.startsWith("timeout")) throw new HttpError(413, UPLOAD_MESSAGES.tooSlow);
    throw badRequest(UPLOAD_MESSAGES.unreadable);
  }
}
