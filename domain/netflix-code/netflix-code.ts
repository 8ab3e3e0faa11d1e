import { oneLine } from "../orders/checkout";

export const NETFLIX_CODE_KINDS = ["household", "signin"] as const;
export type NetflixCodeKind = (typeof NETFLIX_CODE_KINDS)[number];

export const NETFLIX_CODE_LABELS: Record<NetflixCodeKind, string> = {
  household: "Household (travel/temporary access) code",
  signin: "Sign-in code",
};

export const NETFLIX_NOTE_MAX = 300;

/** A checked request from the /netflixCode form (schemas/netflix-code.ts checks it). */
export type NetflixCodeRequest = { email: string; kind: NetflixCodeKind; note: string };

export function buildNetflixCodeMessage(request: NetflixCodeRequest): string {
  const lines = [`Hello! Please send me a Netflix ${NETFLIX_CODE_LABELS[request.kind]}.`, `Account email: ${oneLine(request.email)}`];
  const note = oneLine(request.note);
  if (note) lines.push(`Note: ${note}`);
  return lines.join("\n");
}
