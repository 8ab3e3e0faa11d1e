import type { ActionRefusal } from "../../lib/admin/admin-action";

/** What each video write or read says when it fails. */
export const VIDEO_ERRORS = {
  save: { fallback: "Failed to add/update video", network: "An error occurred while adding/updating the video" },
  list: { fallback: "Failed to fetch videos", network: "An error occurred while fetching videos" },
  remove: { fallback: "Failed to delete video", network: "An error occurred while deleting the video" },
} as const;

/**
 * The server's message, or the fallback when it gave none or failed; the network text when it was not
 * reached.
 */
export function videoErrorText(refusal: Pick<ActionRefusal, "message" | "unreached">, kind: keyof typeof VIDEO_ERRORS): string {
  const texts = VIDEO_ERRORS[kind];
  if (refusal.unreached === "network") return texts.network;
  if (!refusal.message || refusal.unreached) return texts.fallback;
  return refusal.message;
}
