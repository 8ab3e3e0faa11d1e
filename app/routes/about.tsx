import type { ReactNode } from "react";
import { LocalLink as Link } from "../components/local-link";
import { card, mutedText, primaryButton, secondaryButton } from "../components/ui";
import { BoltIcon, ChatIcon, ClockIcon, GlobeIcon, KeyIcon, MapPinIcon, ShieldIcon, TagIcon } from "../features/info/icons";
import { PageIntro } from "../features/info/page-intro";
import "../features/info/reveal.css";
import { useShop } from "../lib/use-shop";
import { m } from "../paraglide/messages";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = () => [{ title: m.meta_about_title() }, { name: "description", content: m.meta_about_description() }];

const figures = new Intl.NumberFormat("en-US");

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
  const { shop } = useShop();

  const stats = [
    { value: `${figures.format(shop.customerCount)}+`, label: "Happy customers" },
    { value: figures.format(shop.yearsInService), label: shop.yearsInService === 1 ? "Year of service" : "Years of service" },
    { value: shop.rating.toFixed(1), label: "Average rating out of 5" },
    { value: String(shop.supportHours), label: "Support hours a day" },
  ];

  const features = [
    {
      icon: TagIcon,
      title: "Prices in rupees",
      text: "Every plan is priced in NPR, so you know exactly what you pay. No international card, no conversion surprises.",
    },
    {
      icon: ChatIcon,
      title: "Order over chat",
      text: "Add plans to your cart and send it to us on WhatsApp or Telegram. A real person confirms every order.",
    },
    { icon: BoltIcon, title: "Quick delivery", text: "Your account details arrive in the same chat, usually soon after you pay." },
    {
      icon: ClockIcon,
      title: "Help around the clock",
      text: `${shop.supportHours} hours a day we help with sign-in trouble, household codes and renewals.`,
    },
    {
      icon: KeyIcon,
      title: "Shared or private",
      text: "Save with a PIN-protected profile on a shared account, or take a private account that is yours alone.",
    },
    { icon: ShieldIcon, title: "Clear terms", text: "What you get, how long it lasts and how renewal works are spelled out before you pay." },
  ];

  const steps = [
    { title: "Choose a plan", text: "Browse the price list and pick the months and number of devices you need." },
    { title: "Send your cart", text: "Check out over WhatsApp or Telegram; your order arrives with us as a ready-made message." },
    { title: "Start enjoying", text: "Pay the way we agree in chat and receive your login or code in the same conversation." },
  ];

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <PageIntro eyebrow="About us" title="Subscriptions made simple, for Nepal and beyond">
        <p>
          {shop.shopName} resells streaming, music, VPN and software subscriptions, gift cards and digital products, all priced in Nepali rupees. Pick
          a plan, send us your cart on WhatsApp or Telegram, and we set you up.
        </p>
      </PageIntro>
      <div className="info-reveal mt-8 flex flex-col gap-3 [--reveal-delay:100ms] sm:flex-row">
        <Link to="/contact" className={primaryButton}>
          Get Started
        </Link>
        <Link to="/prices" className={secondaryButton}>
          See prices
        </Link>
      </div>

      <section aria-labelledby="stats-title" className="info-reveal mt-12 [--reveal-delay:200ms]">
        <h2 id="stats-title" className="sr-only">
          {shop.shopName} in numbers
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

      <Section id="features-title" title="Why shoppers choose us">
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

      <Section id="where-title" title="Where we serve">
        <p className={`mt-3 max-w-2xl ${mutedText}`}>Everything we sell is delivered online, so distance does not matter.</p>
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          <li className={`${card} flex gap-4 p-5`}>
            <MapPinIcon className="h-8 w-8 shrink-0 text-brand-700 dark:text-brand-400" />
            <div>
              <h3 className="font-semibold">Nepal</h3>
              <p className={`mt-1 text-sm leading-relaxed ${mutedText}`}>
                Our home. We serve shoppers across the country, from Mechi to Mahakali, with prices in NPR.
              </p>
            </div>
          </li>
          <li className={`${card} flex gap-4 p-5`}>
            <GlobeIcon className="h-8 w-8 shrink-0 text-brand-700 dark:text-brand-400" />
            <div>
              <h3 className="font-semibold">Other countries</h3>
              <p className={`mt-1 text-sm leading-relaxed ${mutedText}`}>
                Nepalis abroad and their friends order the same way: over chat, delivered wherever you are.
              </p>
            </div>
          </li>
        </ul>
      </Section>

      <Section id="how-title" title="How it works">
        <ol className="mt-6 grid gap-4 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className={`${card} p-5`}>
              <span
                aria-hidden="true"
                className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-3 font-semibold">{step.title}</h3>
              <p className={`mt-1 text-sm leading-relaxed ${mutedText}`}>{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <section
        aria-labelledby="cta-title"
        className="info-reveal info-reveal-on-scroll mt-16 rounded-2xl bg-slate-900 px-6 py-10 text-center text-white sm:mt-20 sm:px-10 dark:bg-slate-800"
      >
        <h2 id="cta-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Ready when you are
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-slate-300">Tell us what you want to watch, listen to or use, and we will find the plan that fits.</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/contact" className={primaryButton}>
            Contact us
          </Link>
          <Link
            to="/prices"
            className="inline-flex items-center justify-center rounded-lg border border-slate-500 px-5 py-3 font-semibold text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 dark:hover:bg-slate-700"
          >
            See prices
          </Link>
        </div>
      </section>
    </div>
  );
}
