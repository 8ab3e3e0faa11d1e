import { LocalLink as Link } from "../components/local-link";
import { LegalPage, type LegalPageText, type LegalSection } from "../features/info/legal-page";
import { nepaliPrivacy } from "../features/info/privacy-ne";
import { useLocale } from "../lib/i18n";
import { useShop } from "../lib/use-shop";
import { pageMeta } from "../features/seo/seo";
import { m } from "../paraglide/messages";
import { getLocale } from "../paraglide/runtime";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { path: "/privacy", title: m.meta_privacy_title(), description: m.meta_privacy_description() }, getLocale());

export default function Privacy() {
  const { shop } = useShop();
  return <LegalPage {...(useLocale() === "ne" ? nepaliPrivacy(shop) : englishPrivacy(shop))} />;
}

/** The policy in English; its Nepali twin is app/features/info/privacy-ne.tsx: change both together. */
function englishPrivacy(shop: { shopName: string; email: string }): LegalPageText {
  const mail = <a href={`mailto:${shop.email}`}>{shop.email}</a>;

  const sections: LegalSection[] = [
    {
      id: "short-version",
      title: "The short version",
      body: (
        <ul>
          <li>Your cart and preferences stay in your own browser until you choose to send us an order.</li>
          <li>We see what you send us on WhatsApp, Telegram or by email, and use it to deliver and support your order.</li>
          <li>If you join the newsletter we keep your email address, and only use it to write to you about the shop.</li>
          <li>We do not sell or rent your information, and the storefront runs no advertising trackers.</li>
        </ul>
      ),
    },
    {
      id: "in-your-browser",
      title: "What stays in your browser",
      body: (
        <>
          <p>
            The site keeps a few things in your browser&apos;s local storage so it works the way you left it: your <strong>cart</strong> (services,
            plans, devices and prices), the links to the <strong>orders</strong> you placed from this browser (for My orders), whether you chose the{" "}
            <strong>dark or light theme</strong>, the language you chose, and whether you confirmed you are 18 or older to see the 18+ category.
          </p>
          <p>
            None of this is sent to us while you browse. You can remove it at any time by emptying your cart or clearing this site&apos;s data in your
            browser settings. Visitors get no cookies from us; a sign-in cookie is used only by the shop&apos;s staff in the admin area.
          </p>
        </>
      ),
    },
    {
      id: "orders-and-chat",
      title: "Orders and chat messages",
      body: (
        <>
          <p>
            Checkout opens WhatsApp or Telegram with your order written out. Nothing is sent until you press send in that app. Once you do, we receive
            the message together with your name, number or username as that app shows them.
          </p>
          <p>
            When you pay online with Khalti, eSewa or Fonepay, we send that service your order&apos;s reference and amount only, never your name or
            number. What you type on its own payment page is covered by its privacy policy.
          </p>
          <p>
            We keep these conversations, and anything you send by email, for as long as we need them to deliver your order, help you during its
            validity, handle renewals and refunds, and keep basic records of our sales. Those messages also pass through WhatsApp, Telegram or your
            email provider, whose own privacy policies apply to them.
          </p>
          <p>
            Logins and codes we deliver to you are yours to keep private. For shared accounts we keep the account details ourselves, because we manage
            those accounts.
          </p>
        </>
      ),
    },
    {
      id: "newsletter",
      title: "Newsletter",
      body: (
        <>
          <p>
            When you subscribe at the bottom of any page we store your email address and the date you subscribed. We use it only to tell you about new
            services, price changes and offers from {shop.shopName}, not too often, and never share it with anyone else.
          </p>
          <p>To unsubscribe and have your address deleted, write to {mail} or message us in chat.</p>
        </>
      ),
    },
    {
      id: "server-logs",
      title: "Technical logs",
      body: (
        <p>
          Like any website, our server records requests (the page asked for, the time and your IP address) to keep the site working and to block
          abuse, such as someone signing up hundreds of addresses. These logs are kept for a short time and are not used to build a profile of you.
        </p>
      ),
    },
    {
      id: "your-rights",
      title: "Your choices",
      body: (
        <>
          <p>
            You can ask us what we hold about you, ask us to correct it, or ask us to delete it. Write to {mail} or use any of the channels on our{" "}
            <Link to="/contact">contact page</Link>. We will answer within a few days. Records we must keep for an order that is still running, or for
            our accounts, are removed once they are no longer needed.
          </p>
        </>
      ),
    },
    {
      id: "changes",
      title: "Changes to this policy",
      body: (
        <p>
          If we change how we handle your information we will update this page and the date at the top. Significant changes will also be announced on
          our channels and in the newsletter.
        </p>
      ),
    },
  ];

  return {
    eyebrow: "Privacy Policy",
    title: "Your privacy at Pasal",
    updated: "1 December 2026",
    intro: (
      <p>
        {shop.shopName} is a small shop in Nepal. This page explains in plain words what we keep about you when you use this site and order from us,
        and what you can ask us to do with it.
      </p>
    ),
    sections,
  };
}
