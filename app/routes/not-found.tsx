import { data } from "react-router";
import { m } from "../paraglide/messages";

// Unknown paths answer HTTP 404; the root error boundary shows the not-found screen.
export function loader() {
  throw data(null, { status: 404 });
}

export const meta = () => [{ title: m.not_found_meta() }];

export default function NotFoundRoute() {
  return null;
}
