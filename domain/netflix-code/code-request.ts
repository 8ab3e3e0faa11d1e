// zod/mini: the /netflixCode form checks itself in the browser with it, where classic zod would cost about 26 KB.
import { z } from "zod/mini";
import { NETFLIX_CODE_KINDS, NETFLIX_NOTE_MAX, type NetflixCodeRequest } from "./netflix-code";

/** The /netflixCode form; the same schema checks it in the browser and in the route's action. */
export const netflixCodeRequestSchema: z.ZodMiniType<NetflixCodeRequest> = z.object({
  email: z.pipe(
    z
      .string({ error: "Enter the email of your Netflix account" })
      .check(z.trim(), z.minLength(1, "Enter the email of your Netflix account"), z.maxLength(254, "That email is too long")),
    z.email("Enter a valid email address, like name@example.com"),
  ),
  kind: z.enum(NETFLIX_CODE_KINDS, { error: "Choose which code you need" }),
  note: z._default(z.optional(z.string().check(z.trim(), z.maxLength(NETFLIX_NOTE_MAX, `Keep the note under ${NETFLIX_NOTE_MAX} characters`))), ""),
});
