import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/**
 * The storefront's pages, once in English at the URLs they always had and once in Nepali under `/ne`
 * (ADR 0091): the same modules, each Nepali route with an id of its own. The admin area stays in English.
 */
const storefront = (lang: "" | "ne") => {
  const at = (path: string) => (lang ? `${lang}/${path}` : path);
  // English routes keep the ids they always had (the file's path, or the id given).
  const id = (name: string, english?: string) => (lang ? { id: `${lang}-${name}` } : english ? { id: english } : {});
  return [
    lang ? route(lang, "routes/home.tsx", id("home")) : index("routes/home.tsx"),
    route(at("all-content"), "routes/all-content.tsx", id("all-content")),
    route(at("prices"), "routes/prices.tsx", id("prices", "prices")),
    route(at("price/:cat"), "routes/prices.tsx", id("prices-by-category", "prices-by-category")),
    route(at("prices/:name"), "routes/product.tsx", id("product")),
    route(at("cart"), "routes/cart.tsx", id("cart")),
    route(at("order/:reference"), "routes/order.tsx", id("order")),
    route(at("my-orders"), "routes/my-orders.tsx", id("my-orders")),
    // A customer's page of all their subscriptions, opened by its key (ADR 0104).
    route(at("my/:key"), "routes/my.tsx", id("my")),
    route(at("payment/:id"), "routes/payment.tsx", id("payment")),
    // A paid order's bill, opened by its order's key or its customer's, and what its QR code leads to (ADR 0131).
    route(at("bill/:number"), "routes/bill.tsx", id("bill")),
    route(at("bill/:number/verify"), "routes/bill-verify.tsx", id("bill-verify")),
    route(at("updates"), "routes/updates.tsx", id("updates")),
    route(at("aboutUs"), "routes/about.tsx", id("about")),
    route(at("help"), "routes/help.tsx", id("help")),
    route(at("contact"), "routes/contact.tsx", id("contact")),
    route(at("netflixCode"), "routes/netflix-code.tsx", id("netflix-code")),
    route(at("privacy"), "routes/privacy.tsx", id("privacy")),
    route(at("terms"), "routes/terms.tsx", id("terms")),
  ];
};

export default [
  ...storefront(""),
  ...storefront("ne"),
  route("ne/*", "routes/not-found.tsx", { id: "ne-not-found" }),
  // The footer's spec links, in either language, land on the page they mean in that language.
  ...(["", "ne"] as const).flatMap((lang) =>
    ["services", "pricing", "about"].map((name) =>
      route(lang ? `${lang}/${name}` : name, "routes/redirect.ts", { id: `redirect-${lang ? `${lang}-` : ""}${name}` }),
    ),
  ),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  // Admin area (spec: '/' and 'login' inside it are the sign-in screen).
  route("admin", "routes/admin/login.tsx", { id: "admin-index" }),
  route("admin/login", "routes/admin/login.tsx", { id: "admin-login" }),
  route("admin/welcome", "routes/admin/welcome.tsx"),
  layout("routes/admin/layout.tsx", [
    route("admin/dashboard", "routes/admin/dashboard.tsx"),
    route("admin/orders", "routes/admin/orders.tsx"),
    route("admin/renewals", "routes/admin/renewals.tsx"),
    route("admin/customers", "routes/admin/customers.tsx"),
    route("admin/customers/:phone", "routes/admin/customer.tsx"),
    route("admin/reports", "routes/admin/reports.tsx"),
    route("admin/coupons", "routes/admin/coupons.tsx"),
    route("admin/blocklist", "routes/admin/blocklist.tsx"),
    route("admin/accounts", "routes/admin/accounts.tsx"),
    route("admin/accounts/:id", "routes/admin/account.tsx"),
    // A holder told of new credentials: the account screen's Send opens it in a new tab, sent on to the chat app.
    route("admin/tell/:noticeId", "routes/admin/tell.tsx"),
    // Problems shoppers report on their order pages (ADR 0111).
    route("admin/problems", "routes/admin/problems.tsx"),
    route("admin/audit", "routes/admin/audit.tsx"),
    route("admin/prices", "routes/admin/prices.tsx"),
    route("admin/whatsNewVideo", "routes/admin/videos.tsx"),
    route("admin/update", "routes/admin/updates.tsx"),
    route("admin/carousel", "routes/admin/carousel.tsx"),
    route("admin/settings", "routes/admin/settings.tsx"),
    route("admin/newsletter", "routes/admin/newsletter.tsx"),
    route("admin/*", "routes/admin/not-found.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
