import { m } from "../../paraglide/messages";

/** Shown when the week's list could not be read (the sample list is shown instead); always the same words. */
export function TrendingError() {
  return (
    <p
      role="status"
      className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200"
    >
      {m.trending_error()}
    </p>
  );
}
