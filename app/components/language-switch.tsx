import { Link, useLocation } from "react-router";
import { pathInLocale } from "../../domain/shared/locale";
import { rememberLanguage, useLocale } from "../lib/i18n";

/**
 * The same page in the other language; the choice is remembered for the next visit to `/`. `className`
 * says how it shows (`hidden md:inline-flex` in the bar, `flex` in the phone menu).
 */
export function LanguageSwitch({ className }: { className: string }) {
  const locale = useLocale();
  const { pathname, search, hash } = useLocation();
  const other = locale === "ne" ? "en" : "ne";
  return (
    <Link
      to={`${pathInLocale(pathname, other)}${search}${hash}`}
      lang={other}
      hrefLang={other}
      onClick={() => rememberLanguage(other)}
      className={`min-h-11 items-center rounded-md px-3 text-sm font-medium text-slate-700 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-200 dark:hover:text-brand-400 ${className}`}
    >
      {other === "ne" ? "नेपाली" : "English"}
    </Link>
  );
}
