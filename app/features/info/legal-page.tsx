import type { ReactNode } from "react";
import { LocalLink as Link } from "../../components/local-link";
import { mutedText } from "../../components/ui";
import { formatNumber } from "../../../domain/shared/locale-format";
import { useLocale } from "../../lib/i18n";
import { richMessage } from "../../components/rich-message";
import { m } from "../../paraglide/messages";
import { PageIntro } from "./page-intro";

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** What a legal page says, in one language. */
export interface LegalPageText {
  eyebrow: string;
  title: string;
  /** The day of the latest version, as written in the page's language (its English parts marked `lang="en"`). */
  updated: ReactNode;
  intro: ReactNode;
  sections: LegalSection[];
}

/** Privacy and Terms: an intro, a table of contents and numbered sections of plain prose. */
export function LegalPage({ eyebrow, title, updated, intro, sections }: LegalPageText) {
  const locale = useLocale();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <PageIntro eyebrow={eyebrow} title={title}>
        {intro}
        <p className="text-sm">{richMessage(m.legal_updated, { date: updated })}</p>
      </PageIntro>
      <div className="mt-10 lg:grid lg:grid-cols-[14rem_1fr] lg:gap-12">
        <nav aria-label={m.legal_on_this_page()} className="mb-8 lg:mb-0">
          <div className="rounded-xl border border-slate-200 p-4 lg:sticky lg:top-24 dark:border-slate-800">
            <h2 className="text-sm font-semibold">{m.legal_on_this_page()}</h2>
            <ul className="mt-2 space-y-1.5 text-sm">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="text-slate-700 underline-offset-2 hover:text-brand-700 hover:underline dark:text-slate-300 dark:hover:text-brand-400"
                  >
                    {formatNumber(index + 1, locale)}. {section.title}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>
        <div className="max-w-3xl space-y-10">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
              <h2 id={`${section.id}-title`} className="text-xl font-semibold tracking-tight">
                <span className="mr-2 text-brand-700 dark:text-brand-400">{formatNumber(index + 1, locale)}.</span>
                {section.title}
              </h2>
              <div
                className={`mt-3 space-y-3 leading-relaxed ${mutedText} [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-brand-400 [&_li]:pl-1 [&_strong]:text-slate-900 dark:[&_strong]:text-slate-100 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5`}
              >
                {section.body}
              </div>
            </section>
          ))}
          <p className={`border-t border-slate-200 pt-6 text-sm dark:border-slate-800 ${mutedText}`}>
            {m.legal_questions()}{" "}
            <Link to="/contact" className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-400">
              {m.legal_contact()}
            </Link>
            {m.legal_around_the_clock()}
          </p>
        </div>
      </div>
    </div>
  );
}
