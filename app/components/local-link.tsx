import { Link, type LinkProps } from "react-router";
import { useLocalHref } from "../lib/i18n";

/** A link to a page of the shop in the current page's language: `/help` on English pages, `/ne/help` on Nepali ones. */
export function LocalLink({ to, ...props }: LinkProps & { to: string }) {
  const href = useLocalHref();
  return <Link to={href(to)} {...props} />;
}
