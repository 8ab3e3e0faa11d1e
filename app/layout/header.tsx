import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useCart } from "../lib/cart/cart-store";
import { SearchBox } from "../features/search/search-box";
import { useShop } from "../lib/use-shop";
import { ThemeToggle } from "../components/theme-toggle";
import { LanguageSwitch } from "../components/language-switch";
import { formatNumber } from "../../domain/shared/locale-format";
import { useLocale, useLocalHref } from "../lib/i18n";
import { m } from "../paraglide/messages";
import { SocialLinks } from "./social-links";

export const NAV_LINKS = [
  { to: "/", label: m.nav_home },
  { to: "/prices", label: m.nav_prices },
  { to: "/updates", label: m.nav_updates },
  { to: "/aboutUs", label: m.nav_about },
  { to: "/help", label: m.nav_help },
  { to: "/contact", label: m.nav_contact },
] as const;

const SHADOW_AFTER_PX = 50;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-500 ${
    isActive ? "text-brand-700 dark:text-brand-400" : "text-slate-700 hover:text-brand-700 dark:text-slate-200 dark:hover:text-brand-400"
  }`;

/** Phones: every tap target at least 44 px tall (Apple's and Google's guidelines). */
const tapTarget = "flex min-h-11 items-center";

function NavList({ className, linkExtra = "", onNavigate }: { className: string; linkExtra?: string; onNavigate?: () => void }) {
  const href = useLocalHref();
  return (
    <ul className={className}>
      {NAV_LINKS.map((link) => (
        <li key={link.to}>
          <NavLink to={href(link.to)} end={link.to === "/"} className={(state) => `${linkClass(state)} ${linkExtra}`} onClick={onNavigate}>
            {link.label()}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function useScrolledPast(px: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > px);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [px]);
  return scrolled;
}

export function Header() {
  const { shop } = useShop();
  const cartCount = useCart().length;
  const scrolled = useScrolledPast(SHADOW_AFTER_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const locale = useLocale();
  const href = useLocalHref();
  // A navigation closes the mobile menu.
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }

  return (
    <header
      className={`sticky top-0 z-40 border-b print:hidden border-slate-200 bg-white/95 backdrop-blur transition-shadow dark:border-slate-800 dark:bg-slate-950/95 ${
        scrolled ? "shadow-lg shadow-slate-900/10 dark:shadow-black/40" : ""
      }`}
    >
      <div className="hidden border-b border-slate-200 bg-slate-50 text-sm text-slate-700 md:block dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-1.5">
          <p>
            {m.support()}{" "}
            <a href={`tel:${shop.supportPhone.replace(/[^\d+]/g, "")}`} className="font-medium underline-offset-2 hover:underline">
              {shop.supportPhone}
            </a>
          </p>
          <SocialLinks shop={shop} />
        </div>
      </div>
      <nav aria-label={m.nav_main()} className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-4">
        <Link
          to={href("/")}
          className="mr-auto inline-flex min-h-11 min-w-11 items-center rounded text-xl font-bold tracking-tight text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-400"
        >
          Pasal
        </Link>
        <NavList className="hidden items-center gap-1 md:flex" />
        <NavLink
          to={href("/cart")}
          className={(state) => `${linkClass(state)} inline-flex min-h-11 items-center`}
          aria-label={cartCount === 1 ? m.nav_cart_label_one() : m.nav_cart_label({ count: formatNumber(cartCount, locale) })}
          data-cart-target
        >
          <span aria-hidden="true">{m.nav_cart()}</span>
          {/* Always rendered with a fixed width, so the bar does not shift when the stored cart loads. */}
          <span
            aria-hidden="true"
            className="ml-1.5 inline-block min-w-6 rounded-full bg-brand-700 px-1.5 py-0.5 text-center text-xs font-semibold text-white"
          >
            {formatNumber(cartCount, locale)}
          </span>
        </NavLink>
        <LanguageSwitch className="hidden md:inline-flex" />
        <ThemeToggle />
        <button
          type="button"
          className="inline-flex h-11 min-w-11 items-center justify-center rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {m.nav_menu()}
        </button>
      </nav>
      {menuOpen && (
        <div id="mobile-menu" className="border-t border-slate-200 px-4 pb-4 pt-3 md:hidden dark:border-slate-800">
          <SearchBox label={m.search_services()} onNavigate={() => setMenuOpen(false)} />
          {/* Tapping the page already shown closes the menu too: no navigation happens to close it. */}
          <NavList className="mt-3 grid grid-cols-2 gap-1" linkExtra={tapTarget} onNavigate={() => setMenuOpen(false)} />
          <NavLink to={href("/my-orders")} className={(state) => `${linkClass(state)} ${tapTarget} mt-1`} onClick={() => setMenuOpen(false)}>
            {m.nav_my_orders()}
          </NavLink>
          <LanguageSwitch className="mt-1 flex" />
          <SocialLinks shop={shop} className="mt-2 px-3 text-sm text-slate-700 dark:text-slate-300" linkClassName={tapTarget} />
        </div>
      )}
    </header>
  );
}
