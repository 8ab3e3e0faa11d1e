import { z } from "zod";
import { gatewayJson, GatewayError, type GatewayCheck } from "./gateway-result";
import { esewaSignature } from "./signatures";

export const ESEWA_SIGNED_FIELDS = "total_amount,transaction_uuid,product_code";

/** eSewa ePay v2, docs/research/payment-gateways.md §2: a signed form post, then the status check is the truth. */
export function createEsewaClient(options: { formUrl: string; statusUrl: string; timeoutMs: number }) {
  const status = z.object({
    transaction_uuid: z.string().optional(),
    total_amount: z.union([z.number(), z.string()]).optional(),
    status: z.string(),
    ref_id: z.string().nullable().optional(),
  });

  return {
    /** The form the shopper's browser posts to eSewa; charges we do not use are 0, as eSewa requires. */
    form(request: { secret: string; productCode: string; amountNpr: number; transactionUuid: string; successUrl: string; failureUrl: string }) {
      const fields: Record<string, string> = {
        amount: String(request.amountNpr),
        tax_amount: "0",
        product_service_charge: "0",
        product_delivery_charge: "0",
        total_amount: String(request.amountNpr),
        transaction_uuid: request.transactionUuid,
        product_code: request.productCode,
        success_url: request.successUrl,
        failure_url: request.failureUrl,
        signed_field_names: ESEWA_SIGNED_FIELDS,
      };
      fields.signature = esewaSignature(request.secret, fields, ESEWA_SIGNED_FIELDS);
      return { action: options.formUrl, fields };
    },

    /** Asked with our own stored amount and uuid, never the ones a return carried. */
    async status(request: { productCode: string; amountNpr: number; transactionUuid: string }): Promise<GatewayCheck> {
      const query = new URLSearchParams({
        product_code: request.productCode,
        total_amount: String(request.amountNpr),
        transaction_uuid: request.transactionUuid,
      });
      const body = await gatewayJson(`${options.statusUrl}?${query}`, { method: "GET" }, options.timeoutMs);
      const parsed = status.safeParse(body);
      if (!parsed.success) throw new GatewayError(`eSewa's status answer has no status: ${JSON.stringify(body).slice(0, 200)}`);
      const amount = parsed.data.total_amount === undefined ? null : Number(String(parsed.data.total_amount).replaceAll(",", ""));
      return {
        state: esewaState(parsed.data.status),
        amount: amount === null || Number.isNaN(amount) ? null : amount,
        transactionId: parsed.data.ref_id ?? null,
        reference: parsed.data.transaction_uuid ?? null,
        detail: `eSewa: ${parsed.data.status}`,
      };
    },
  };
}

/** Only COMPLETE is paid (§2.5); AMBIGUOUS and anything unknown are held. */
function esewaState(value: string): GatewayCheck["state"] {
  switch (value.trim().toUpperCase()) {
    case "COMPLETE":
      return "paid";
    case "NOT_FOUND":
      return "expired";
    case "CANCELED":
      return "canceled";
    case "FULL_REFUND":
    case "PARTIAL_REFUND":
      return "refunded";
    default:
      return "pending";
  }
}
