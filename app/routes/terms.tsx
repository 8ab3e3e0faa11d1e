import { LocalLink as Link } from "../components/local-link";
import { LegalPage, type LegalPageText, type LegalSection } from "../features/info/legal-page";
import { nepaliTerms } from "../features/info/terms-ne";
import { useLocale } from "../lib/i18n";
import { useShop } from "../lib/use-shop";
import { BusinessDetails } from "../components/business-details";
import { pageMeta } from "../features/seo/seo";
import { m } from "../paraglide/messages";
import { getLocale } from "../paraglide/runtime";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { path: "/terms", title: m.meta_terms_title(), description: m.meta_terms_description() }, getLocale());

export default function Terms() {
  const { shop, legal } = useShop();
  const locale = useLocale();
  const terms = locale === "ne" ? nepaliTerms(shop) : englishTerms(shop);
  // Who the buyer deals with in law, once the seller has said (ADR 0129).
  const business: LegalSection[] = legal
    ? [{ id: "business-details", title: m.legal_title(), body: <BusinessDetails legal={legal} locale={locale} /> }]
    : [];
  return <LegalPage {...terms} sections={[...terms.sections, ...business]} />;
}

/** The terms in English; their Nepali twin is app/features/info/terms-ne.tsx: change both together. */
function englishTerms(shop: { shopName: string }): LegalPageText {
  const sections: LegalSection[] = [
    {
      id: "who-we-are",
      title: "Who we are",
      body: (
        <p>
          {shop.shopName} is an independent reseller in Nepal of digital subscriptions, digital products and gift cards. We are not part of, or
          endorsed by, the companies whose services we resell; their names and trademarks belong to them. By ordering from us you agree to these
          terms.
        </p>
      ),
    },
    {
      id: "ordering",
      title: "Ordering and payment",
      body: (
        <>
          <p>
            Your cart is sent to us as a message on WhatsApp or Telegram, and your order gets a page of its own. You pay there online with Khalti,
            eSewa or Fonepay, with your store credit, or with the shop&apos;s own payment methods as agreed in the chat. An order is accepted once its
            payment is confirmed: by the payment service itself, or by us.
          </p>
          <p>
            Prices are in Nepali rupees (NPR) and can change. The price we confirm in chat is the one you pay, even if the site showed something
            different because of a mistake or a change.
          </p>
        </>
      ),
    },
    {
      id: "delivery",
      title: "Delivery",
      body: (
        <p>
          Everything is delivered digitally, on your order&apos;s page or in the chat: a login, a profile on an account, an activation, or a code.
          Most orders are delivered soon after payment, many of them at once by themselves; when a service needs longer we tell you before you pay.
          Please check what you receive straight away and tell us at once if something does not work.
        </p>
      ),
    },
    {
      id: "shared-and-private",
      title: "Shared and private accounts",
      body: (
        <ul>
          <li>
            <strong>Shared:</strong> you get your own PIN-protected profile on an account that others also use. Use only your profile, do not change
            the account&apos;s password, email, plan or other settings, do not share your access with friends, and do not use it on a Smart TV.
          </li>
          <li>
            <strong>Private:</strong> the account is yours alone and you may use it on any device, including a Smart TV. Who you share it with is up
            to you. For changes to the account&apos;s settings, contact us.
          </li>
          <li>
            Streaming services sometimes check where an account is used. On a shared account, follow our <Link to="/help">help guide</Link> if asked
            about the household; we send the code you need.
          </li>
        </ul>
      ),
    },
    {
      id: "validity-and-renewal",
      title: "Validity and renewal",
      body: (
        <>
          <p>
            A plan runs for the number of months you bought, counted from the day we deliver it. Because shoppers do not all join an account on the
            same day, the exact length can differ a little: by 5 to 10 days for 6 and 12 month plans, and between 27 and 33 days per month for shorter
            plans.
          </p>
          <p>
            Nothing renews unless you ask. Renew from the reminder&apos;s link, your order&apos;s page or a message to us, at the current price; or
            set a subscription on your customer page to renew itself from your store credit a few days before it ends. It then takes the price from
            your credit only, never more than you have, and you can turn it off at any time.
          </p>
        </>
      ),
    },
    {
      id: "refunds",
      title: "Refunds and replacements",
      body: (
        <ul>
          <li>If we cannot deliver what you paid for, you get a full refund.</li>
          <li>
            If a subscription stops working while its free replacement lasts (the product page and your order page say until when), tell us under
            &ldquo;Something wrong?&rdquo; on your order page. We fix it or move you to another account; if we cannot do either within 48 hours, we
            refund the days left of your plan.
          </li>
          <li>
            Because delivered access cannot be returned, there is no refund for a change of mind once we have delivered, or when access was lost
            because these terms were not followed (for example a changed password or shared login).
          </li>
          <li>Gift cards and product keys are refunded only if the code is invalid when we deliver it.</li>
          <li>
            Refunds go back to Khalti when you paid with it, or to your store credit, or the way you paid as agreed with us, within 7 days of being
            agreed.
          </li>
        </ul>
      ),
    },
    {
      id: "use",
      title: "Fair use and age",
      body: (
        <p>
          Use what you buy for your own personal use and within the rules of the service itself. Items in the 18+ category are only for adults: by
          opening or ordering them you confirm you are 18 or older. We may refuse or cancel an order we believe breaks these terms, and refund it.
        </p>
      ),
    },
    {
      id: "liability",
      title: "Our responsibility",
      body: (
        <p>
          We do our best to keep every service running, but the services themselves are run by other companies, which can change their features,
          content, prices or rules. Our responsibility for any order is limited to the amount you paid for it. Nothing in these terms takes away
          rights you have under the laws of Nepal.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes to these terms",
      body: (
        <p>
          We may update these terms; the date at the top shows the latest version. An order is governed by the terms that applied when we accepted it.
        </p>
      ),
    },
  ];

  return {
    eyebrow: "Terms of Service",
    title: "Terms of Service",
    updated: "3 December 2026",
    intro: (
      <p>
        The rules for buying from {shop.shopName}: how orders, delivery, renewals and refunds work. See also our{" "}
        <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-400">
          Privacy Policy
        </Link>
        .
      </p>
    ),
    sections,
  };
}
