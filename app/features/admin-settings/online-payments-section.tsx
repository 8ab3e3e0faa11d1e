import { GATEWAY_NAMES, type Gateway } from "../../../domain/payments/payments";
import type { GatewaySettings } from "../../../domain/payments/schemas";
import { focusRing, mutedText } from "../../components/ui";
import { formatDateTime } from "../../lib/admin/format";
import { CardSection, InputField, SubmitButton } from "../../lib/admin/form-parts";
import { RevealButton } from "../../lib/admin/reveal-button";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { saveGatewaySchema } from "./online-payment-actions";

/** What each gateway asks for, in its own words (docs/research/payment-gateways.md). */
const FIELDS: Record<Gateway, { code?: string; codeHint?: string; username?: boolean; secret: string; secretHint: string; password?: boolean }> = {
  khalti: {
    secret: "Live secret key",
    secretHint: "From Khalti's merchant dashboard (test-admin.khalti.com for the sandbox, admin.khalti.com live).",
  },
  esewa: {
    code: "Product code",
    codeHint: "eSewa's merchant code for ePay v2 (EPAYTEST in the test environment).",
    secret: "Secret key",
    secretHint: "The ePay v2 secret key eSewa gives with the live credentials.",
  },
  fonepay: {
    code: "Merchant code",
    codeHint: "Given by Fonepay or your bank.",
    username: true,
    secret: "Secret key",
    secretHint: "On your Fonepay merchant profile page.",
    password: true,
  },
};

/**
 * Online payments: each gateway on or off with its merchant account. Secrets are write-only (left
 * empty, the stored one is kept) and shown only by Reveal, which is logged (ADR 0083).
 */
export function OnlinePaymentsSection({ gateways }: { gateways: GatewaySettings[] }) {
  return (
    <CardSection id="online-payments-title" title="Online payments">
      <p className={`mt-1 text-sm ${mutedText}`}>
        With a merchant account, shoppers pay on their order page and the order is marked paid once the gateway confirms it. Without one, the payment
        methods above keep working as they do.
      </p>
      <div className="mt-5 grid gap-6 lg:grid-cols-3">
        {gateways.map((gateway) => (
          <GatewayForm key={gateway.gateway} settings={gateway} />
        ))}
      </div>
    </CardSection>
  );
}

function GatewayForm({ settings }: { settings: GatewaySettings }) {
  const save = useAdminAction(saveGatewaySchema, { reset: true });
  const { errors, formRef, pending } = save;
  const fields = FIELDS[settings.gateway];
  const name = GATEWAY_NAMES[settings.gateway];
  const id = `gateway-${settings.gateway}`;

  const submit = save.handleSubmit((form) => {
    const text = (field: string) => String(form.get(field) ?? "").trim();
    save.submit({
      intent: "gateway",
      gateway: settings.gateway,
      fields: {
        enabled: form.get("enabled") === "on",
        merchantCode: text("merchantCode"),
        username: text("username"),
        ...(text("secret") ? { secret: text("secret") } : {}),
        ...(text("password") ? { password: text("password") } : {}),
      },
    });
  });

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="font-semibold">
          {name}
        </h3>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${settings.enabled ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" : "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200"}`}
        >
          {settings.enabled ? "On" : "Off"}
        </span>
      </div>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" name="enabled" defaultChecked={settings.enabled} className={`h-4 w-4 ${focusRing}`} />
        Offer {name} on order pages
      </label>
      {fields.code && (
        <InputField
          name="merchantCode"
          label={fields.code}
          defaultValue={settings.merchantCode}
          hint={fields.codeHint}
          error={errors.merchantCode}
          autoComplete="off"
        />
      )}
      {fields.username && <InputField name="username" label="Username" defaultValue={settings.username} error={errors.username} autoComplete="off" />}
      <InputField
        name="secret"
        label={fields.secret}
        type="password"
        autoComplete="new-password"
        hint={`${settings.hasSecret ? "Stored encrypted; leave empty to keep it. " : ""}${fields.secretHint}`}
        error={errors.secret}
      />
      {settings.hasSecret && (
        <RevealButton
          path={`/api/admin/payment-gateways/${settings.gateway}/reveal`}
          body={{ what: "secret" }}
          label={`Reveal ${name} ${fields.secret.toLowerCase()}`}
        />
      )}
      {fields.password && (
        <>
          <InputField
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            hint={settings.hasPassword ? "Stored encrypted; leave empty to keep it." : undefined}
            error={errors.password}
          />
          {settings.hasPassword && (
            <RevealButton
              path={`/api/admin/payment-gateways/${settings.gateway}/reveal`}
              body={{ what: "password" }}
              label={`Reveal ${name} password`}
            />
          )}
        </>
      )}
      <SubmitButton pending={pending} className="w-full">
        Save {name}
      </SubmitButton>
      {settings.reveals.length > 0 && (
        <details className="text-sm">
          <summary className={`cursor-pointer rounded font-medium ${focusRing}`}>Reveal log</summary>
          <ul className={`mt-2 space-y-1 ${mutedText}`}>
            {settings.reveals.map((reveal) => (
              <li key={`${reveal.at}-${reveal.what}`}>
                {reveal.what} · {reveal.adminEmail} · <time dateTime={reveal.at}>{formatDateTime(reveal.at)}</time>
              </li>
            ))}
          </ul>
        </details>
      )}
    </form>
  );
}
