// zod/mini: the Updates page checks the server's answer in the browser (loading this with its first read
// there), where classic zod would cost about 26 KB.
import { z } from "zod/mini";

/**
 * GET /api/admin/update's answer as the Updates page reads it (success, data, message). A
 * post without createdAt counts as now, so it is not required here.
 */
export const updatesAnswerSchema = z.object({
  success: z.boolean(),
  data: z.optional(
    z.array(
      z.object({
        _id: z.string(),
        Title: z.string(),
        Description: z.string(),
        ImageUrl: z.string(),
        Date: z.string(),
        createdAt: z.nullish(z.string()),
        version: z.optional(z.number()),
        TitleNe: z.nullish(z.string()),
        DescriptionNe: z.nullish(z.string()),
      }),
    ),
  ),
  message: z.optional(z.string()),
});
