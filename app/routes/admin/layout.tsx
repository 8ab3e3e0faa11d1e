import { useEffect, useRef, useState } from "react";
import { NavLink, Outlet, useLocation, useNavigate, useNavigation, type ShouldRevalidateFunction } from "react-router";
import { focusRing } from "../../components/ui";
import { requireAdmin, signedInAdmin } from "../../lib/admin/require-admin";
import { ToastProvider } from "../../lib/admin/toast";
import type { Route } from "./+types/layout";

/** Signs in every screen under this layout, their loaders and actions alike (ADR 0110). */
export const middleware: Route.MiddlewareFunction[] = [requireAdmin];

export async function loader({ context }: Route.LoaderArgs) {
  const admin = signedInAdmin(context);
  // The sidebar's count of problems waiting; the queue itself shows the live count.
  const openProblems = await context.services.problems.openCount().catch((error: unknown) => {
    context.log.error({ err: error }, "open problems for the admin sidebar");
    return 0;
  });
  // Until the seller gives them, every screen says the shop's legal details are missing (ADR 0129).
  const legalMissing = await context.services.settings
    .legal()
    .then((legal) => legal === null)
    .catch(() => false);
  return { admin: { name: admin.name, email: admin.email }, openProblems, legalMissing };
}

/**
 * The admin's name and email do not change between screens; the layout's loader runs when the admin area
 * is entered, and again only when the admin renames themselves or saves the legal details (its banner). Were it rerun on every move, a dropped
 * connection would fail the layout itself, which has no sidebar left to show, and the error would land on the
 * root's page instead of the screen's boundary.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ json, actionResult }) =>
  ["name", "legal"].includes(String((json as { intent?: unknown } | undefined)?.intent)) &&
  (actionResult as { ok?: unknown } | undefined)?.ok === true;

export const meta: Route.MetaFunction = () => [{ title: "Admin Dashboard | Pasal" }, { name: "robots", content: "noindex" }];

const ADMIN_LINKS = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/renewals", label: "Renewals" },
  { to: "/admin/customers", label: "Customers" },
  { to: "/admin/reports", label: "Reports" },
  { to: "/admin/coupons", label: "Coupons" },
  { to: "/admin/blocklist", label: "Blocklist" },
  { to: "/admin/accounts", label: "Accounts" },
  { to: "/admin/problems", label: "Problems" },
  { to: "/admin/audit", label: "Audit log" },
  { to: "/admin/prices", label: "Prices" },
  { to: "/admin/whatsNewVideo", label: "What's New Video" },
  { to: "/admin/update", label: "Updates" },
  { to: "/admin/carousel", label: "Carousel" },
  { to: "/admin/settings", label: "Settings" },
  { to: "/admin/newsletter", label: "Newsletter" },
] as const;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { admin, openProblems, legalMissing } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(location.pathname);
  if (openedAt !== location.pathname) {
    setOpenedAt(location.pathname);
    setSidebarOpen(false);
  }
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  // Only while another screen's code and data load: a search or filter on the same screen keeps its form
  // (and its own busy state) on screen.
  const loadingScreen =
    navigation.state === "loading" && navigation.location.pathname.startsWith("/admin/") && navigation.location.pathname !== location.pathname;

  const returnFocus = useRef(false);
  // After the render, when the content column is no longer inert, so the Menu button can take focus.
  useEffect(() => {
    if (sidebarOpen) closeButton.current?.focus();
    else if (returnFocus.current) menuButton.current?.focus();
    returnFocus.current = false;
  }, [sidebarOpen]);

  useEffect(() => {
    // Widening the window past the phone layout shows the sidebar in place; the overlay state must not linger.
    const desktop = window.matchMedia("(min-width: 64rem)");
    const close = () => desktop.matches && setSidebarOpen(false);
    desktop.addEventListener("change", close);
    return () => desktop.removeEventListener("change", close);
  }, []);

  function closeSidebar() {
    returnFocus.current = true;
    setSidebarOpen(false);
  }

  useEffect(() => {
    if (!sidebarOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && closeSidebar();
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [sidebarOpen]);

  async function logout() {
    await fetch("/api/auth/logout", { method: "POST" }).catch(() => undefined);
    navigate("/admin/login", { replace: true });
  }

  return (
    <div className="flex min-h-screen bg-slate-50 dark:bg-slate-950">
      {sidebarOpen && <div aria-hidden="true" className="fixed inset-0 z-30 bg-slate-950/60 lg:hidden" onClick={closeSidebar} />}
      <aside
        id="admin-sidebar"
        // Closed on a phone it is hidden, not just moved off screen, so its links leave the tab order and the
        // accessibility tree; on desktop widths it is always shown. Visibility is animated only when closing
        // (it stays visible while sliding out); opening shows it at once, so focus can move in straight away.
        className={`fixed inset-y-0 left-0 z-40 flex w-72 max-w-[85vw] flex-col border-r border-slate-200 bg-white motion-reduce:transition-none dark:border-slate-800 dark:bg-slate-900 lg:visible lg:static lg:translate-x-0 ${
          sidebarOpen ? "visible translate-x-0 transition-[translate]" : "invisible -translate-x-full transition-[translate,visibility]"
        }`}
        aria-label="Admin"
      >
        <div className="border-b border-slate-200 p-5 dark:border-slate-800">
          <div className="flex items-start justify-between gap-3">
            <p className="text-lg font-bold text-brand-700 dark:text-brand-400">Admin Dashboard</p>
            <button
              ref={closeButton}
              type="button"
              onClick={closeSidebar}
              className={`-m-1 min-h-11 rounded-lg px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 lg:hidden dark:text-slate-200 dark:hover:bg-slate-800 ${focusRing}`}
            >
              Close<span className="sr-only"> menu</span>
            </button>
          </div>
          <p className="mt-3 font-medium">{admin.name}</p>
          <p className="truncate text-sm text-slate-600 dark:text-slate-300">{admin.email}</p>
        </div>
        <nav aria-labelledby="admin-nav-title" className="flex-1 overflow-y-auto p-3">
          <h2 id="admin-nav-title" className="px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
            Main Navigation
          </h2>
          <ul className="space-y-1">
            {ADMIN_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    // 44 px tall for a thumb on phones, where the sidebar is the menu; compact beside the screen from 1024 px.
                    `flex min-h-11 items-center rounded-lg px-3 py-2 text-sm font-medium lg:min-h-0 ${focusRing} ${
                      isActive
                        ? "bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-400"
                        : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                    }`
                  }
                >
                  {link.label}
                  {link.to === "/admin/problems" && openProblems > 0 && (
                    <span className="ml-auto rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                      {openProblems}
                      <span className="sr-only"> open</span>
                    </span>
                  )}
                </NavLink>
              </li>
            ))}
            <li>
              <a
                href="/"
                className={`flex min-h-11 items-center rounded-lg px-3 py-2 text-sm lg:min-h-0 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 ${focusRing}`}
              >
                View the shop
              </a>
            </li>
          </ul>
        </nav>
        <div className="border-t border-slate-200 p-3 dark:border-slate-800">
          <button
            type="button"
            onClick={logout}
            className={`min-h-11 w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-red-700 lg:min-h-0 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950 ${focusRing}`}
          >
            Logout
          </button>
          <p className="px-3 pt-3 text-xs text-slate-600 dark:text-slate-400">Admin Panel v1.0.0</p>
        </div>
      </aside>
      {/* Behind the open phone menu the page is out of reach, as it is out of sight under the overlay. */}
      <div className="flex min-w-0 flex-1 flex-col" inert={sidebarOpen}>
        <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3 lg:hidden dark:border-slate-800 dark:bg-slate-900">
          <button
            ref={menuButton}
            type="button"
            aria-expanded={sidebarOpen}
            aria-controls="admin-sidebar"
            onClick={() => setSidebarOpen((open) => !open)}
            className={`min-h-11 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium dark:border-slate-700 ${focusRing}`}
          >
            Menu
          </button>
          <p className="font-semibold">Admin Dashboard</p>
        </header>
        <main id="main" className="flex-1 p-4 sm:p-6 lg:p-8">
          {legalMissing && (
            <p className="mx-auto mb-6 max-w-5xl rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-50">
              The shop&apos;s legal details are not set: Nepal&apos;s E-Commerce Act asks the site to show its registered name, address, PAN and
              complaint officer, and bills need them.{" "}
              <a href="/admin/settings#legal-settings-title" className={`font-semibold underline underline-offset-2 ${focusRing}`}>
                Add them in Settings
              </a>
            </p>
          )}
          {/* Outside the condition: a toast shown just before a navigation stays on screen. */}
          <ToastProvider>
            {loadingScreen ? (
              <div role="status" className="flex flex-col items-center justify-center py-24 text-center">
                <span
                  aria-hidden="true"
                  className="h-10 w-10 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600 motion-reduce:animate-none"
                />
                <p className="mt-4 font-medium">Loading, please wait...</p>
                <p className="text-sm text-slate-600 dark:text-slate-300">Preparing your dashboard...</p>
              </div>
            ) : (
              <Outlet />
            )}
          </ToastProvider>
        </main>
      </div>
    </div>
  );
}
