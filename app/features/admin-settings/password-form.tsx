import { useState, type FormEvent } from "react";
import { MIN_PASSWORD_LENGTH } from "../../../domain/auth";
import { card, mutedText } from "../../components/ui";
import { successMessageSchema } from "../../../domain/common";
import { callApi, fieldError, type ApiResult } from "../../lib/admin/admin-api";
import { useToast } from "../../lib/admin/toast";
import { InputField, sectionHeading, SubmitButton, useFocusFirstInvalid } from "../../lib/admin/form-parts";

const MISMATCH = "The new passwords do not match";

/** Change your own password; the server ends your other sessions. */
export function PasswordForm({ email }: { email: string }) {
  const toast = useToast();
  const [result, setResult] = useState<ApiResult<unknown> | null>(null);
  useFocusFirstInvalid("password-form", result);
  const [saving, setSaving] = useState(false);

  async function change(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const currentPassword = String(form.get("currentPassword") ?? "");
    const newPassword = String(form.get("newPassword") ?? "");
    if (newPassword !== String(form.get("confirmPassword") ?? "")) {
      setResult({ ok: false, status: 0, message: MISMATCH, errors: [{ field: "confirmPassword", message: MISMATCH }] });
      return;
    }
    setSaving(true);
    const answer = await callApi("POST", "/api/auth/password", successMessageSchema, { currentPassword, newPassword });
    setSaving(false);
    setResult(answer);
    if (answer.ok) {
      formElement.reset();
      toast("success", "Password changed. Your other sessions have been signed out.");
    } else {
      toast("error", answer.message);
    }
  }

  return (
    <section aria-labelledby="password-title" className={`${card} p-4 sm:p-6`}>
      <h2 id="password-title" className={sectionHeading}>
        Change your password
      </h2>
      <p className={`mt-1 text-sm ${mutedText}`}>Your other signed-in devices are signed out; this one stays signed in.</p>
      <form id="password-form" onSubmit={change} noValidate className="mt-5 grid gap-4 md:grid-cols-3">
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={email} hidden readOnly />
        <InputField
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={fieldError(result, "currentPassword")}
        />
        <InputField
          name="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          error={fieldError(result, "newPassword")}
        />
        <InputField
          name="confirmPassword"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={fieldError(result, "confirmPassword")}
        />
        <div className="md:col-span-3">
          <SubmitButton pending={saving} pendingLabel="Changing…" className="w-full sm:w-auto">
            Change password
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
