import { useState } from "react";
import { useRevalidator } from "react-router";
import type { CatalogueItem } from "../../../domain/catalogue";
import { mutedText } from "../../components/ui";
import { PriceForm } from "../../features/admin-prices/price-form";
import { PriceGrid } from "../../features/admin-prices/price-grid";
import { ScreenError } from "../../lib/admin/screen-error";
import { requireAdmin } from "../../lib/admin/require-admin";
import type { Route } from "./+types/prices";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return { items: await context.services.catalogue.list() };
}

export const meta: Route.MetaFunction = () => [{ title: "Prices | Pasal admin" }];

/** Which form is showing: a fresh key resets it (after a save, on Edit, on Cancel edit). */
type FormMode = { key: number; editing: CatalogueItem | null; focus: boolean };

export default function AdminPrices({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  const revalidator = useRevalidator();
  const [mode, setMode] = useState<FormMode>({ key: 0, editing: null, focus: false });
  const reset = (editing: CatalogueItem | null) => setMode((m) => ({ key: m.key + 1, editing, focus: true }));

  return (
    <div className="mx-auto max-w-7xl">
      <h1 className="text-2xl font-bold">Prices</h1>
      <p className={`mt-1 ${mutedText}`}>The services, plans and prices shoppers see on the Prices page.</p>
      <div className="mt-6 grid gap-8 xl:grid-cols-[24rem_minmax(0,1fr)] xl:items-start">
        <PriceForm
          key={mode.key}
          editing={mode.editing}
          focusOnMount={mode.focus}
          onSaved={() => {
            reset(null);
            void revalidator.revalidate();
          }}
          onCancelEdit={() => reset(null)}
        />
        <PriceGrid
          items={items}
          editingId={mode.editing?._id ?? null}
          onEdit={(item) => reset(item)}
          onDeleted={(item) => {
            if (mode.editing?._id === item._id) reset(null);
            void revalidator.revalidate();
          }}
        />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ScreenError screen="Prices" error={error} />;
}
