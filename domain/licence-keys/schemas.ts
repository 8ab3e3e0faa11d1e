import { z } from "zod";
import { costSchema } from "../ledger/schemas";

// ---------------------------------------------------------------------------------------------
// Licence key stock

export const keyImportSchema = z.object({
  itemId: z.string({ error: "Choose the item these keys are for" }).min(1, "Choose the item these keys are for").max(100),
  text: z
    .string({ error: "Paste the keys, one a line" })
    .max(2_000_000, "At most about 2 MB of keys at once; split the file")
    .refine((text) => text.trim().length > 0, "Paste the keys, one a line"),
  /** What each key cost the shop (NPR), counted as cost when it is sold. */
  cost: costSchema.default(0),
  /** Keys of this item never expire (a lifetime licence): its lines get no end date. Absent: left as it is. */
  neverExpires: z.boolean({ error: "Never expires is yes or no" }).optional(),
});
