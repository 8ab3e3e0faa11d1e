import { Link } from "react-router";
import { useLocalHref } from "../lib/i18n";
import { m } from "../paraglide/messages";

export function NotFound() {
  const href = useLocalHref();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-black text-brand-600 dark:text-brand-400">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-slate-50">{m.not_found_title()}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{m.not_found_text()}</p>
      <Link
        to={href("/")}
        className="mt-8 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        {m.not_found_home()}
      </Link>
    </section>
  );
}
