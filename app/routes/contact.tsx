import type { ComponentType, SVGProps } from "react";
import { LocalLink as Link } from "../components/local-link";
import { card, focusRing, mutedText } from "../components/ui";
import { ChatIcon, ClockIcon, MailIcon, MegaphoneIcon, PeopleIcon, PhoneIcon, SendIcon } from "../features/info/icons";
import { PageIntro } from "../features/info/page-intro";
import "../features/info/reveal.css";
import { useShop } from "../lib/use-shop";
import { pageMeta } from "../features/seo/seo";
import { m } from "../paraglide/messages";
import { getLocale } from "../paraglide/runtime";
import type { Route } from "./+types/contact";
import { TitledSection } from "../components/titled-section";
import { BusinessDetails } from "../components/business-details";
import { useLocale } from "../lib/i18n";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { path: "/contact", title: m.meta_contact_title(), description: m.meta_contact_description() }, getLocale());

interface Channel {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  text: string;
  detail: string;
  href: string;
  action: string;
}

export default function Contact() {
  const { shop, legal } = useShop();
  const locale = useLocale();
  const telegram = shop.telegramUsername.replace(/^@/, "");

  const channels: Channel[] = [
    {
      icon: ChatIcon,
      title: "WhatsApp",
      text: m.contact_whatsapp_text(),
      detail: `+${shop.whatsappNumber}`,
      href: `https://wa.me/${shop.whatsappNumber.replace(/\D/g, "")}`,
      action: m.contact_whatsapp_action(),
    },
    {
      icon: MailIcon,
      title: m.footer_email(),
      text: m.contact_email_text(),
      detail: shop.email,
      href: `mailto:${shop.email}`,
      action: m.contact_email_action(),
    },
    {
      icon: SendIcon,
      title: "Telegram",
      text: m.contact_telegram_text(),
      detail: `@${telegram}`,
      href: `https://t.me/${telegram}`,
      action: m.contact_telegram_action(),
    },
  ];

  const follow = [
    { icon: PeopleIcon, label: "Facebook", hint: m.contact_follow_facebook(), href: shop.facebookUrl },
    { icon: MegaphoneIcon, label: m.footer_whatsapp_channel(), hint: m.contact_follow_news(), href: shop.whatsappChannelUrl },
    { icon: MegaphoneIcon, label: m.footer_telegram_channel(), hint: m.contact_follow_news(), href: shop.telegramChannelUrl },
  ];

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <PageIntro eyebrow={m.contact_eyebrow()} title={m.contact_title()}>
        <p>{m.contact_intro()}</p>
      </PageIntro>
      <p className="info-reveal mt-6 inline-flex items-center gap-2 rounded-full bg-emerald-50 px-4 py-2 text-sm font-semibold text-emerald-800 [--reveal-delay:80ms] dark:bg-emerald-950 dark:text-emerald-300">
        <ClockIcon className="h-4 w-4" />
        {m.contact_always()}
      </p>

      <TitledSection id="channels-title" title={m.contact_channels()} className="info-reveal mt-10 [--reveal-delay:160ms]" titleClassName="sr-only">
        <ul className="grid gap-4 md:grid-cols-3">
          {channels.map(({ icon: ChannelIcon, ...channel }) => (
            <li key={channel.title} className={`${card} flex flex-col p-6`}>
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-400">
                <ChannelIcon className="h-6 w-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{channel.title}</h3>
              <p className={`mt-1 text-sm leading-relaxed ${mutedText}`}>{channel.text}</p>
              <p className="mt-3 font-medium break-all">{channel.detail}</p>
              <div className="mt-auto pt-5">
                <a
                  href={channel.href}
                  {...(channel.href.startsWith("mailto:") ? {} : { target: "_blank", rel: "noopener noreferrer" })}
                  className={`flex items-center justify-center rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 ${focusRing}`}
                >
                  {channel.action}
                </a>
              </div>
            </li>
          ))}
        </ul>
        <p className={`mt-6 flex flex-wrap items-center gap-2 text-sm ${mutedText}`}>
          <PhoneIcon className="h-4 w-4 shrink-0" />
          <span>
            {m.contact_call()}{" "}
            <a
              href={`tel:${shop.supportPhone.replace(/[^\d+]/g, "")}`}
              className="font-medium text-slate-900 underline underline-offset-2 dark:text-slate-100"
            >
              {shop.supportPhone}
            </a>
            .
          </span>
        </p>
      </TitledSection>

      <TitledSection
        id="follow-title"
        title={m.contact_follow_title()}
        className="info-reveal info-reveal-on-scroll mt-14"
        titleClassName="text-2xl font-bold tracking-tight"
      >
        <p className={`mt-2 ${mutedText}`}>{m.contact_follow_text()}</p>
        <ul className="mt-5 grid gap-3 sm:grid-cols-3">
          {follow.map(({ icon: FollowIcon, ...link }) => (
            <li key={link.label}>
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                className={`flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-500 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-400 ${focusRing}`}
              >
                <FollowIcon className="h-6 w-6 shrink-0 text-brand-700 dark:text-brand-400" />
                <span>
                  <span className="block font-semibold">{link.label}</span>
                  <span className={`block text-sm ${mutedText}`}>{link.hint}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </TitledSection>

      {legal && (
        <TitledSection id="business-title" title={m.legal_title()} className={`mt-14 ${card} p-6`}>
          <div className="mt-3">
            <BusinessDetails legal={legal} locale={locale} />
          </div>
        </TitledSection>
      )}

      <section aria-labelledby="before-title" className={`info-reveal info-reveal-on-scroll mt-14 ${card} p-6`}>
        <h2 id="before-title" className="text-lg font-semibold">
          {m.contact_faster()}
        </h2>
        <ul className={`mt-3 list-disc space-y-1.5 pl-5 text-sm leading-relaxed ${mutedText}`}>
          <li>{m.contact_faster_service()}</li>
          <li>{m.contact_faster_problem()}</li>
          <li>
            {m.contact_faster_household()}{" "}
            <Link to="/help" className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-400">
              {m.contact_faster_fix()}
            </Link>
            .
          </li>
        </ul>
      </section>
    </div>
  );
}
