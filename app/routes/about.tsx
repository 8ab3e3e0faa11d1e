import type { ReactNode } from "react";
import { LocalLink as Link } from "../components/local-link";
import { card, mutedText, primaryButton, secondaryButton } from "../components/ui";
import { BoltIcon, ChatIcon, ClockIcon, GlobeIcon, KeyIcon, MapPinIcon, ShieldIcon, TagIcon } from "../features/info/icons";
import { PageIntro } from "../features/info/page-intro";
import "../features/info/reveal.css";
import { formatNumber, formatOneDecimal } from "../../domain/shared/locale-format";
import { useLocale } from "../lib/i18n";
import { useShop } from "../lib/use-shop";
import { BusinessDetails } from "../components/business-details";
import { pageMeta } from "../features/seo/seo";
import { m } from "../paraglide/messages";
import { getLocale } from "../paraglide/runtime";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { path: "/aboutUs", title: m.meta_about_title(), description: m.meta_about_description() }, getLocale());

function Section({ title, id, children, className = "" }: { title: string; id: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={`info-reveal info-reveal-on-scroll mt-16 sm:mt-20 ${className}`}>
      <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function About() {
  const { shop, legal } = useShop();
  const locale = useLocale();
  const n = (value: number) => formatNumber(value, locale);

  const stats = [
    { value: `${n(shop.customerCount)}+`, label: m.about_customers() },
    { value: n(shop.yearsInService), label: shop.yearsInService === 1 ? m.about_year() : m.about_years() },
    { value: formatOneDecimal(shop.rating, locale), label: m.about_rating() },
    { value: n(shop.supportHours), label: m.about_hours() },
  ];

  const features = [
    {
      icon: TagIcon,
      title: m.about_f_rupees(),
      text: m.about_f_rupees_text(),
    },
    {
      icon: ChatIcon,
      title: m.about_f_chat(),
      text: m.about_f_chat_text(),
    },
    { icon: BoltIcon, title: m.about_f_quick(), text: m.about_f_quick_text() },
    {
      icon: ClockIcon,
      title: m.about_f_clock(),
      text: m.about_f_clock_text({ hours: n(shop.supportHours) }),
    },
    {
      icon: KeyIcon,
      title: m.about_f_kind(),
      text: m.about_f_kind_text(),
    },
    { icon: ShieldIcon, title: m.about_f_terms(), text: m.about_f_terms_text() },
  ];

  const places = [
    { icon: MapPinIcon, title: m.about_nepal(), text: m.about_nepal_text() },
    { icon: GlobeIcon, title: m.about_abroad(), text: m.about_abroad_text() },
  ];

  const steps = [
    { title: m.about_s_choose(), text: m.about_s_choose_text() },
    { title: m.about_s_send(), text: m.about_s_send_text() },
    { title: m.about_s_enjoy(), text: m.about_s_enjoy_text() },
  ];

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <PageIntro eyebrow={m.about_eyebrow()} title={m.about_title()}>
        <p>{m.about_intro({ shop: shop.shopName })}</p>
      </PageIntro>
      <div className="info-reveal mt-8 flex flex-col gap-3 [--reveal-delay:100ms] sm:flex-row">
        <Link to="/contact" className={primaryButton}>
          {m.about_start()}
        </Link>
        <Link to="/prices" className={secondaryButton}>
          {m.about_see_prices()}
        </Link>
      </div>

      <section aria-labelledby="stats-title" className="info-reveal mt-12 [--reveal-delay:200ms]">
        <h2 id="stats-title" className="sr-only">
          {m.about_numbers({ shop: shop.shopName })}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {stats.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col-reverse rounded-xl border border-brand-100 bg-brand-50 p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
            >
              <dt className="mt-1 text-sm text-slate-700 dark:text-slate-300">{stat.label}</dt>
              <dd className="text-3xl font-extrabold tracking-tight text-brand-700 sm:text-4xl dark:text-brand-400">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <Section id="features-title" title={m.about_why()}>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ icon: FeatureIcon, title, text }) => (
            <li key={title} className={`${card} p-5`}>
              <span className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-400">
                <FeatureIcon className="h-5 w-5" />
              </span>
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className={`mt-1 text-sm leading-relaxed ${mutedText}`}>{text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="where-title" title={m.about_where()}>
        <p className={`mt-3 max-w-2xl ${mutedText}`}>{m.about_where_text()}</p>
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          {places.map(({ icon: PlaceIcon, title, text }) => (
            <li key={title} className={`${card} flex gap-4 p-5`}>
              <PlaceIcon className="h-8 w-8 shrink-0 text-brand-700 dark:text-brand-400" />
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className={`mt-1 text-sm leading-relaxed ${mutedText}`}>{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="how-title" title={m.about_how()}>
        <ol className="mt-6 grid gap-4 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className={`${card} p-5`}>
              <span
                aria-hidden="true"
                className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
              >
                {n(index + 1)}
              </span>
              <h3 className="mt-3 font-semibold">{step.title}</h3>
              <p className={`mt-1 text-sm leading-relaxed ${mutedText}`}>{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      {legal && (
        <Section id="business-title" title={m.legal_title()}>
          <div className={`${card} mt-6 p-5`}>
            <BusinessDetails legal={legal} locale={locale} />
          </div>
        </Section>
      )}

      <section
        aria-labelledby="cta-title"
        className="info-reveal info-reveal-on-scroll mt-16 rounded-2xl bg-slate-900 px-6 py-10 text-center text-white sm:mt-20 sm:px-10 dark:bg-slate-800"
      >
        <h2 id="cta-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {m.about_ready()}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-slate-300">{m.about_ready_text()}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/contact" className={primaryButton}>
            {m.about_contact()}
          </Link>
          <Link
            to="/prices"
            className="inline-flex items-center justify-center rounded-lg border border-slate-500 px-5 py-3 font-semibold text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 dark:hover:bg-slate-700"
          >
            {m.about_see_prices()}
          </Link>
        </div>
      </section>
    </div>
  );
}
