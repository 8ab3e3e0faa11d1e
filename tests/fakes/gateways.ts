import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { flood, type Flood, type FloodRecord } from "./flood";

/**
 * Local fake Khalti, eSewa and Fonepay servers, one port, implementing the protocols in
 * docs/research/payment-gateways.md: initiate/form/QR, a payment page to "pay" on, the redirect back, and
 * lookup/status with their signatures. Vitest's API tests and Playwright both point the server at them through
 * its ordinary configuration (KHALTI_BASE_URL, ESEWA_FORM_URL, ESEWA_STATUS_URL, FONEPAY_BASE_URL).
 *
 * How a payment ends is chosen on the fake's payment page (or by `pay()`), as a shopper would:
 * - `completed`: paid in full;
 * - `less`: paid, but Rs. 1 less than asked; `more`: Rs. 1 more;
 * - `pending`: Khalti says Completed in the return's query string, but its lookup says Pending; eSewa and
 *   Fonepay keep it pending;
 * - `canceled`, `expired`;
 * - `forged` (eSewa): the return's `data` is signed with another key.
 * `control({ delayMs, fail })` makes every API answer slow or a 500; `control({ flood })` makes it a huge or an
 * endless body (./flood.ts), each noted in `floods`.
 */

export const FAKE_CREDENTIALS = {
  khalti: { secret: "live_secret_key_0123456789abcdef0123456789abcdef" },
  esewa: { productCode: "EPAYTEST", secret: "8gBm/:&EnhH.1/q" },
  fonepay: { merchantCode: "fonepay123", secret: "fonepay", username: "bijayk", password: "password" },
};

export type Outcome = "completed" | "less" | "more" | "pending" | "canceled" | "expired" | "forged";

type KhaltiPayment = {
  pidx: string;
  amount: number;
  returnUrl: string;
  orderId: string;
  orderName: string;
  status: string;
  paid: number;
  txn: string | null;
};
type EsewaPayment = {
  uuid: string;
  total: string;
  productCode: string;
  successUrl: string;
  failureUrl: string;
  status: string;
  paid: number;
  ref: string | null;
};
type FonepayPayment = { prn: string; amount: string; status: string; paid: number; trace: number };

export interface FakeGateways {
  url: string;
  /** The server's configuration that points it here. */
  env: Record<string, string>;
  /** Ends a payment as the shopper would on the payment page; answers the URL the browser is sent back to. */
  pay(gateway: "khalti" | "esewa" | "fonepay", reference: string, outcome: Outcome): Promise<string | null>;
  control(mode: { delayMs?: number; fail?: boolean; flood?: Flood | null }): void;
  /** What each flooded answer sent, in order. */
  floods: FloodRecord[];
  /** Requests the gateway's API received, by path. */
  calls: string[];
  /** The bodies of the payment starts Khalti received, in order. */
  khaltiStarts: Array<Record<string, unknown>>;
  /** The refunds Khalti's refund endpoint took: the transaction and paisa. */
  khaltiRefunds: Array<{ transactionId: string; amount: number }>;
  /** A signed eSewa `data` as eSewa would send it, for replay tests. */
  esewaData(fields: Record<string, string>, secret?: string): string;
  close(): Promise<void>;
}

const newPidx = () => randomBytes(16).toString("base64url").replace(/[-_]/g, "x").slice(0, 22);
const hmac256 = (secret: string, message: string) => createHmac("sha256", secret).update(message).digest("base64");
const hmac512 = (secret: string, values: string[]) => createHmac("sha512", secret).update(values.join(",")).digest("hex");
const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function esewaData(fields: Record<string, string>, secret = FAKE_CREDENTIALS.esewa.secret): string {
  const names = "transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names";
  const all = { ...fields, signed_field_names: names };
  const signature = hmac256(
    secret,
    names
      .split(",")
      .map((n) => `${n}=${all[n as keyof typeof all] ?? ""}`)
      .join(","),
  );
  return Buffer.from(JSON.stringify({ ...all, signature })).toString("base64");
}

