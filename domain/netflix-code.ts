import { z } from "zod";
import { oneLine } from "./checkout";

export const NETFLIX_CODE_KINDS = ["household", "signin"] as const;
export type NetflixCodeKind = (typeof NETFLIX_CODE_KINDS)[number];

export const NETFLIX_CODE_LABELS: Record<NetflixCodeKind, string> = {
  household: "Household (travel/temporary access) code",
  signin: "Sign-in code",
};

export const NETFLIX_NOTE_MAX = 300;

/** The /netflixCode form; the same schema checks it in the browser and in the route's action. */
export const netflixCodeRequestSchema = z.object({
  email: z
    .string({ error: "Enter the email of your Netflix account" })
    .trim()
    .min(1, "Enter the email of your Netflix account")
    .max(254, "That email is too long")
    .pipe(z.email("Enter a valid email address, like name@example.com")),
  kind: z.enum(NETFLIX_CODE_KINDS, { error: "Choose which code you need" }),
  note: z.string().trim().max(NETFLIX_NOTE_MAX, `Keep the note under ${NETFLIX_NOTE_MAX} characters`).optional().default(""),
});
export type NetflixCodeRequest = z.output<typeof netflixCodeRequestSchema>;

export function buildNetflixCodeMessage(request: NetflixCodeRequest): string {
  const lines = [`Hello! Please send me a Netflix ${NETFLIX_CODE_LABELS[request.kind]}.`, `Account email: ${oneLine(request.email)}`];
  const note = oneLine(request.note);
  if (note) lines.push(`Note: ${note}`);
  return lines.join("\n");
}
