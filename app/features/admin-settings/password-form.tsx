import { MIN_PASSWORD_LENGTH } from "../../../domain/auth/auth";
import { mutedText } from "../../components/ui";
import { CardSection, InputField, SubmitButton } from "../../lib/admin/form-parts";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { changePasswordSchema } from "./settings-actions";

/** Change your own password; the server ends your other sessions. */
export function PasswordForm({ email }: { email: string }) {
  const change = useAdminAction(changePasswordSchema, { reset: true });
  const { errors, formRef, pending } = change;

  const submit = change.handleSubmit((form) => {
    const text = (name: string) => String(form.get(name) ?? "");
    change.submit({
      intent: "password",
      fields: { currentPassword: text("currentPassword"), newPassword: text("newPassword"), confirmPassword: text("confirmPassword") },
    });
  });

  return (
    <CardSection id="password-title" title="Change your password">
      <p className={`mt-1 text-sm ${mutedText}`}>Your other signed-in devices are signed out; this one stays signed in.</p>
      <form id="password-form" ref={formRef} onSubmit={submit} noValidate className="mt-5 grid gap-4 md:grid-cols-3">
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={email} hidden readOnly />
        <InputField name="currentPassword" label="Current password" type="password" autoComplete="current-password" error={errors.currentPassword} />
        <InputField
          name="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          error={errors.newPassword}
        />
        <InputField name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" error={errors.confirmPassword} />
        <div className="md:col-span-3">
          <SubmitButton pending={pending} pendingLabel="Changing…" className="w-full sm:w-auto">
            Change password
          </SubmitButton>
        </div>
      </form>
    </CardSection>
  );
}
