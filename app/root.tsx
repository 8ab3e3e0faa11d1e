import { useEffect, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "react-router";
import { pathInLocale, type Locale } from "../domain/shared/locale";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";
import { NotFound } from "./components/not-found";
import { Footer } from "./layout/footer";
import { Header } from "./layout/header";
import { publicOrigin } from "./features/seo/seo.server";
import { loadLegalDetails, loadShopSettings } from "./lib/shop.server";
import type { RootLoaderData } from "./lib/use-shop";
import { useNonce } from "./lib/nonce";
import { keepCodesFromLink } from "./lib/cart/coupon";
import { languageBootScript, useLocale } from "./lib/i18n";
import { themeBootScript } from "./lib/theme";
import { m } from "./paraglide/messages";

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootLoaderData> {
  const [shop, legal] = await Promise.all([loadShopSettings(context), loadLegalDetails(context)]);
  return { shop, legal, origin: publicOrigin(request, context) };
}

/**
 * The admin area shows no shop settings, so moving between its screens (or retrying one) does not ask for
 * them again: with a dropped connection the root's failed loader would replace the whole page with the
 * root error, where only the screen's own boundary (inside the admin layout) should show.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ nextUrl, defaultShouldRevalidate }) =>
  /^\/admin(\/|$)/.test(nextUrl.pathname) ? false : defaultShouldRevalidate;

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export const meta: Route.MetaFunction = () => [{ title: m.site_title() }, { name: "description", content: m.site_description() }];

export function Layout({ children }: { children: ReactNode }) {
  const isAdminPath = /^\/admin(\/|$)/.test(useLocation().pathname);
  const nonce = useNonce();
  const locale = useLocale();
  return (
    // Dark is the default (spec); the boot script switches to light before paint when the shopper chose it.
    <html lang={locale} className="dark" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark light" />
        {/* With a precedence React writes the stylesheet near the top of <head>, before the modulepreload
            links of <Scripts>: the browser asks for the one file that holds up the first paint before
            ~130 KB of scripts, instead of last, behind them on a slow line (ADR 0057). */}
        <link rel="stylesheet" href={appStylesheet} precedence="high" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        {/* The first visit to `/` opens the language the shopper chose last time (ADR 0091). */}
        {!isAdminPath && <script nonce={nonce} dangerouslySetInnerHTML={{ __html: languageBootScript }} />}
        {/* zod probes for eval (new Function) when its first schema is built; the CSP refuses eval and
            Chromium reports even a caught attempt. zod reads this global before any module of ours runs. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: "globalThis.__zod_globalConfig={jitless:true}" }} />
        <Meta />
        {!isAdminPath && <LanguageAlternates />}
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900"
        >
          {m.skip_to_content()}
        </a>
        {isAdminPath ? (
          // The admin area brings its own layout (sidebar, no shop header or footer).
          children
        ) : (
          <>
            <Header />
            <main id="main" className="flex-1">
              {children}
            </main>
            <Footer />
          </>
        )}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The page in each language, for search engines (hreflang); English is also the default for other languages. */
function LanguageAlternates() {
  const { pathname } = useLocation();
  const origin = useRouteLoaderData<typeof loader>("root")?.origin;
  if (!origin) return null;
  const url = (locale: Locale) => new URL(pathInLocale(pathname, locale), `${origin}/`).href;
  return (
    <>
      <link rel="alternate" hrefLang="en" href={url("en")} />
      <link rel="alternate" hrefLang="ne" href={url("ne")} />
      <link rel="alternate" hrefLang="x-default" href={url("en")} />
    </>
  );
}

export default function App() {
  const navigation = useNavigation();
  const { search } = useLocation();
  // A seller's shared link may carry a coupon or a referral code, on any page: kept with the cart.
  useEffect(() => {
    if (search) keepCodesFromLink(search);
  }, [search]);
  return (
    <>
      {navigation.state !== "idle" && (
        // A thin bar while the next page loads; screen readers hear the busy state instead.
        <div
          role="progressbar"
          aria-label={m.loading_page()}
          className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100 dark:bg-slate-800"
        >
          <div className="h-full w-1/3 animate-[loading-bar_1s_ease-in-out_infinite] bg-brand-600 motion-reduce:animate-none motion-reduce:w-full" />
        </div>
      )}
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">{m.error_title()}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        {isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : m.error_text()}
      </p>
    </section>
  );
}
