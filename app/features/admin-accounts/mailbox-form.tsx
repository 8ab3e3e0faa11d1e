import { useState } from "react";
import type { Mailbox, MailboxInput } from "../../../domain/household-mail/schemas";
import { mutedText, secondaryButton } from "../../components/ui";
import { ConfirmDialog } from "../../lib/admin/confirm-dialog";
import { CardSection, Field, InputField, SubmitButton } from "../../lib/admin/form-parts";
import { formatDateTime } from "../../lib/admin/format";
import { RevealButton } from "../../lib/admin/reveal-button";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { accountCareSchema } from "./account-actions";

/** A new mailbox starts as Gmail's, the provider most sellers' accounts are on. */
const GMAIL: Omit<MailboxInput, "user" | "password"> = {
  host: "imap.gmail.com",
  port: 993,
  security: "tls",
  folder: "INBOX",
  authservId: "mx.google.com",
};
const SECURITY = { tls: "TLS (port 993)", starttls: "STARTTLS (port 143)", none: "None (a server on this machine only)" } as const;

/**
 * The account's mailbox (issue 45): where Netflix's mails to its login arrive. With it, the account's holders get
 * their household and sign-in codes on their order page by themselves. The app password is write-only: an empty
 * box keeps the stored one, and Reveal is in the reveal log.
 */
export function MailboxForm({ accountId, mailbox }: { accountId: string; mailbox: Mailbox | null }) {
  const [removing, setRemoving] = useState(false);
  // Each save makes the form anew from what was saved: the app password box empties, every field shows the stored setting.
  const [saves, setSaves] = useState(0);
  const action = useAdminAction(accountCareSchema, { onSaved: () => setSaves((n) => n + 1) });
  const test = useAdminAction(accountCareSchema);
  const { formRef } = action;
  const errors = { ...action.errors, ...test.errors };
  const pending = action.pending || test.pending;
  const shown = mailbox ?? GMAIL;

  const fieldsOf = (form: FormData): MailboxInput => ({
    host: String(form.get("host") ?? ""),
    port: Number(form.get("port") ?? ""),
    security: String(form.get("security") ?? "tls") as MailboxInput["security"],
    user: String(form.get("user") ?? ""),
    password: String(form.get("password") ?? ""),
    folder: String(form.get("folder") ?? ""),
    authservId: String(form.get("authservId") ?? ""),
  });
  const submit = (intent: "mailbox-save" | "mailbox-test", form: HTMLFormElement | null) => {
    if (form) (intent === "mailbox-test" ? test : action).submit({ intent, fields: fieldsOf(new FormData(form)) });
  };

  return (
    <CardSection id="mailbox-title" title="Mailbox: holders get their Netflix codes themselves">
      <p className={`mt-1 text-sm ${mutedText}`}>
        Where Netflix&rsquo;s mails to this account&rsquo;s login arrive. The shop reads only Netflix&rsquo;s mails its mail provider proved (DKIM),
        and never keeps them. Use an app password (Gmail: Google Account, Security, App passwords), not the mailbox&rsquo;s own.
      </p>
      {mailbox?.alert && (
        <div
          role="alert"
          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-50"
        >
          <p>
            <strong>Needs attention</strong> ({formatDateTime(mailbox.alert.at)}): {mailbox.alert.text}
          </p>
          <div className="mt-2 flex flex-wrap gap-3">
            {mailbox.alert.kind === "password-changed" && (
              <a href="#secret-change-title" className={`${secondaryButton} px-3 py-1.5 text-sm`}>
                Record the new password
              </a>
            )}
            <button type="button" onClick={() => action.submit({ intent: "mailbox-dismiss" })} className={`${secondaryButton} px-3 py-1.5 text-sm`}>
              Dismiss
            </button>
          </div>
        </div>
      )}
      {mailbox && (
        <p className="mt-2 text-sm" role="status">
          {mailbox.failure ? (
            <span className="font-medium text-red-700 dark:text-red-300">
              Failing since {formatDateTime(mailbox.failingSince!)}: {mailbox.failure}
            </span>
          ) : mailbox.checkedAt ? (
            <span className="text-emerald-800 dark:text-emerald-300">Read {formatDateTime(mailbox.checkedAt)}</span>
          ) : (
            <span className={mutedText}>Saved; not read yet: it is read when a holder asks for a code.</span>
          )}
        </p>
      )}
      <form
        key={saves}
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit("mailbox-save", event.currentTarget);
        }}
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        <InputField name="host" label="Mail server (IMAP)" defaultValue={shown.host} autoComplete="off" spellCheck={false} error={errors.host} />
        <div className="grid grid-cols-[6rem_1fr] gap-3">
          <InputField name="port" label="Port" type="number" inputMode="numeric" min={1} max={65535} defaultValue={shown.port} error={errors.port} />
          <Field label="Security" error={errors.security}>
            {(control) => (
              <select name="security" defaultValue={shown.security} {...control}>
                {Object.entries(SECURITY).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <InputField
          name="user"
          label="User name"
          hint="Usually the mailbox's email"
          defaultValue={mailbox?.user ?? ""}
          autoComplete="off"
          spellCheck={false}
          error={errors.user}
        />
        <InputField
          name="password"
          label="App password"
          type="password"
          autoComplete="new-password"
          optional={mailbox !== null}
          hint={mailbox ? "Stored and sealed: leave empty to keep it" : undefined}
          error={errors.password}
        />
        <InputField name="folder" label="Folder" defaultValue={shown.folder} autoComplete="off" error={errors.folder} />
        <InputField
          name="authservId"
          label="Checks signed by"
          hint="The name your mail provider writes its checks under: mx.google.com for Gmail"
          defaultValue={shown.authservId}
          autoComplete="off"
          spellCheck={false}
          error={errors.authservId}
        />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <SubmitButton pending={pending}>Save mailbox</SubmitButton>
          <button
            type="button"
            onClick={(event) => submit("mailbox-test", event.currentTarget.form)}
            disabled={pending}
            className={`${secondaryButton} px-4 py-2 text-sm`}
          >
            Test connection
          </button>
          {mailbox && (
            <>
              <RevealButton path={`/api/admin/accounts/${accountId}/mailbox/reveal`} body={{}} label="Reveal the app password" />
              <button type="button" onClick={() => setRemoving(true)} className={`${secondaryButton} px-4 py-2 text-sm`}>
                Remove mailbox
              </button>
            </>
          )}
        </div>
      </form>
      <ConfirmDialog
        open={removing}
        title="Remove this mailbox"
        message="Remove the mailbox? The app password is deleted, and the account's holders ask the shop for their codes in a chat again."
        confirmLabel="Remove"
        onConfirm={() => {
          setRemoving(false);
          action.submit({ intent: "mailbox-remove" });
        }}
        onCancel={() => setRemoving(false)}
      />
    </CardSection>
  );
}
