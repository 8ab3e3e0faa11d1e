import { z } from "zod";
import { gatewayJson, GatewayError, type GatewayCheck } from "./gateway-result";
import { fonepayDataValidation } from "./signatures";

const QR_PATH = "/merchant/merchantDetailsForThirdParty/thirdPartyDynamicQrDownload";
const STATUS_PATH = "/merchant/merchantDetailsForThirdParty/thirdPartyDynamicQrGetStatus";

export type FonepayMerchant = { merchantCode: string; secret: string; username: string; password: string };

/** Fonepay dynamic QR, docs/research/payment-gateways.md §3: a QR for the exact amount; the status API is the truth. */
export function createFonepayClient(options: { baseUrl: string; timeoutMs: number }) {
  const qrAnswer = z.object({ qrMessage: z.string().min(1) });
  const statusAnswer = z.object({
    paymentStatus: z.string(),
    prn: z.string().optional(),
    fonepayTraceId: z.union([z.number(), z.string()]).optional(),
    totalTransactionAmount: z.union([z.number(), z.string()]).optional(),
  });
  const post = (path: string, body: object) =>
    gatewayJson(
      `${options.baseUrl}${path}`,
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
      options.timeoutMs,
    );

  return {
    async qr(merchant: FonepayMerchant, request: { amountNpr: number; prn: string; remarks1: string; remarks2: string }): Promise<string> {
      const amount = String(request.amountNpr);
      const body = await post(QR_PATH, {
        amount,
        remarks1: request.remarks1,
        remarks2: request.remarks2,
        prn: request.prn,
        merchantCode: merchant.merchantCode,
        dataValidation: fonepayDataValidation(merchant.secret, [amount, request.prn, merchant.merchantCode, request.remarks1, request.remarks2]),
        username: merchant.username,
        password: merchant.password,
      });
      const parsed = qrAnswer.safeParse(body);
      if (!parsed.success) throw new GatewayError(`Fonepay gave no QR: ${JSON.stringify(body).slice(0, 200)}`);
      return parsed.data.qrMessage;
    },

    async status(merchant: FonepayMerchant, prn: string): Promise<GatewayCheck> {
      const body = await post(STATUS_PATH, {
        prn,
        merchantCode: merchant.merchantCode,
        dataValidation: fonepayDataValidation(merchant.secret, [prn, merchant.merchantCode]),
        username: merchant.username,
        password: merchant.password,
      });
      const parsed = statusAnswer.safeParse(body);
      if (!parsed.success) throw new GatewayError(`Fonepay's status answer has no paymentStatus: ${JSON.stringify(body).slice(0, 200)}`);
      const total = parsed.data.totalTransactionAmount;
      const amount = total === undefined ? null : Number(total);
      const value = parsed.data.paymentStatus.trim().toLowerCase();
      return {
        state: value === "success" ? "paid" : value === "failed" ? "failed" : "pending",
        amount: amount === null || Number.isNaN(amount) ? null : amount,
        transactionId: parsed.data.fonepayTraceId === undefined ? null : String(parsed.data.fonepayTraceId),
        reference: parsed.data.prn ?? null,
        detail: `Fonepay: ${parsed.data.paymentStatus}`,
      };
    },
  };
}
