import { redirect } from "react-router";
import type { Route } from "./+types/redirect";

// Footer link targets the spec leaves without screens: send them where the shopper meant to go.
const targets: Record<string, string> = { "/services": "/prices", "/pricing": "/prices", "/about": "/aboutUs" };

export function loader({ request }: Route.LoaderArgs) {
  // A client-side navigation asks for "/about.data"; a full page load for "/about".
  const path = new URL(request.url).pathname.replace(/\.data$/, "").replace(/\/+$/, "");
  const nepali = path.startsWith("/ne/");
  const target = targets[nepali ? path.slice(3) : path] ?? "/";
  return redirect(nepali ? `/ne${target === "/" ? "" : target}` : target, 301);
}
