import { Link } from "react-router";
import { NewsletterForm } from "../features/newsletter/newsletter-form";
import { formatNumber, formatYear } from "../../domain/shared/locale-format";
import { sellerLang, sellerText } from "../../domain/shared/locale";
import { useLocale, useLocalHref } from "../lib/i18n";
import { useShop } from "../lib/use-shop";
import { m } from "../paraglide/messages";

const QUICK_LINKS = [
  { to: "/", label: m.nav_home },
  { to: "/services", label: m.footer_services },
  { to: "/pricing", label: m.footer_pricing },
  { to: "/about", label: m.footer_about_link },
] as const;

const heading = "text-sm font-semibold uppercase tracking-wider text-slate-900 dark:text-slate-100";
// At least 44 px tall and wide on phones, where a thumb taps them (a Nepali word can be narrower); the usual
// text size from 768 px.
const link =
  "inline-flex min-h-11 min-w-11 items-center rounded-sm text-slate-700 md:min-h-0 md:min-w-0 underline-offset-2 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:text-slate-300 dark:hover:text-brand-400";

export function Footer() {
  const { shop, legal } = useShop();
  const locale = useLocale();
  const href = useLocalHref();
  const telegram = shop.telegramUsername.replace(/^@/, "");
  const external = { target: "_blank", rel: "noopener noreferrer" } as const;

  return (
    <footer className="mt-16 border-t print:hidden border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-x-8 gap-y-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-[1.3fr_0.8fr_1.1fr_1.5fr]">
        <div>
          <p className="text-xl font-bold tracking-tight text-brand-700 dark:text-brand-400">{shop.shopName}</p>
          <p className="mt-3 max-w-xs text-sm leading-relaxed text-slate-600 dark:text-slate-300">{m.footer_about()}</p>
          <ul aria-label={m.footer_follow()} className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
            <li>
              <a href={shop.facebookUrl} {...external} className={link}>
                Facebook
              </a>
            </li>
            <li>
              <a href={shop.whatsappChannelUrl} {...external} className={link}>
                {m.footer_whatsapp_channel()}
              </a>
            </li>
            <li>
              <a href={shop.telegramChannelUrl} {...external} className={link}>
                {m.footer_telegram_channel()}
              </a>
            </li>
          </ul>
        </div>

        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className={heading}>
            {m.footer_quick_links()}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {QUICK_LINKS.map((item) => (
              <li key={item.to}>
                <Link to={href(item.to)} className={link}>
                  {item.label()}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className={heading}>{m.footer_contact()}</h2>
          <dl className="mt-3 space-y-2 text-sm">
            <div>
              <dt className="sr-only">{m.footer_phone()}</dt>
              <dd>
                <a href={`tel:${shop.supportPhone.replace(/[^\d+]/g, "")}`} className={link}>
                  {shop.supportPhone}
                </a>
              </dd>
            </div>
            <div>
              <dt className="sr-only">{m.footer_email()}</dt>
              <dd>
                <a href={`mailto:${shop.email}`} className={`${link} break-all`}>
                  {shop.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="sr-only">WhatsApp</dt>
              <dd>
                <a href={`https://wa.me/${shop.whatsappNumber.replace(/\D/g, "")}`} {...external} className={link}>
                  {m.footer_whatsapp_chat()}
                </a>
              </dd>
            </div>
            <div>
              <dt className="sr-only">Telegram</dt>
              <dd>
                <a href={`https://t.me/${telegram}`} {...external} className={link}>
                  {`Telegram @${telegram}`}
                </a>
              </dd>
            </div>
          </dl>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
            {shop.supportHours === 24 ? m.footer_support_always() : m.footer_support_hours({ hours: formatNumber(shop.supportHours, locale) })}
          </p>
        </div>

        <div>
          <h2 className={heading}>{m.footer_newsletter()}</h2>
          <p className="mt-3 mb-3 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{m.footer_newsletter_text()}</p>
          <NewsletterForm />
        </div>
      </div>

      <div className="border-t border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-5 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between dark:text-slate-400">
          <div className="space-y-1">
            <p>
              © <span data-testid="footer-year">{formatYear(new Date().getFullYear(), locale)}</span> {shop.shopName}. {m.footer_rights()}
            </p>
            {legal && (
              // The details Nepal's E-Commerce Act asks a site to show (ADR 0129); the info pages have them whole.
              <p data-testid="footer-legal">
                <span lang={sellerLang(locale, legal.registeredNameNe)}>{sellerText(locale, legal.registeredName, legal.registeredNameNe)}</span>
                {", "}
                <span lang={sellerLang(locale, legal.addressNe)}>{sellerText(locale, legal.address, legal.addressNe)}</span>
                {" · "}
                {m.footer_legal_pan({ pan: legal.pan })}
                {legal.ecommerceRegistration && <> · {m.footer_legal_registration({ number: legal.ecommerceRegistration })}</>}
                {" · "}
                {m.footer_legal_complaints({ name: legal.complaintOfficer, phone: legal.complaintPhone })}
              </p>
            )}
          </div>
          <ul className="flex gap-5">
            <li>
              <Link to={href("/privacy")} className={link}>
                {m.footer_privacy()}
              </Link>
            </li>
            <li>
              <Link to={href("/terms")} className={link}>
                {m.footer_terms()}
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
