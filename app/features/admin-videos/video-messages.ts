import type { ApiResult } from "../../lib/admin/admin-api";

/** What each video call says when it fails (spec §8). */
export const VIDEO_ERRORS = {
  save: { fallback: "Failed to add/update video", network: "An error occurred while adding/updating the video" },
  list: { fallback: "Failed to fetch videos", network: "An error occurred while fetching videos" },
  remove: { fallback: "Failed to delete video", network: "An error occurred while deleting the video" },
} as const;

type Failure = Extract<ApiResult<unknown>, { ok: false }>;

/**
 * The server's message, or the fallback when it gave none; the network text when it was not reached.
 * callApi fills in "The server answered {status}…" when the body had no message: that counts as none.
 */
export function videoErrorText(failure: Pick<Failure, "status" | "message">, kind: keyof typeof VIDEO_ERRORS): string {
  const texts = VIDEO_ERRORS[kind];
  if (failure.status === 0) return texts.network;
  if (!failure.message || /^The server answered \d+\./.test(failure.message)) return texts.fallback;
  return failure.message;
}
