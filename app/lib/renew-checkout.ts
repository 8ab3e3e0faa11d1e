import type { Locale } from "../../domain/shared/locale";
import type { ShopperOrder, ShopperOrderLine } from "../../domain/orders/order-page";
import type { Gateway } from "../../domain/payments/payments";

/**
 * What the checkout of a line again (features/checkout's RenewDialog) is given by the order page and the customer's
 * page, whose routes hand it in (a feature imports no other, ADR 0070): one type for both sides.
 */
export type RenewCheckoutProps = {
  order: Pick<ShopperOrder, "reference" | "customer"> & Partial<Pick<ShopperOrder, "channel">>;
  /** The shop's gateways turned on: paying with one is the renewal's first choice, the chat the second. */
  gateways: readonly Gateway[];
  /** On the customer's own page: their store credit, spent first, and their link's key that lets them spend it. */
  credit?: { customerKey: string; balance: number };
  /** The renewed order's key; the order page's own address holds it when not given. */
  orderKey?: string;
  line: Pick<ShopperOrderLine, "id" | "name" | "nameNe" | "months" | "devices"> & {
    renewal: NonNullable<ShopperOrderLine["renewal"]>;
    expiryDate: string;
  };
  /** The line's place in the order, from 1. */
  position: number;
  open: boolean;
  onClose: () => void;
  locale: Locale;
};
