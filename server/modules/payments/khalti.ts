import { z } from "zod";
import { gatewayJson, GatewayError, type GatewayCheck } from "./gateway-result";

/** Khalti ePayment (KPG-2), docs/research/payment-gateways.md §1: initiate, then lookup is the only truth. */
export function createKhaltiClient(options: { baseUrl: string; timeoutMs: number }) {
  const headers = (secret: string) => ({ authorization: `Key ${secret}`, "content-type": "application/json" });
  const initiated = z.object({ pidx: z.string().min(1), payment_url: z.string().url() });
  const looked = z.object({
    pidx: z.string(),
    total_amount: z.coerce.number(),
    status: z.string(),
    transaction_id: z.string().nullable().optional(),
  });

  return {
    async initiate(
      secret: string,
      request: {
        amountNpr: number;
        purchaseOrderId: string;
        purchaseOrderName: string;
        returnUrl: string;
        websiteUrl: string;
      },
    ): Promise<{ pidx: string; paymentUrl: string }> {
      // Only what Khalti needs to take the payment: no shopper's name or phone (customer_info is optional).
      const body = await gatewayJson(
        `${options.baseUrl}/epayment/initiate/`,
        {
          method: "POST",
          headers: headers(secret),
          body: JSON.stringify({
            return_url: request.returnUrl,
            website_url: request.websiteUrl,
            amount: request.amountNpr * 100,
            purchase_order_id: request.purchaseOrderId,
            purchase_order_name: request.purchaseOrderName,
          }),
        },
        options.timeoutMs,
      );
      const parsed = initiated.safeParse(body);
      if (!parsed.success) throw new GatewayError("Khalti's initiate answer has no pidx and payment_url");
      return { pidx: parsed.data.pidx, paymentUrl: parsed.data.payment_url };
    },

    /**
     * Refunds a completed payment to the wallet, all or `amountNpr` of it (§1.6): the endpoint is outside /api/v2, on the
     * same host. Khalti answers `{"detail": "Transaction refund successful."}`; anything else is a GatewayError.
     */
    async refund(secret: string, transactionId: string, amountNpr: number): Promise<void> {
      const root = options.baseUrl.replace(/\/v2\/?$/, "");
      const body = await gatewayJson(
        `${root}/merchant-transaction/${encodeURIComponent(transactionId)}/refund/`,
        { method: "POST", headers: headers(secret), body: JSON.stringify({ amount: amountNpr * 100 }) },
        options.timeoutMs,
      );
      const parsed = z.object({ detail: z.string() }).safeParse(body);
      if (!parsed.success || !/refund successful/i.test(parsed.data.detail)) {
        throw new GatewayError(`Khalti did not confirm the refund: ${JSON.stringify(body).slice(0, 200)}`);
      }
    },

    /** Expired and User canceled come as HTTP 400 with the ordinary body (§1.5). */
    async lookup(secret: string, pidx: string): Promise<GatewayCheck> {
      const body = await gatewayJson(
        `${options.baseUrl}/epayment/lookup/`,
        { method: "POST", headers: headers(secret), body: JSON.stringify({ pidx }) },
        options.timeoutMs,
        [400],
      );
      const parsed = looked.safeParse(body);
      if (!parsed.success) throw new GatewayError(`Khalti's lookup answer has no status: ${JSON.stringify(body).slice(0, 200)}`);
      const { status, total_amount, transaction_id } = parsed.data;
      return {
        state: khaltiState(status),
        amount: total_amount / 100,
        transactionId: transaction_id ?? null,
        reference: parsed.data.pidx,
        detail: `Khalti: ${status}`,
      };
    },
  };
}

/** Only Completed is paid; anything unknown is held, as Khalti asks (§1.5). */
function khaltiState(status: string): GatewayCheck["state"] {
  switch (status.trim().toLowerCase()) {
    case "completed":
      return "paid";
    case "expired":
      return "expired";
    case "user canceled":
    case "canceled":
      return "canceled";
    case "refunded":
    case "partially refunded":
      return "refunded";
    case "failed":
      return "failed";
    default:
      return "pending";
  }
}
