import { z } from "zod";
import { MAX_QUERY_LENGTH } from "../filters";

export const searchQuerySchema = z.object({ q: z.string().max(MAX_QUERY_LENGTH).default("") });
