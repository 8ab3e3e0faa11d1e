import { z } from "zod";

export const uploadVariantSchema = z.object({ width: z.number().int(), url: z.string() });

export const uploadResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The widest copy: what an image field stores. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(uploadVariantSchema),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
