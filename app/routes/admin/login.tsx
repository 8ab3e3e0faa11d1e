import { useState, type FormEvent } from "react";
import { redirect, useNavigate, useSearchParams } from "react-router";
import { primaryButton } from "../../components/ui";
import { DoorCard, DoorError } from "../../lib/admin/door-card";
import { formatWait } from "../../lib/admin/format";
import { inputClass } from "../../lib/admin/form-parts";
import { safeAdminNext } from "../../lib/admin/safe-next";
import type { Route } from "./+types/login";

export function loader({ context, request }: Route.LoaderArgs) {
  // Already signed in: straight on to where the admin was going.
  if (context.admin) throw redirect(safeAdminNext(new URL(request.url).searchParams.get("next")));
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "Sign in | Pasal admin" }, { name: "robots", content: "noindex" }];

export default function AdminLogin() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSending(true);
    setError(null);
    try {
      const response = await fetch("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: form.get("email"), password: form.get("password") }),
      });
      if (response.ok) {
        navigate(safeAdminNext(searchParams.get("next")), { replace: true });
        return;
      }
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      if (response.status === 429 && !body?.message) {
        // The server's own sentence says why (and that a known browser may still sign in); this is only its stand-in.
        setError(`Too many sign-in attempts. Please wait ${formatWait(Number(response.headers.get("retry-after") ?? 60))} and try again.`);
      } else {
        setError(body?.message ?? "Sign-in failed. Please try again.");
      }
    } catch {
      setError("Cannot reach the server. Check your connection and try again.");
    } finally {
      setSending(false);
    }
  }

  return (
    <DoorCard title="Admin sign-in" intro="For the shop's administrators only.">
      <form onSubmit={signIn} className="mt-6 space-y-4" noValidate>
        <SignInField name="email" label="Email" autoComplete="username" />
        <SignInField name="password" label="Password" autoComplete="current-password" />
        {error && <DoorError>{error}</DoorError>}
        <button type="submit" disabled={sending} className={`${primaryButton} w-full`}>
          {sending ? "Signing in…" : "Sign in"}
        </button>
      </form>
    </DoorCard>
  );
}

/** A labelled sign-in input; its name is also its id and its type. */
function SignInField({ name, label, autoComplete }: { name: "email" | "password"; label: string; autoComplete: string }) {
  return (
    <div>
      <label htmlFor={name} className="text-sm font-medium">
        {label}
      </label>
      <input id={name} name={name} type={name} autoComplete={autoComplete} required className={inputClass} />
    </div>
  );
}
