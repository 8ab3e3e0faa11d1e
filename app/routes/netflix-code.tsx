import { data, redirect } from "react-router";
import { LocalLink as Link } from "../components/local-link";
import { chatUrl } from "../../domain/checkout";
import { buildNetflixCodeMessage, NETFLIX_CODE_LABELS, netflixCodeRequestSchema } from "../../domain/netflix-code";
import { card, focusRing, mutedText } from "../components/ui";
import { NetflixCodeForm, netflixCodeErrors, type NetflixCodeValues } from "../features/checkout/netflix-code-form";
import { loadShopSettings } from "../lib/shop.server";
import { m } from "../paraglide/messages";
import type { Route } from "./+types/netflix-code";

export const meta: Route.MetaFunction = () => [
  { title: m.meta_netflix_code_title() },
  { name: "description", content: m.meta_netflix_code_description() },
];

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
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Get a Netflix code</h1>
      <p className={`mt-2 ${mutedText}`}>
        Netflix sends its codes to the account&apos;s email, which is ours. Tell us which code you need and we send it to you on WhatsApp or Telegram.
      </p>

      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <section className={`${card} p-5`} aria-labelledby="household-title">
          <h2 id="household-title" className="font-semibold">
            {NETFLIX_CODE_LABELS.household}
          </h2>
          <p className={`mt-2 text-sm ${mutedText}`}>
            Use it when Netflix says &lsquo;Your device isn&apos;t part of the Netflix Household for this account&rsquo;. On that screen choose
            &lsquo;I&apos;m traveling&rsquo; or &lsquo;Watch temporarily&rsquo;, then ask us for the code it sends.
          </p>
        </section>
        <section className={`${card} p-5`} aria-labelledby="signin-title">
          <h2 id="signin-title" className="font-semibold">
            {NETFLIX_CODE_LABELS.signin}
          </h2>
          <p className={`mt-2 text-sm ${mutedText}`}>
            Use it when you sign in on a new phone, TV or laptop and Netflix offers to send a sign-in code instead of asking for the password.
          </p>
        </section>
      </div>
      <p className={`mt-4 text-sm ${mutedText}`}>
        Household problem on a phone or tablet?{" "}
        <Link to="/help" className={link}>
          Follow our step-by-step guide
        </Link>{" "}
        first; it often fixes it without a code.
      </p>

      <div className="mt-8">
        <NetflixCodeForm initialErrors={actionData?.errors} initialValues={actionData?.values} />
      </div>
    </div>
  );
}
