import { redirect } from "react-router";
import { AdminsSection } from "../../features/admin-settings/admins-section";
import { LedgerSettingsForm } from "../../features/admin-settings/ledger-settings-form";
import { OrderLimitsForm } from "../../features/admin-settings/order-limits-form";
import { NotificationsSection } from "../../features/admin-settings/notifications-section";
import { OwnNameForm } from "../../features/admin-settings/own-name-form";
import { PasswordForm } from "../../features/admin-settings/password-form";
import { OnlinePaymentsSection } from "../../features/admin-settings/online-payments-section";
import { PaymentMethodsSection } from "../../features/admin-settings/payment-methods-section";
import { settingsActionSchema } from "../../features/admin-settings/settings-actions";
import { ShopSettingsForm } from "../../features/admin-settings/shop-settings-form";
import { StoreCreditForm } from "../../features/admin-settings/store-credit-form";
import { LegalDetailsForm } from "../../features/admin-settings/legal-details-form";
import { answer, reachServer } from "../../lib/admin/admin-action";
import { signedInAdmin, adminActor } from "../../lib/admin/require-admin";
import { screenErrorBoundary } from "../../lib/admin/screen-error";
import type { Route } from "./+types/settings";

export async function loader({ context }: Route.LoaderArgs) {
  const admin = signedInAdmin(context);
  const [{ settings, version }, legal, admins, paymentMethods, ledger, gateways, orderLimits, telegram, storeCredit] = await Promise.all([
    context.services.settings.shopForEdit(),
    context.services.settings.legalForEdit(),
    context.services.auth.listAdmins(admin),
    context.services.paymentMethods.listForEdit(),
    context.services.ledgerSettings.forEdit(),
    context.services.payments.settings(),
    context.services.orderLimits.forEdit(),
    context.services.telegram.settings(admin.id, context.config.publicUrl?.startsWith("https://") ? "webhook" : "polling"),
    context.services.storeCreditSettings.forEdit(),
  ]);
  return {
    settings,
    version,
    legal,
    admins,
    you: admin.email,
    yourName: admin.name,
    paymentMethods,
    ledger,
    gateways,
    orderLimits,
    telegram,
    storeCredit,
  };
}

/** The same service calls as the API's routes: their attempt counter, session ending and audit lines. */
export async function action({ context, request }: Route.ActionArgs) {
  const atWork = { admin: signedInAdmin(context), log: context.log };
  const { auth, settings, paymentMethods, ledgerSettings, payments, orderLimits, telegram, storeCreditSettings } = context.services;
  return answer(request, settingsActionSchema, async (form) => {
    switch (form.intent) {
      case "shop":
        return (await settings.saveShop(form.fields, atWork, form.version)).message;
      case "password":
        return (await auth.changeOwnPassword(form.fields, atWork)).message;
      case "name":
        return (await auth.nameSelf(form.fields.name, atWork)).message;
      case "add-admin":
        return (await auth.addAdmin(form.fields, atWork)).message;
      case "ledger":
        return (await ledgerSettings.save(form.fields, form.version)).message;
      case "remove-admin": {
        const { message, data } = await auth.removeAdminAs(form.email, atWork);
        // Removing yourself ends your session with you: on to sign-in.
        if (data.signedOut) throw redirect("/admin/login");
        return message;
      }
      case "payment-method-add":
        return (await paymentMethods.create(form.fields)).message;
      case "payment-method-save":
        return (await paymentMethods.update(form.id, form.fields, form.version)).message;
      case "payment-method-delete":
        return (await paymentMethods.delete(form.id, adminActor(context))).message;
      case "payment-methods-order":
        return (await paymentMethods.reorder(form.ids)).message;
      case "gateway":
        return (await payments.saveSettings(form.gateway, form.fields)).message;
      case "order-limits":
        return (await orderLimits.save(form.fields, atWork, form.version)).message;
      case "legal":
        return (await settings.saveLegal(form.fields, atWork, form.version)).message;
      case "store-credit":
        return (await storeCreditSettings.save(form.fields, form.version)).message;
      case "telegram-token":
        return (await telegram.saveToken(form.fields.token, atWork.admin)).message;
      case "telegram-remove":
        return (await telegram.removeBot(atWork.admin)).message;
      case "telegram-prefs":
        return (await telegram.setPrefs(form.id, atWork.admin.id, form.fields)).message;
      case "telegram-connect": {
        const { message, data } = await telegram.connectCode(atWork.admin.id);
        return { message, detail: data };
      }
      case "telegram-disconnect":
        return (await telegram.disconnect(form.id, atWork.admin)).message;
    }
  });
}

export const clientAction = (args: Route.ClientActionArgs) => reachServer(args);

export const meta: Route.MetaFunction = () => [{ title: "Settings | Pasal admin" }];

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { settings, version, legal, admins, you, yourName, paymentMethods, ledger, gateways, orderLimits, telegram, storeCredit } = loaderData;
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold">Settings</h1>
      <div className="mt-6 space-y-8">
        <ShopSettingsForm settings={settings} version={version} />
        <LegalDetailsForm details={legal.settings} version={legal.version} />
        <PaymentMethodsSection methods={paymentMethods} />
        <OnlinePaymentsSection gateways={gateways} />
        <LedgerSettingsForm settings={ledger.settings} version={ledger.version} />
        <OrderLimitsForm limits={orderLimits.settings} version={orderLimits.version} />
        <StoreCreditForm settings={storeCredit.settings} version={storeCredit.version} />
        <NotificationsSection telegram={telegram} />
        <OwnNameForm name={yourName} />
        <PasswordForm email={you} />
        <AdminsSection admins={admins} />
      </div>
    </div>
  );
}

export const ErrorBoundary = screenErrorBoundary("Settings");
