import { AdminsSection } from "../../features/admin-settings/admins-section";
import { PasswordForm } from "../../features/admin-settings/password-form";
import { ShopSettingsForm } from "../../features/admin-settings/shop-settings-form";
import { requireAdmin } from "../../lib/admin/require-admin";
import { ScreenError } from "../../lib/admin/screen-error";
import type { Route } from "./+types/settings";

export async function loader({ context, request }: Route.LoaderArgs) {
  const admin = requireAdmin(context, request);
  const [settings, admins] = await Promise.all([context.services.settings.shop(), context.services.auth.listAdmins(admin)]);
  return { settings, admins, you: admin.email };
}

export const meta: Route.MetaFunction = () => [{ title: "Settings | Pasal admin" }];

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { settings, admins, you } = loaderData;
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold">Settings</h1>
      <div className="mt-6 space-y-8">
        <ShopSettingsForm settings={settings} />
        <PasswordForm email={you} />
        <AdminsSection admins={admins} />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ScreenError screen="Settings" error={error} />;
}
