import { z } from "zod";
import { requiredText } from "../shared/schemas";
import { VIDEO_PLATFORMS } from "./videos";

export const videoInputSchema = z.object({
  _id: z.string().trim().max(100).optional(),
  Name: requiredText("Name", 160),
  Platform: z.enum(VIDEO_PLATFORMS, { error: `Platform must be one of ${VIDEO_PLATFORMS.join(", ")}` }),
  TrailerLink: z
    .string({ error: "Trailer link is required" })
    .trim()
    .min(1, "Trailer link is required")
    .max(2000, "Trailer link is too long")
    .refine((v) => {
      try {
        return ["http:", "https:"].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, "Trailer link must be a valid URL (https://…)"),
});

export const videoSchema = z.object({
  _id: z.string(),
  Name: z.string(),
  Platform: z.string(),
  TrailerLink: z.string(),
  /** The number of its last change, to send back with an edit (ADR 0017). */
  version: z.number(),
});
export type Video = z.infer<typeof videoSchema>;

export const videoDeleteSchema = z.object({ _id: z.string({ error: "_id is required" }).trim().min(1, "_id is required").max(100) });
export const videoListResponseSchema = z.object({ success: z.boolean(), items: z.array(videoSchema), message: z.string() });
export const videoSaveResponseSchema = z.object({ success: z.boolean(), message: z.string(), item: videoSchema });
