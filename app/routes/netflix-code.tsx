import { data, redirect } from "react-router";
import { LocalLink as Link } from "../components/local-link";
import { chatUrl } from "../../domain/orders/checkout";
import { buildNetflixCodeMessage } from "../../domain/netflix-code/netflix-code";
import { netflixCodeRequestSchema } from "../../domain/netflix-code/code-request";
import { card, focusRing, mutedText } from "../components/ui";
import { NetflixCodeForm, netflixCodeErrors, type NetflixCodeValues } from "../features/netflix-code/netflix-code-form";
import { loadShopSettings } from "../lib/shop.server";
import { pageMeta } from "../features/seo/seo";
import { NETFLIX_SAYS } from "../components/netflix-says";
import { CodesOnOrderPage } from "../components/codes-on-order-page";
import { richMessage } from "../components/rich-message";
import { m } from "../paraglide/messages";
import { getLocale } from "../paraglide/runtime";
import type { Route } from "./+types/netflix-code";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { path: "/netflixCode", title: m.meta_netflix_code_title(), description: m.meta_netflix_code_description() }, getLocale());

/** Only reached without JavaScript: the form then posts here, and the shopper is sent on to the chat. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values: NetflixCodeValues = {
    email: String(form.get("email") ?? ""),
    kind: String(form.get("kind") ?? ""),
    note: String(form.get("note") ?? ""),
  };
  const parsed = netflixCodeRequestSchema.safeParse(values);
  if (!parsed.success) return data({ errors: netflixCodeErrors(values), values }, { status: 400 });
  const channel = form.get("channel") === "telegram" ? "telegram" : "whatsapp";
  return redirect(chatUrl(channel, await loadShopSettings(context), buildNetflixCodeMessage(parsed.data)));
}

const link = `rounded font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600 dark:text-brand-400 ${focusRing}`;

export default function NetflixCode({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{m.netflix_title()}</h1>
      <p className={`mt-2 ${mutedText}`}>{m.netflix_intro()}</p>
      <CodesOnOrderPage />

      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <section className={`${card} p-5`} aria-labelledby="household-title">
          <h2 id="household-title" className="font-semibold">
            {m.netflix_household_label()}
          </h2>
          <p className={`mt-2 text-sm ${mutedText}`}>
            {richMessage(m.netflix_household_when, {
              notPart: NETFLIX_SAYS.notPart,
              traveling: NETFLIX_SAYS.traveling,
              temporarily: NETFLIX_SAYS.temporarily,
            })}
          </p>
        </section>
        <section className={`${card} p-5`} aria-labelledby="signin-title">
          <h2 id="signin-title" className="font-semibold">
            {m.netflix_signin_label()}
          </h2>
          <p className={`mt-2 text-sm ${mutedText}`}>{m.netflix_signin_when()}</p>
        </section>
      </div>
      <p className={`mt-4 text-sm ${mutedText}`}>
        {m.netflix_guide_before()}{" "}
        <Link to="/help" className={link}>
          {m.netflix_guide_link()}
        </Link>{" "}
        {m.netflix_guide_after()}
      </p>

      <div className="mt-8">
        <NetflixCodeForm initialErrors={actionData?.errors} initialValues={actionData?.values} />
      </div>
    </div>
  );
}
