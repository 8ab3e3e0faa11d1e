/** Shared class lists, so buttons and cards look alike on every screen. */
export const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

export const primaryButton = `inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;

export const secondaryButton = `inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800 ${focusRing}`;

export const card = "rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900";

export const mutedText = "text-slate-600 dark:text-slate-300";
