import { useState } from "react";
import { holdingReasons, type CatalogueItem } from "../../../domain/catalogue/catalogue";
import { mutedText } from "../../components/ui";
import { priceActionSchema } from "../../features/admin-prices/price-actions";
import { PriceForm } from "../../features/admin-prices/price-form";
import { PriceGrid } from "../../features/admin-prices/price-grid";
import { answer, reachServer } from "../../lib/admin/admin-action";
import { screenErrorBoundary } from "../../lib/admin/screen-error";
import { adminActor } from "../../lib/admin/require-admin";
import type { Route } from "./+types/prices";

export async function loader({ context }: Route.LoaderArgs) {
  const { catalogue } = context.services;
  const [items, holdings] = await Promise.all([catalogue.listForEdit(), catalogue.holdings()]);
  // Why each item held by customers cannot be deleted, so its Delete explains before it is pressed (ADR 0100).
  const keptFor: Record<string, string[]> = {};
  for (const [id, held] of holdings) {
    const reasons = holdingReasons(held);
    if (reasons.length > 0) keptFor[id] = reasons;
  }
  return { items, keptFor };
}

export async function action({ context, request }: Route.ActionArgs) {
  const actor = adminActor(context);
  const { catalogue } = context.services;
  return answer(request, priceActionSchema, async (form) => {
    if (form.intent === "delete") {
      await catalogue.deleteByName(form.name, actor);
      return `${form.name} deleted`;
    }
    if (form.intent === "hidden") {
      const item = await catalogue.setHidden(form.id, form.hidden, actor);
      return item.Hidden ? `${item.Name} is hidden from the shop; its orders, keys and seats stay` : `${item.Name} is back in the shop`;
    }
    if (form.intent === "update") return `${(await catalogue.update(form.id, form.fields, form.version)).Name} updated`;
    return `${(await catalogue.create(form.fields)).Name} added`;
  });
}

export const clientAction = (args: Route.ClientActionArgs) => reachServer(args);

export const meta: Route.MetaFunction = () => [{ title: "Prices | Pasal admin" }];

/**
 * Which form is showing: a fresh key resets it (after a save, on Edit, on Cancel edit, on Reload). The item
 * edited is found by id in the data as last read, so Reload puts its latest version into the form.
 */
type FormMode = { key: number; editingId: string | null; focus: boolean };

export default function AdminPrices({ loaderData }: Route.ComponentProps) {
  const { items, keptFor } = loaderData;
  const [mode, setMode] = useState<FormMode>({ key: 0, editingId: null, focus: false });
  const reset = (editing: CatalogueItem | null) => setMode((m) => ({ key: m.key + 1, editingId: editing?._id ?? null, focus: true }));
  const editing = items.find((item) => item._id === mode.editingId) ?? null;

  return (
    <div className="mx-auto max-w-7xl">
      <h1 className="text-2xl font-bold">Prices</h1>
      <p className={`mt-1 ${mutedText}`}>
        The services, plans and prices shoppers see on the Prices page. Hide a price to stop selling it: its customers keep what they hold.
      </p>
      <div className="mt-6 grid gap-8 xl:grid-cols-[24rem_minmax(0,1fr)] xl:items-start">
        <PriceForm
          key={mode.key}
          editing={editing}
          focusOnMount={mode.focus}
          onSaved={() => reset(null)}
          onCancelEdit={() => reset(null)}
          onReload={() => setMode((m) => ({ ...m, key: m.key + 1 }))}
        />
        <PriceGrid
          items={items}
          keptFor={keptFor}
          editingId={editing?._id ?? null}
          onEdit={(item) => reset(item)}
          onDeleted={(item) => {
            if (editing?._id === item._id) reset(null);
          }}
        />
      </div>
    </div>
  );
}

export const ErrorBoundary = screenErrorBoundary("Prices");
