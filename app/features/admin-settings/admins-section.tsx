import { useState } from "react";
import { MIN_PASSWORD_LENGTH } from "../../../domain/auth/auth";
import type { AdminListItem } from "../../../domain/auth/schemas";
import { mutedText, secondaryButton } from "../../components/ui";
import { ConfirmItem } from "../../lib/admin/confirm-dialog";
import { CardSection, InputField, SubmitButton } from "../../lib/admin/form-parts";
import { formatDateTime } from "../../lib/admin/format";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { addAdminSchema, removeAdminSchema } from "./settings-actions";

/** Who may sign in to the admin area: the list, adding one, and removing one (never the last). */
export function AdminsSection({ admins }: { admins: AdminListItem[] }) {
  const add = useAdminAction(addAdminSchema, { reset: true });
  const { errors, formRef, pending: adding } = add;
  // Removing yourself ends at sign-in (the action redirects there).
  const remove = useAdminAction(removeAdminSchema);
  const { pending: removingNow } = remove;
  const [removing, setRemoving] = useState<AdminListItem | null>(null);

  const submit = add.handleSubmit((form) => {
    const text = (name: string) => String(form.get(name) ?? "");
    add.submit({ intent: "add-admin", fields: { email: text("email"), name: text("name"), password: text("password") } });
  });

  const onlyOne = admins.length <= 1;

  return (
    <CardSection id="admins-title" title="Admins">
      <p className={`mt-1 text-sm ${mutedText}`}>
        Everyone here can sign in and change the shop. {onlyOne ? "The last admin cannot be removed." : ""}
      </p>
      <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {admins.map((admin) => (
          <li key={admin.email} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium">
                {admin.name || <span className={mutedText}>Not named yet</span>}
                {admin.isYou && (
                  <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:bg-slate-800 dark:text-brand-400">
                    You
                  </span>
                )}
              </p>
              <p className={`break-all text-sm ${mutedText}`}>{admin.email}</p>
              <p className={`text-xs ${mutedText}`}>
                Added <time dateTime={admin.createdAt}>{formatDateTime(admin.createdAt)}</time>
              </p>
            </div>
            <button
              type="button"
              className={`${secondaryButton} shrink-0 px-4 py-2 text-sm text-red-700 dark:text-red-300`}
              aria-label={`Remove ${admin.email}`}
              disabled={removingNow}
              onClick={() => setRemoving(admin)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>

      <h3 className="mt-6 text-base font-semibold">Add admin</h3>
      <form id="add-admin-form" ref={formRef} onSubmit={submit} noValidate className="mt-3 grid gap-4 md:grid-cols-3" aria-label="Add admin">
        <InputField name="email" label="Email" type="email" inputMode="email" autoComplete="off" error={errors.email} />
        <InputField name="name" label="Name" autoComplete="off" error={errors.name} />
        <InputField
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters. Share it with them privately.`}
          error={errors.password}
        />
        <div className="md:col-span-3">
          <SubmitButton pending={adding} pendingLabel="Adding…" className="w-full sm:w-auto">
            Add admin
          </SubmitButton>
        </div>
      </form>

      <ConfirmItem
        item={removing}
        setItem={setRemoving}
        title="Remove admin"
        message={(admin) =>
          admin.isYou
            ? `Remove yourself (${admin.email}) as an admin? You will be signed out and cannot sign in again.`
            : `Remove ${admin.email} as an admin? They will be signed out and cannot sign in again.`
        }
        confirmLabel="Remove"
        onConfirm={(admin) => remove.submit({ intent: "remove-admin", email: admin.email })}
      />
    </CardSection>
  );
}
