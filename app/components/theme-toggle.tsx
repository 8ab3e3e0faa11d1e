import { useSyncExternalStore } from "react";
import { isDarkNow, setDark } from "../lib/theme";
import { m } from "../paraglide/messages";

// The class on <html> is the single source of truth; watching it keeps every toggle in step.
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

export function ThemeToggle() {
  // The server renders the dark default; the browser knows the shopper's choice.
  const dark = useSyncExternalStore(subscribe, isDarkNow, () => true);

  return (
    <button
      type="button"
      onClick={() => setDark(!dark)}
      aria-pressed={dark}
      aria-label={m.dark_mode()}
      className="inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <span aria-hidden="true" className="text-lg">
        {dark ? "☾" : "☀"}
      </span>
    </button>
  );
}
