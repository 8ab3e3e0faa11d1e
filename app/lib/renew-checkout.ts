import type { Locale } from "../../domain/shared/locale";
import type { ShopperOrder, ShopperOrderLine } from "../../domain/orders/order-page";

/**
 * What the checkout of a line again (features/checkout's RenewDialog) is given by the order page and the customer's
 * page, whose routes hand it in (a feature imports no other, ADR 0070): one type for both sides.
 */
export type RenewCheckoutProps = {
  order: Pick<ShopperOrder, "reference" | "customer">;
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
