import { couponActionSchema } from "../../features/admin-coupons/coupon-actions";
import { CouponsScreen } from "../../features/admin-coupons/coupons-screen";
import { answer, reachServer } from "../../lib/admin/admin-action";
import { screenErrorBoundary } from "../../lib/admin/screen-error";
import type { Route } from "./+types/coupons";

/** `?uses=<id>` shows that coupon's uses under the list. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { coupons, referrals, catalogue } = context.services;
  const usesOf = new URL(request.url).searchParams.get("uses");
  const [items, referral, catalogueItems, uses] = await Promise.all([
    coupons.list(),
    referrals.settings(),
    catalogue.list(),
    usesOf ? coupons.uses(usesOf).catch(() => null) : Promise.resolve(null),
  ]);
  return {
    coupons: items,
    referral,
    items: catalogueItems.map((item) => ({ _id: item._id, name: item.Name })).sort((a, b) => a.name.localeCompare(b.name)),
    uses,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { coupons, referrals } = context.services;
  return answer(request, couponActionSchema, async (form) => {
    if (form.intent === "referral-credit") {
      return (await referrals.saveSettings(form.fields)).message;
    }
    return (form.intent === "update" ? await coupons.update(form.id, form.fields, form.version) : await coupons.create(form.fields)).message;
  });
}

export const clientAction = (args: Route.ClientActionArgs) => reachServer(args);

export const meta: Route.MetaFunction = () => [{ title: "Coupons | Pasal admin" }];

export default function AdminCoupons({ loaderData }: Route.ComponentProps) {
  return <CouponsScreen {...loaderData} />;
}

export const ErrorBoundary = screenErrorBoundary("Coupons");
