import type { Locale } from "../../../domain/shared/locale";
import { updatesAnswerSchema } from "../../../domain/updates/updates-answer";
import { groupUpdatesByMonth } from "../../../domain/updates/grouping";
import type { UpdatesState } from "./updates-view";

/** Storefront updates: the detail under 'Error Loading Updates'. */
export const UPDATES_ERRORS = {
  status: (status: number) => `Server responded with status: ${status}`,
  failed: "Failed to fetch updates",
  network: "An error occurred while fetching updates",
} as const;

/** The page's state from what GET /api/admin/update answered with a 2xx status (success, data, message). */
export function updatesStateFromAnswer(body: unknown, now = new Date(), locale: Locale = "en"): UpdatesState {
  const answer = updatesAnswerSchema.safeParse(body);
  if (!answer.success || !answer.data.success || !answer.data.data) {
    const message = answer.success && !answer.data.success ? answer.data.message?.trim() : undefined;
    return { status: "error", detail: message || UPDATES_ERRORS.failed };
  }
  // A post skipped for its date is logged by the server's loader (load-updates.server.ts); the browser has no
  // one to tell, and writes nothing to the console.
  return { status: "ok", months: groupUpdatesByMonth(answer.data.data, { now, locale }) };
}

/** The Updates page as loaded in the browser (navigations, Try Again, Refresh): the spec's endpoint and texts. */
export async function fetchUpdates(request: typeof fetch = fetch, now = new Date(), locale: Locale = "en"): Promise<UpdatesState> {
  let response: Response;
  let body: unknown;
  try {
    response = await request("/api/admin/update", { headers: { accept: "application/json" } });
    if (!response.ok) return { status: "error", detail: UPDATES_ERRORS.status(response.status) };
    body = await response.json();
  } catch {
    return { status: "error", detail: UPDATES_ERRORS.network };
  }
  return updatesStateFromAnswer(body, now, locale);
}