export async function startFakeGateways(options: { host?: string; port?: number } = {}): Promise<FakeGateways> {
  const khalti = new Map<string, KhaltiPayment>();
  const esewa = new Map<string, EsewaPayment>();
  const fonepay = new Map<string, FonepayPayment>();
  const mode: { delayMs: number; fail: boolean; flood: Flood | null } = { delayMs: 0, fail: false, flood: null };
  const calls: string[] = [];
  const khaltiStarts: Array<Record<string, unknown>> = [];
  const khaltiRefunds: Array<{ transactionId: string; amount: number }> = [];
  const floods: FloodRecord[] = [];
  let trace = 17000;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      handle(request, response, Buffer.concat(chunks).toString("utf8")).catch((error: unknown) => {
        response.writeHead(500, { "content-type": "text/plain" }).end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const url = `http://${options.host ?? "127.0.0.1"}:${(server.address() as AddressInfo).port}`;

  const json = (response: http.ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  const html = (response: http.ServerResponse, status: number, title: string, body: string) =>
    response
      .writeHead(status, { "content-type": "text/html; charset=utf-8" })
      .end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(title)}</title></head><body><main><h1>${esc(title)}</h1>${body}</main></body></html>`,
      );
  const redirect = (response: http.ServerResponse, location: string) => response.writeHead(302, { location }).end();
  const choices = (action: string, name: string, value: string) =>
    `<form method="post" action="${action}"><input type="hidden" name="${name}" value="${esc(value)}">` +
    (["completed", "less", "pending", "canceled", "expired", "forged"] as const)
      .map(
        (o) =>
          `<button name="outcome" value="${o}">${{ completed: "Pay", less: "Pay Rs. 1 less", pending: "Leave pending", canceled: "Cancel", expired: "Let it expire", forged: "Return forged" }[o]}</button>`,
      )
      .join(" ") +
    `</form>`;

  /** Ends a payment; answers where the browser goes next. */
  function finish(gateway: "khalti" | "esewa" | "fonepay", reference: string, outcome: Outcome): string | null {
    if (gateway === "khalti") {
      const p = khalti.get(reference);
      if (!p) return null;
      const returnStatus = {
        completed: "Completed",
        less: "Completed",
        more: "Completed",
        pending: "Completed",
        canceled: "User canceled",
        expired: "Expired",
        forged: "Completed",
      }[outcome];
      p.status = {
        completed: "Completed",
        less: "Completed",
        more: "Completed",
        pending: "Pending",
        canceled: "User canceled",
        expired: "Expired",
        forged: "Pending",
      }[outcome];
      p.paid = outcome === "less" ? p.amount - 100 : outcome === "more" ? p.amount + 100 : p.amount;
      p.txn = p.status === "Completed" ? newPidx() : null;
      const query = new URLSearchParams({
        pidx: p.pidx,
        txnId: p.txn ?? "",
        amount: String(p.paid),
        total_amount: String(p.paid),
        status: returnStatus,
        mobile: p.txn ? "98XXXXX001" : "",
        tidx: p.txn ?? "",
        purchase_order_id: p.orderId,
        purchase_order_name: p.orderName,
        transaction_id: p.txn ?? "",
      });
      return `${p.returnUrl}${p.returnUrl.includes("?") ? "&" : "?"}${query}`;
    }
    if (gateway === "esewa") {
      const p = esewa.get(reference);
      if (!p) return null;
      const total = Number(p.total);
      p.paid = outcome === "less" ? total - 1 : outcome === "more" ? total + 1 : total;
      p.status = {
        completed: "COMPLETE",
        less: "COMPLETE",
        more: "COMPLETE",
        pending: "PENDING",
        canceled: "CANCELED",
        expired: "NOT_FOUND",
        forged: "PENDING",
      }[outcome];
      p.ref = p.status === "COMPLETE" ? `000${randomBytes(3).toString("hex").toUpperCase()}` : null;
      if (outcome === "pending" || outcome === "canceled" || outcome === "expired") return p.failureUrl;
      const data = esewaData(
        {
          transaction_code: p.ref ?? "000FORGED",
          status: "COMPLETE",
          total_amount: `${p.paid}.0`,
          transaction_uuid: p.uuid,
          product_code: p.productCode,
        },
        outcome === "forged" ? "not the merchant's key" : FAKE_CREDENTIALS.esewa.secret,
      );
      return `${p.successUrl}?data=${encodeURIComponent(data)}`;
    }
    const p = fonepay.get(reference);
    if (!p) return null;
    p.status = outcome === "completed" || outcome === "less" || outcome === "more" ? "success" : outcome === "pending" ? "pending" : "failed";
    p.paid = outcome === "less" ? Number(p.amount) - 1 : outcome === "more" ? Number(p.amount) + 1 : Number(p.amount);
    return null;
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse, body: string) {
    const at = new URL(request.url ?? "/", url);
    const path = at.pathname;
    const isApi = !path.endsWith("/pay") && !path.endsWith("/form") && path !== "/control";
    if (isApi) {
      calls.push(path);
      if (mode.delayMs) await new Promise((resolve) => setTimeout(resolve, mode.delayMs));
      if (mode.fail) return json(response, 500, { detail: "Internal server error" });
      if (mode.flood) {
        const record = { sent: 0, ended: false, hungUp: false };
        floods.push(record);
        return flood(response, mode.flood, record);
      }
    }
    if (path === "/control" && request.method === "POST") {
      Object.assign(mode, JSON.parse(body || "{}"));
      return json(response, 200, mode);
    }

    // ---- Khalti (docs/research/payment-gateways.md, part 1)
    if (path.startsWith("/khalti/api/v2/epayment/")) {
      const auth = request.headers.authorization ?? "";
      if (!/^key /i.test(auth)) return json(response, 401, { detail: "Authentication credentials were not provided.", status_code: 401 });
      if (auth.slice(4) !== FAKE_CREDENTIALS.khalti.secret) return json(response, 401, { detail: "Invalid token.", status_code: 401 });
      const input = JSON.parse(body || "{}") as Record<string, unknown>;
      if (path.endsWith("/initiate/")) {
        khaltiStarts.push(input);
        for (const name of ["return_url", "website_url", "purchase_order_id", "purchase_order_name"]) {
          if (typeof input[name] !== "string" || !input[name])
            return json(response, 400, { [name]: ["This field may not be blank."], error_key: "validation_error" });
        }
        const amount = Number(input.amount);
        if (!Number.isInteger(amount)) return json(response, 400, { amount: ["A valid integer is required."], error_key: "validation_error" });
        if (amount < 1000)
          return json(response, 400, { amount: ["Amount should be greater than Rs. 10, that is 1000 paisa."], error_key: "validation_error" });
        const pidx = newPidx();
        khalti.set(pidx, {
          pidx,
          amount,
          returnUrl: String(input.return_url),
          orderId: String(input.purchase_order_id),
          orderName: String(input.purchase_order_name),
          status: "Initiated",
          paid: amount,
          txn: null,
        });
        return json(response, 200, {
          pidx,
          payment_url: `${url}/khalti/pay?pidx=${pidx}`,
          expires_at: new Date(Date.now() + 1800_000).toISOString(),
          expires_in: 1800,
        });
      }
      if (path.endsWith("/lookup/")) {
        const p = khalti.get(String(input.pidx));
        if (!p) return json(response, 404, { detail: "Not found.", error_key: "validation_error" });
        const answer = { pidx: p.pidx, total_amount: p.paid, status: p.status, transaction_id: p.txn, fee: 0, refunded: false };
        return json(response, p.status === "Expired" || p.status === "User canceled" ? 400 : 200, answer);
      }
    }
    // §1.6: the refund endpoint is outside /api/v2; a transaction is refunded once, all of it or part, in paisa.
    const refund = /^\/khalti\/api\/merchant-transaction\/([^/]+)\/refund\/$/.exec(path);
    if (refund && request.method === "POST") {
      if ((request.headers.authorization ?? "") !== `Key ${FAKE_CREDENTIALS.khalti.secret}`)
        return json(response, 401, { detail: "Invalid token.", status_code: 401 });
      const p = [...khalti.values()].find((payment) => payment.txn === decodeURIComponent(refund[1]!));
      if (!p || p.status !== "Completed") return json(response, 400, { detail: "Transaction cannot be refunded.", error_key: "validation_error" });
      const input = JSON.parse(body || "{}") as { amount?: unknown };
      const amount = input.amount === undefined ? p.paid : Number(input.amount);
      if (!Number.isInteger(amount) || amount <= 0 || amount > p.paid)
        return json(response, 400, { amount: ["Invalid amount."], error_key: "validation_error" });
      p.status = amount === p.paid ? "Refunded" : "Partially refunded";
      khaltiRefunds.push({ transactionId: p.txn!, amount });
      return json(response, 200, { detail: "Transaction refund successful." });
    }
    if (path === "/khalti/pay") {
      if (request.method === "GET") {
        const p = khalti.get(at.searchParams.get("pidx") ?? "");
        if (!p) return html(response, 404, "Khalti (fake): no such payment", "");
        return html(
          response,
          200,
          "Khalti (fake)",
          `<p>Pay NPR ${p.amount / 100} for ${esc(p.orderName)}</p>${choices("/khalti/pay", "pidx", p.pidx)}`,
        );
      }
      const form = new URLSearchParams(body);
      const next = finish("khalti", form.get("pidx") ?? "", (form.get("outcome") ?? "completed") as Outcome);
      return next ? redirect(response, next) : html(response, 404, "Khalti (fake): no such payment", "");
    }

    // ---- eSewa (docs/research/payment-gateways.md, part 2)
    if (path === "/esewa/api/epay/main/v2/form" && request.method === "POST") {
      const form = Object.fromEntries(new URLSearchParams(body));
      const names = form.signed_field_names ?? "";
      const expected = hmac256(
        FAKE_CREDENTIALS.esewa.secret,
        names
          .split(",")
          .map((n) => `${n}=${form[n] ?? ""}`)
          .join(","),
      );
      if (names !== "total_amount,transaction_uuid,product_code" || expected !== form.signature)
        return html(response, 400, "eSewa (fake): invalid signature", "");
      if (form.product_code !== FAKE_CREDENTIALS.esewa.productCode) return html(response, 400, "eSewa (fake): unknown merchant", "");
      const sum = ["amount", "tax_amount", "product_service_charge", "product_delivery_charge"].reduce((s, n) => s + Number(form[n]), 0);
      if (sum !== Number(form.total_amount)) return html(response, 400, "eSewa (fake): amounts do not add up", "");
      if (!/^[A-Za-z0-9-]+$/.test(form.transaction_uuid ?? "")) return html(response, 400, "eSewa (fake): bad transaction_uuid", "");
      esewa.set(form.transaction_uuid!, {
        uuid: form.transaction_uuid!,
        total: form.total_amount!,
        productCode: form.product_code!,
        successUrl: form.success_url!,
        failureUrl: form.failure_url!,
        status: "PENDING",
        paid: Number(form.total_amount),
        ref: null,
      });
      return html(response, 200, "eSewa (fake)", `<p>Pay NPR ${esc(form.total_amount!)}</p>${choices("/esewa/pay", "uuid", form.transaction_uuid!)}`);
    }
    if (path === "/esewa/pay" && request.method === "POST") {
      const form = new URLSearchParams(body);
      const next = finish("esewa", form.get("uuid") ?? "", (form.get("outcome") ?? "completed") as Outcome);
      return next ? redirect(response, next) : html(response, 404, "eSewa (fake): no such payment", "");
    }
    if (path === "/esewa/api/epay/transaction/status/") {
      const q = at.searchParams;
      const p = esewa.get(q.get("transaction_uuid") ?? "");
      if (!p || q.get("product_code") !== p.productCode) {
        return json(response, 200, {
          product_code: q.get("product_code"),
          transaction_uuid: q.get("transaction_uuid"),
          total_amount: Number(q.get("total_amount")),
          status: "NOT_FOUND",
          ref_id: null,
        });
      }
      return json(response, 200, { product_code: p.productCode, transaction_uuid: p.uuid, total_amount: p.paid, status: p.status, ref_id: p.ref });
    }

    // ---- Fonepay dynamic QR (docs/research/payment-gateways.md, part 3)
    if (path.startsWith("/fonepay/api/merchant/merchantDetailsForThirdParty/")) {
      const input = JSON.parse(body || "{}") as Record<string, string>;
      const creds = FAKE_CREDENTIALS.fonepay;
      const refuse = (message: string) => json(response, 400, { documentation: "Merchant request Exception", errorCode: 406, message });
      if (input.merchantCode !== creds.merchantCode) return refuse("Invalid Merchant Code");
      if (input.username !== creds.username || input.password !== creds.password) return refuse("Invalid username");
      if (path.endsWith("/thirdPartyDynamicQrDownload")) {
        const values = [input.amount ?? "", input.prn ?? "", input.merchantCode, input.remarks1 ?? "", input.remarks2 ?? ""];
        if (hmac512(creds.secret, values) !== input.dataValidation?.toLowerCase()) return refuse("Data Validation Failed");
        if (fonepay.has(input.prn ?? "")) return refuse("Duplicate PRN");
        fonepay.set(input.prn!, { prn: input.prn!, amount: input.amount!, status: "pending", paid: Number(input.amount), trace: ++trace });
        const socket = `ws://127.0.0.1/merchantEndPoint/T${trace}/${creds.merchantCode}/Y`;
        return json(response, 200, {
          message: "successfull",
          qrMessage: `000201010212FAKEQR|${input.prn}|${input.amount}`,
          status: "CREATED",
          statusCode: 201,
          success: true,
          thirdpartyQrWebSocketUrl: socket,
          merchantWebSocketUrl: socket,
        });
      }
      if (path.endsWith("/thirdPartyDynamicQrGetStatus")) {
        if (hmac512(creds.secret, [input.prn ?? "", input.merchantCode]) !== input.dataValidation?.toLowerCase())
          return refuse("Data Validation Failed");
        const p = fonepay.get(input.prn ?? "");
        if (!p) return json(response, 200, { fonepayTraceId: 0, merchantCode: creds.merchantCode, paymentStatus: "failed", prn: input.prn });
        return json(response, 200, {
          fonepayTraceId: p.trace,
          merchantCode: creds.merchantCode,
          paymentStatus: p.status,
          prn: p.prn,
          ...(p.status === "success" ? { totalTransactionAmount: p.paid } : {}),
        });
      }
    }
    if (path === "/fonepay/pay" && request.method === "POST") {
      const form = new URLSearchParams(body);
      const prn = form.get("prn") ?? "";
      if (!fonepay.has(prn)) return json(response, 404, { message: "No such QR" });
      finish("fonepay", prn, (form.get("outcome") ?? "completed") as Outcome);
      return json(response, 200, { ok: true });
    }
    return json(response, 404, { detail: "Not found." });
  }

  return {
    url,
    env: {
      KHALTI_BASE_URL: `${url}/khalti/api/v2`,
      ESEWA_FORM_URL: `${url}/esewa/api/epay/main/v2/form`,
      ESEWA_STATUS_URL: `${url}/esewa/api/epay/transaction/status/`,
      FONEPAY_BASE_URL: `${url}/fonepay/api`,
    },
    async pay(gateway, reference, outcome) {
      return finish(gateway, reference, outcome);
    },
    control(next) {
      Object.assign(mode, next);
    },
    calls,
    khaltiStarts,
    khaltiRefunds,
    floods,
    esewaData,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
