import type { OrderLimits } from "../../../domain/order-limits/schemas";
import { mutedText } from "../../components/ui";
import { CardSection, NumberFields, StaleBanner, SubmitButton, typedNumber, type NumberSpec } from "../../lib/admin/form-parts";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { saveOrderLimitsSchema } from "./settings-actions";

const FIELDS: Array<NumberSpec<keyof OrderLimits>> = [
  {
    name: "ordersPerMinute",
    label: "Orders a minute, whole shop",
    hint: "Checkouts past this in any 60 seconds are refused, asking to try again a minute later. Renewals from an order page always go through.",
    min: 1,
    max: 10_000,
  },
  {
    name: "paidClaimsPerMinute",
    label: "“I have paid” a minute, whole shop",
    hint: "Shoppers telling you they paid, past this in any 60 seconds, are asked to try again a minute later.",
    min: 1,
    max: 10_000,
  },
  {
    name: "wrongCouponsPerMinute",
    label: "Wrong coupon codes a minute, whole shop",
    hint: "Past this many codes that match no coupon in any 60 seconds, no code is checked for a minute, so nobody can guess your codes.",
    min: 1,
    max: 10_000,
  },
  {
    name: "openOrdersPerPhone",
    label: "Unpaid orders per phone",
    hint: "A phone number with this many orders new or contacted is asked to pay one, or have you cancel some, before ordering again.",
    min: 1,
    max: 1_000,
  },
  {
    name: "expireNewAfterHours",
    label: "New orders expire after (hours)",
    hint: "A new order nobody marked contacted or paid is cancelled as expired after this long, unless the shopper said they paid or is paying online. 0 keeps them.",
    min: 0,
    max: 24 * 90,
  },
];

/** The seller's limits on anonymous orders (ADR 0101), saved over the version the screen read. */
export function OrderLimitsForm({ limits, version }: { limits: OrderLimits; version: number }) {
  const save = useAdminAction(saveOrderLimitsSchema);
  const { errors, formRef, pending, stale, reload, reloading } = save;

  const submit = save.handleSubmit((form) => {
    const number = (name: keyof OrderLimits) => typedNumber(form, name) ?? Number.NaN;
    save.submit({
      intent: "order-limits",
      version,
      fields: {
        ordersPerMinute: number("ordersPerMinute"),
        paidClaimsPerMinute: number("paidClaimsPerMinute"),
        wrongCouponsPerMinute: number("wrongCouponsPerMinute"),
        openOrdersPerPhone: number("openOrdersPerPhone"),
        expireNewAfterHours: number("expireNewAfterHours"),
      },
    });
  });

  return (
    <CardSection id="order-limits-title" title="Orders from shoppers">
      <p className={`mt-1 text-sm ${mutedText}`}>
        Anyone can check out without an account, so a script can fill your orders with made-up ones. These limits hold for every shopper together; the
        Orders screen says when they refused anything.
      </p>
      <form key={version} ref={formRef} onSubmit={submit} noValidate className="mt-5 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberFields fields={FIELDS} values={limits} errors={errors} />
        </div>
        {stale && <StaleBanner onReload={() => void reload()} reloading={reloading} />}
        <SubmitButton pending={pending} className="w-full sm:w-auto">
          Save order limits
        </SubmitButton>
      </form>
    </CardSection>
  );
}
