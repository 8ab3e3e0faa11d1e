import type { AppLoadContext } from "react-router";
import type { Locale } from "../../../domain/shared/locale";
import { groupUpdatesByMonth } from "../../../domain/updates/grouping";
import { UPDATES_ERRORS } from "./fetch-updates";
import type { UpdatesState } from "./updates-view";
import { readOrFallBack } from "../../lib/fall-back.server";

/**
 * The Updates page's data in the server's render. Grouped on the server, so month names and dates are the
 * same in the HTML and after hydration. A failure becomes the page's own error state ('Try Again'), not the
 * app's error screen. No HTTP answer is involved here, so of the spec's texts only the general one fits.
 */
export function loadUpdates(context: AppLoadContext, locale: Locale, now = new Date()): Promise<UpdatesState> {
  return readOrFallBack<UpdatesState>(
    context,
    "updates unavailable",
    async () => ({
      status: "ok",
      months: groupUpdatesByMonth(await context.services.updates.list(), { now, locale, warn: (message) => context.log.warn(message) }),
    }),
    () => ({ status: "error", detail: UPDATES_ERRORS.failed }),
  );
}
