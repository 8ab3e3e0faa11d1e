import { data } from "react-router";

// Unknown paths answer HTTP 404; the root error boundary shows the not-found screen.
export function loader() {
  throw data(null, { status: 404 });
}

export const meta = () => [{ title: "Page not found | Pasal" }];

export default function NotFoundRoute() {
  return null;
}
