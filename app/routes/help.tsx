import { LocalLink as Link } from "../components/local-link";
import { CodesOnOrderPage } from "../components/codes-on-order-page";
import { card, mutedText, secondaryButton } from "../components/ui";
import { formatNumber } from "../../domain/shared/locale-format";
import { householdSteps } from "../features/info/help-steps";
import { useLocale } from "../lib/i18n";
import { WarningIcon } from "../features/info/icons";
import { PageIntro } from "../features/info/page-intro";
import "../features/info/reveal.css";
import { pageMeta } from "../features/seo/seo";
import { m } from "../paraglide/messages";
import { getLocale } from "../paraglide/runtime";
import type { Route } from "./+types/help";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { path: "/help", title: m.meta_help_title(), description: m.meta_help_description() }, getLocale());

const inlineLink = "font-medium text-brand-700 underline underline-offset-2 dark:text-brand-400";

export default function Help() {
  const locale = useLocale();
  const steps = householdSteps();
  const lastStep = steps.length - 1;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      <PageIntro eyebrow={m.help_eyebrow()} title={m.help_title()}>
        <p>{m.help_intro()}</p>
        <p className="text-base">
          {m.help_hurry()}{" "}
          <Link to="/netflixCode" className={inlineLink}>
            {m.help_get_code()}
          </Link>{" "}
          {m.help_we_send()}{" "}
          <Link to="/contact" className={inlineLink}>
            {m.help_message_us()}
          </Link>
          .
        </p>
      </PageIntro>
      <CodesOnOrderPage />

      <ol className="mt-10 space-y-6" aria-label={m.help_steps()}>
        {steps.map((step, index) => (
          <li
            key={step.image}
            className={`info-reveal info-reveal-on-scroll ${card} flex flex-col gap-5 p-5 sm:flex-row sm:items-center sm:gap-8 sm:p-6`}
          >
            <img src={step.image} alt={step.alt} width={220} height={400} loading="lazy" className="mx-auto h-auto w-36 shrink-0 sm:mx-0 sm:w-40" />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-400">
                {m.help_step({ number: formatNumber(index + 1, locale) })}
              </p>
              <h2 className="mt-1 text-xl font-semibold tracking-tight">{step.title}</h2>
              <div className={`mt-2 space-y-2 leading-relaxed ${mutedText}`}>
                {step.text.map((paragraph, number) => (
                  <p key={number}>{paragraph}</p>
                ))}
                {index === 2 && (
                  <p>
                    {m.help_or()}{" "}
                    <Link to="/netflixCode" className={inlineLink}>
                      {m.help_request_code()}
                    </Link>
                    {locale === "ne" ? "" : " "}
                    {m.help_on_site()}
                  </p>
                )}
              </div>
              {index === lastStep && (
                <div
                  role="note"
                  className="mt-4 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
                >
                  <WarningIcon className="mt-0.5 h-5 w-5 shrink-0" />
                  <p>
                    <strong className="font-semibold">{m.help_important()} </strong>
                    {m.help_warning()}
                  </p>
                </div>
              )}
            </div>
          </li>
        ))}
      </ol>

      <section
        aria-labelledby="still-stuck"
        className={`info-reveal info-reveal-on-scroll mt-10 ${card} p-6 sm:flex sm:items-center sm:justify-between sm:gap-6`}
      >
        <div>
          <h2 id="still-stuck" className="text-lg font-semibold">
            {m.help_stuck()}
          </h2>
          <p className={`mt-1 ${mutedText}`}>{m.help_stuck_text()}</p>
        </div>
        <Link to="/contact" className={`${secondaryButton} mt-4 shrink-0 sm:mt-0`}>
          {m.help_contact()}
        </Link>
      </section>
    </div>
  );
}
