import { useState } from "react";
import type { CatalogueItem } from "../../../domain/catalogue";
import { mutedText } from "../../components/ui";
import { priceActionSchema } from "../../features/admin-prices/price-actions";
import { PriceForm } from "../../features/admin-prices/price-form";
import { PriceGrid } from "../../features/admin-prices/price-grid";
import { answer, reachServer } from "../../lib/admin/admin-action";
import { ScreenError } from "../../lib/admin/screen-error";
import { requireAdmin } from "../../lib/admin/require-admin";
import type { Route } from "./+types/prices";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return { items: await context.services.catalogue.list() };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireAdmin(context, request);
  const { catalogue } = context.services;
  return answer(request, priceActionSchema, async (form) => {
    if (form.intent === "delete") {
      await catalogue.deleteByName(form.name);
      return `${form.name} deleted`;
    }
    if (form.intent === "update") return `${(await catalogue.update(form.id, form.fields)).Name} updated`;
    return `${(await catalogue.create(form.fields)).Name} added`;
  });
}

export const clientAction = (args: Route.ClientActionArgs) => reachServer(args);

export const meta: Route.MetaFunction = () => [{ title: "Prices | Pasal admin" }];

/** Which form is showing: a fresh key resets it (after a save, on Edit, on Cancel edit). */
type FormMode = { key: number; editing: CatalogueItem | null; focus: boolean };

export default function AdminPrices({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  const [mode, setMode] = useState<FormMode>({ key: 0, editing: null, focus: false });
  const reset = (editing: CatalogueItem | null) => setMode((m) => ({ key: m.key + 1, editing, focus: true }));

  return (
    <div className="mx-auto max-w-7xl">
      <h1 className="text-2xl font-bold">Prices</h1>
      <p className={`mt-1 ${mutedText}`}>The services, plans and prices shoppers see on the Prices page.</p>
      <div className="mt-6 grid gap-8 xl:grid-cols-[24rem_minmax(0,1fr)] xl:items-start">
        <PriceForm key={mode.key} editing={mode.editing} focusOnMount={mode.focus} onSaved={() => reset(null)} onCancelEdit={() => reset(null)} />
        <PriceGrid
          items={items}
          editingId={mode.editing?._id ?? null}
          onEdit={(item) => reset(item)}
          onDeleted={(item) => {
            if (mode.editing?._id === item._id) reset(null);
          }}
        />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ScreenError screen="Prices" error={error} />;
}
