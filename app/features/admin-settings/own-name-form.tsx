import { mutedText } from "../../components/ui";
import { CardSection, InputField, SubmitButton } from "../../lib/admin/form-parts";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { ownNameSchema } from "./settings-actions";

/** Your own name, as the audit log, the other admins and the Telegram bot show you. */
export function OwnNameForm({ name }: { name: string }) {
  const save = useAdminAction(ownNameSchema);
  const { errors, formRef, pending } = save;

  const submit = save.handleSubmit((form) => save.submit({ intent: "name", fields: { name: String(form.get("name") ?? "") } }));

  return (
    <CardSection id="own-name-title" title="Your name">
      <p className={`mt-1 text-sm ${mutedText}`}>
        Shown where you act: the audit log, the admins below, and the Telegram bot (“Sita marked it paid”).
      </p>
      <form ref={formRef} onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="sm:w-80">
          <InputField name="name" label="Your name" autoComplete="name" defaultValue={name} maxLength={80} required error={errors.name} />
        </div>
        <SubmitButton pending={pending} className="w-full sm:w-auto">
          Save name
        </SubmitButton>
      </form>
    </CardSection>
  );
}
