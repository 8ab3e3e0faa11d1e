import { useState, type FormEvent } from "react";
import { redirect, useNavigate, useSearchParams } from "react-router";
import { ownNameInputSchema } from "../../../domain/auth/schemas";
import { primaryButton } from "../../components/ui";
import { DoorCard, DoorError } from "../../lib/admin/door-card";
import { inputClass } from "../../lib/admin/form-parts";
import { requireSession, signedInAdmin, WELCOME_PATH } from "../../lib/admin/require-admin";
import { safeAdminNext } from "../../lib/admin/safe-next";
import type { Route } from "./+types/welcome";

/**
 * The first sign-in of an admin the shop made without a name: asked once, before any screen, for
 * the name the bot, the audit log and the other admins show. Outside the admin layout, as sign-in is.
 */
export const middleware: Route.MiddlewareFunction[] = [requireSession];

export function loader({ context, request }: Route.LoaderArgs) {
  const admin = signedInAdmin(context);
  if (admin.name) throw redirect(safeAdminNext(new URL(request.url).searchParams.get("next")));
  return { email: admin.email };
}

export const meta: Route.MetaFunction = () => [{ title: "Your name | Pasal admin" }, { name: "robots", content: "noindex" }];

export default function AdminWelcome({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = ownNameInputSchema.safeParse({ name: new FormData(event.currentTarget).get("name") });
    if (!checked.success) {
      setError(checked.error.issues[0]!.message);
      return;
    }
    setSending(true);
    setError(null);
    try {
      const response = await fetch("/api/auth/me", {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(checked.data),
      });
      if (response.ok) {
        navigate(safeAdminNext(searchParams.get("next")), { replace: true });
        return;
      }
      if (response.status === 401) {
        navigate(`/admin/login?next=${encodeURIComponent(WELCOME_PATH + window.location.search)}`, { replace: true });
        return;
      }
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      setError(body?.message ?? "Your name was not saved. Please try again.");
    } catch {
      setError("Cannot reach the server. Check your connection and try again.");
    } finally {
      setSending(false);
    }
  }

  return (
    <DoorCard
      title="Welcome. What is your name?"
      intro={
        <>
          You are signed in as <span className="break-all">{loaderData.email}</span>. Your name shows where you act: in the audit log, to the other
          admins, and in the Telegram bot (“Sita marked it paid”). You can change it later in Settings.
        </>
      }
    >
      <form onSubmit={save} className="mt-6 space-y-4" noValidate>
        <div>
          <label htmlFor="name" className="text-sm font-medium">
            Your name
          </label>
          <input
            id="name"
            name="name"
            autoComplete="name"
            required
            maxLength={80}
            className={inputClass}
            {...(error ? { "aria-invalid": true, "aria-describedby": "name-error" } : {})}
          />
        </div>
        {error && <DoorError id="name-error">{error}</DoorError>}
        <button type="submit" disabled={sending} className={`${primaryButton} w-full`}>
          {sending ? "Saving…" : "Continue"}
        </button>
      </form>
    </DoorCard>
  );
}
