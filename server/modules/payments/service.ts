import { createHash, randomBytes } from "node:crypto";
import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import type { FastifyBaseLogger } from "fastify";
import { localHref, type Locale } from "../../../domain/shared/locale";
import { awaitsPayment, wantsOnlinePayment } from "../../../domain/orders/order-page";
import type { OrderStatus } from "../../../domain/orders/statuses";
import { formatNpr } from "../../../domain/shared/money";
import { GATEWAY_NAMES, GATEWAYS, KHALTI_MIN_NPR, OPEN_PAYMENT_STATUSES, type Gateway } from "../../../domain/payments/payments";
import type {
  GatewaySettings,
  GatewaySettingsInput,
  OnlinePayments,
  PaidVia,
  PaymentStart,
  PaymentState,
  PaymentToCheck,
} from "../../../domain/payments/schemas";
import type { NoticeEvent } from "../../../domain/telegram/notices";
import type { Config } from "../../config";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { badRequest, conflict, isUniqueViolation, notFound, ServiceUnreachable } from "../../errors";
import type { Actor } from "../actor";
import type { AuditLog } from "../audit/service";
import type { Cipher } from "../secrets/cipher";
import { createEsewaClient } from "./esewa";
import { createFonepayClient } from "./fonepay";
import { GatewayError, type GatewayCheck } from "./gateway-result";
import { createKhaltiClient } from "./khalti";
import { asFonepay, createMerchants, gatewaySecretContext, ready } from "./merchants";
import { createPaymentsRepository, type StoredGateway, type StoredPayment } from "./repository";
import { decodeEsewaData, esewaDataIsSigned } from "./signatures";
import type { BalanceBook } from "../balances/book";
import { SHOP_ACTOR } from "../../../domain/balances/balances";

/** The shopper's browser's token, in an httpOnly cookie, that lets the return send them back to their order. */
export const PAYMENT_COOKIE = "pasal_payment";
export const PAYMENT_COOKIE_SECONDS = 2 * 60 * 60;

export interface PaymentsDependencies {
  orders: { markPaidVerified(trx: Db, orderId: string, via: PaidVia): Promise<"paid" | "noted" | "refused"> };
  shopperOrders: {
    forPayment(reference: string, key: string, address: string): Promise<{ id: string; reference: string; total: number; status: OrderStatus }>;
    shopperPathOf(orderId: string): Promise<{ reference: string; path: string; language: Locale } | null>;
  };
  secrets: Pick<Cipher, "encrypt" | "decrypt">;
  gateways: Config["gateways"];
  log: FastifyBaseLogger;
  /** The audit log, written in the write's own transaction (ADR 0100). */
  audit: Pick<AuditLog, "record" | "ofGateways">;
  /** Called once an order is moved to paid by a verified payment; wired to automatic delivery on merge. */
  afterVerifiedPayment?: (orderReference: string) => Promise<void> | void;
  /** The seller's bot: a verified payment and one to check go to the outbox with the payment's record. */
  notices?: { record(trx: Db, event: NoticeEvent): Promise<unknown> };
  /** Top-ups of store credit (ADR 0127): the customer a customer link's key names, and that link's page to come back to. */
  customers: { phoneOfKey(key: string, address: string): Promise<string>; pathOf(phone: string): Promise<string | null> };
  /** The book of store credit a proved top-up is written to, in the payment's transaction. */
  book: Pick<BalanceBook, "move">;
  /** The least and most a top-up may be, as the seller set them. */
  topUpLimits(): Promise<{ topUpMin: number; topUpMax: number }>;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const newId = () => randomBytes(16).toString("base64url");

export function createPaymentsService(db: Db, clock: Clock, deps: PaymentsDependencies) {
  const { orders, shopperOrders, secrets, log, audit } = deps;
  const repository = createPaymentsRepository();
  const khalti = createKhaltiClient({ baseUrl: deps.gateways.khaltiBaseUrl, timeoutMs: deps.gateways.timeoutMs });
  const esewa = createEsewaClient({
    formUrl: deps.gateways.esewaFormUrl,
    statusUrl: deps.gateways.esewaStatusUrl,
    timeoutMs: deps.gateways.timeoutMs,
  });
  const fonepay = createFonepayClient({ baseUrl: deps.gateways.fonepayBaseUrl, timeoutMs: deps.gateways.timeoutMs });
  const now = () => clock().toISOString();

  const { readyGateway, readyGatewayForCheck } = createMerchants(db, secrets);

  /** Asks the gateway about one attempt; the gateway's answer alone decides, never what a browser brought back. */
  async function askGateway(payment: StoredPayment): Promise<GatewayCheck> {
    const merchant = await readyGatewayForCheck(payment.gateway);
    if (!payment.gatewayRef) throw new GatewayError("the payment never reached the gateway");
    switch (payment.gateway) {
      case "khalti":
        return khalti.lookup(merchant.secret, payment.gatewayRef);
      case "esewa":
        return esewa.status({ productCode: merchant.merchantCode, amountNpr: payment.amount, transactionUuid: payment.gatewayRef });
      case "fonepay":
        return fonepay.status(asFonepay(merchant), payment.gatewayRef);
    }
  }

  /**
   * Records what the gateway said, once. A payment proved for the order's exact amount marks the order paid in the
   * same transaction (one transition, from awaiting payment only); anything that does not match goes to the
   * seller's "payments to check" and marks nothing.
   */
  async function settle(payment: StoredPayment, check: GatewayCheck): Promise<void> {
    const name = GATEWAY_NAMES[payment.gateway];
    /** Tells the seller's chats what came of this payment, with its order's reference (unless the order is gone). */
    const tellSeller = async (
      trx: Db,
      event: { kind: "payment-to-check"; detail: string } | { kind: "payment-verified"; transactionId: string | null; renews: string | null },
    ) => {
      const reference = await repository.orderReference(trx, payment);
      if (reference) await deps.notices?.record(trx, { ...event, reference, gateway: payment.gateway, amount: payment.amount });
    };
    /** Puts the attempt in "payments to check", once, and tells the seller's chats. */
    const toCheck = (outcome: { transactionId: string | null; detail: string }) =>
      db.transaction().execute(async (trx) => {
        if (!(await repository.settle(trx, payment.id, "check", outcome, now()))) return false;
        await tellSeller(trx, { kind: "payment-to-check", detail: outcome.detail });
        return true;
      });
    if (check.state === "pending") {
      if (payment.status === "started") await repository.settle(db, payment.id, "pending", { transactionId: null, detail: check.detail }, now());
      return;
    }
    if (check.state !== "paid") {
      await repository.settle(db, payment.id, check.state, { transactionId: check.transactionId, detail: check.detail }, now());
      return;
    }
    const problems: string[] = [];
    if (check.reference !== null && check.reference !== payment.gatewayRef)
      problems.push(`${name} answered about ${check.reference}, not ${payment.gatewayRef}`);
    // More than the order asked, proved, for an order with a customer: paid, and the rest is their store credit (ADR 0127).
    const over = check.amount !== null && check.amount > payment.amount ? check.amount - payment.amount : 0;
    const creditTo = over > 0 && payment.orderId ? await repository.orderPhoneKey(db, payment.orderId) : null;
    if (check.amount !== null && check.amount !== payment.amount && !creditTo)
      problems.push(`${name} says NPR ${formatNpr(check.amount)} was paid; the order is NPR ${formatNpr(payment.amount)}`);
    const overpaid = creditTo ? `NPR ${formatNpr(over)} more than the order was paid: it is the customer's store credit` : null;
    const outcome = { transactionId: check.transactionId, detail: [check.detail, ...problems, ...(overpaid ? [overpaid] : [])].join(". ") };
    if (problems.length > 0) {
      if (await toCheck(outcome)) log.warn({ payment: payment.id }, "payment to check: %s", problems.join("; "));
      return;
    }
    let moved: "paid" | "noted" | "refused" | "decided" | "topped-up" = "decided";
    try {
      moved = await db.transaction().execute(async (trx) => {
        if (!(await repository.settle(trx, payment.id, "paid", outcome, now()))) return "decided" as const;
        // A top-up adds to the customer's store credit, once: the attempt moved from open to paid in this transaction.
        if (!payment.orderId) {
          if (!payment.topUpPhone) throw new RefusedOrder();
          await deps.book.move(trx, payment.topUpPhone, {
            amount: payment.amount,
            kind: "top-up",
            reason: check.transactionId ? `${name} ${check.transactionId}` : name,
            actor: SHOP_ACTOR,
            dedupe: `top-up:${payment.id}`,
          });
          await tellSeller(trx, { kind: "payment-verified", transactionId: check.transactionId, renews: null });
          return "topped-up" as const;
        }
        const result = await orders.markPaidVerified(trx, payment.orderId, {
          gateway: payment.gateway,
          transactionId: check.transactionId,
          amount: payment.amount,
        });
        // Money for an order the seller cancelled: theirs to sort out with the shopper.
        if (result === "refused") throw new RefusedOrder();
        if (creditTo)
          await deps.book.move(trx, creditTo, {
            amount: over,
            kind: "overpayment",
            orderId: payment.orderId,
            reason: check.transactionId ? `${name} ${check.transactionId}` : name,
            actor: SHOP_ACTOR,
            dedupe: `overpayment:${payment.id}`,
          });
        await tellSeller(trx, {
          kind: "payment-verified",
          transactionId: check.transactionId,
          renews: await repository.renews(trx, payment.orderId),
        });
        return result;
      });
    } catch (error) {
      if (error instanceof RefusedOrder) {
        await toCheck({ ...outcome, detail: `${outcome.detail}. The order no longer awaits payment (cancelled?)` });
        return;
      }
      // Another payment of this order is recorded paid already: this one is a second payment.
      if (isUniqueViolation(error)) {
        await toCheck({ ...outcome, detail: `${outcome.detail}. A second payment: the order is paid already` });
        return;
      }
      throw error;
    }
    if (moved === "paid" && deps.afterVerifiedPayment) {
      const reference = await repository.orderReference(db, payment);
      if (reference) {
        try {
          await deps.afterVerifiedPayment(reference);
        } catch (error) {
          log.error({ err: error, reference }, "after a verified payment");
        }
      }
    }
  }

  /** Asks and records; a gateway that did not answer leaves the attempt as it was, noted. */
  async function checkNow(payment: StoredPayment): Promise<StoredPayment> {
    if (!(OPEN_PAYMENT_STATUSES as readonly string[]).includes(payment.status)) return payment;
    try {
      await settle(payment, await askGateway(payment));
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      log.warn({ payment: payment.id }, "payment check: %s", error.message);
      await repository.note(db, payment.id, `Not checked: ${error.message}`, now());
    }
    return (await repository.find(db, payment.id))!;
  }

  async function stateOf(payment: StoredPayment): Promise<PaymentState> {
    return {
      paymentId: payment.id,
      gateway: payment.gateway,
      status: payment.status,
      reference: (await repository.orderReference(db, payment)) ?? "",
      amount: payment.amount,
    };
  }

  async function findOrThrow(id: string): Promise<StoredPayment> {
    const payment = await repository.find(db, id);
    if (!payment) throw notFound("No such payment");
    return payment;
  }

  /**
   * A new attempt under our own random id (the return URLs name it, never the order key), then the gateway is asked.
   * Answers what the browser does next and the token for its cookie. `label`: the order's reference, or TOPUP.
   */
  async function begin(
    target: { orderId: string | null; topUpPhone: string | null; label: string; amount: number },
    gateway: Gateway,
    origin: string,
  ): Promise<{ start: PaymentStart; token: string }> {
    const merchant = await readyGateway(gateway);
    if (gateway === "khalti" && target.amount < KHALTI_MIN_NPR) throw conflict(`Khalti takes payments of NPR ${KHALTI_MIN_NPR} or more`);
    const id = newId();
    const token = randomBytes(24).toString("base64url");
    const returnUrl = `${origin}/api/payments/${id}/return`;
    // eSewa's and Fonepay's references are ours to choose: unique, letters, digits and hyphens.
    const ownRef = gateway === "khalti" ? null : `${target.label}-${randomBytes(6).toString("hex")}`;
    const purchase = target.orderId ? target.label : `TOPUP-${id.slice(0, 12)}`;
    await repository.insert(
      db,
      {
        id,
        gateway,
        gatewayRef: ownRef,
        orderId: target.orderId,
        topUpPhone: target.topUpPhone,
        amount: target.amount,
        browserHash: hashToken(token),
      },
      now(),
    );
    try {
      switch (gateway) {
        case "khalti": {
          const { pidx, paymentUrl } = await khalti.initiate(merchant.secret, {
            amountNpr: target.amount,
            purchaseOrderId: purchase,
            purchaseOrderName: target.orderId ? `Order ${target.label}` : "Store credit top-up",
            returnUrl,
            websiteUrl: origin,
          });
          await repository.setReference(db, id, pidx, now());
          return { start: { kind: "redirect", paymentId: id, url: paymentUrl }, token };
        }
        case "esewa": {
          const form = esewa.form({
            secret: merchant.secret,
            productCode: merchant.merchantCode,
            amountNpr: target.amount,
            transactionUuid: ownRef!,
            successUrl: returnUrl,
            failureUrl: `${origin}/api/payments/${id}/failed`,
          });
          return { start: { kind: "form", paymentId: id, ...form }, token };
        }
        case "fonepay": {
          const qr = await fonepay.qr(asFonepay(merchant), { amountNpr: target.amount, prn: ownRef!, remarks1: purchase, remarks2: "Pasal" });
          return { start: { kind: "qr", paymentId: id, qr }, token };
        }
      }
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      log.warn({ payment: id }, "payment start: %s", error.message);
      await repository.settle(db, id, "failed", { transactionId: null, detail: `Not started: ${error.message}` }, now());
      throw new ServiceUnreachable(`${GATEWAY_NAMES[gateway]} did not answer. Try again in a minute, or pay another way below.`);
    }
  }

  return {
    /** The gateways a shopper may pay with now. */
    async enabled(): Promise<Gateway[]> {
      const stored = await repository.gateways(db);
      return GATEWAYS.filter((gateway) => stored.some((g) => g.gateway === gateway && ready(g)));
    },

    async settings(): Promise<GatewaySettings[]> {
      const [stored, reveals] = await Promise.all([repository.gateways(db), audit.ofGateways()]);
      return GATEWAYS.map((gateway) => {
        const g = stored.find((s) => s.gateway === gateway);
        return {
          gateway,
          enabled: g?.enabled ?? false,
          merchantCode: g?.merchantCode ?? "",
          username: g?.username ?? "",
          hasSecret: Boolean(g?.secretSealed),
          hasPassword: Boolean(g?.passwordSealed),
          reveals: reveals.filter((r) => r.gateway === gateway).map(({ what, adminEmail, at }) => ({ what, adminEmail, at })),
        };
      });
    },

    /** Secrets are write-only: one left out keeps the stored one. Turning a gateway on needs what it asks for. */
    async saveSettings(gateway: Gateway, input: GatewaySettingsInput): Promise<AdminAnswer<GatewaySettings>> {
      const current = await repository.gateway(db, gateway);
      const seal = (value: string, what: "secret" | "password") => secrets.encrypt(value, gatewaySecretContext(gateway, what));
      const next: StoredGateway = {
        gateway,
        enabled: input.enabled,
        merchantCode: input.merchantCode,
        username: input.username,
        secretSealed: input.secret ? seal(input.secret, "secret") : (current?.secretSealed ?? null),
        passwordSealed: input.password ? seal(input.password, "password") : (current?.passwordSealed ?? null),
      };
      if (next.enabled) {
        const missing: Array<{ field: string; message: string }> = [];
        if (!next.secretSealed) missing.push({ field: "secret", message: "Give the merchant secret key" });
        if (gateway !== "khalti" && !next.merchantCode) {
          missing.push({ field: "merchantCode", message: gateway === "esewa" ? "Give the product code" : "Give the merchant code" });
        }
        if (gateway === "fonepay" && !next.username) missing.push({ field: "username", message: "Give the username" });
        if (gateway === "fonepay" && !next.passwordSealed) missing.push({ field: "password", message: "Give the password" });
        if (missing.length) throw badRequest(missing[0]!.message, missing);
      }
      await repository.saveGateway(db, next, now());
      return said(
        "Online payment settings saved",
        (await this.settings()).find((s) => s.gateway === gateway)!,
      );
    },

    /** One merchant secret in the clear for the admin who asked; written to the reveal log first (ADR 0083). */
    async reveal(gateway: Gateway, what: "secret" | "password", actor: Actor): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const stored = await repository.gateway(trx, gateway);
        const sealed = what === "secret" ? stored?.secretSealed : stored?.passwordSealed;
        if (!sealed) throw notFound(`${GATEWAY_NAMES[gateway]} has no ${what === "secret" ? "secret key" : "password"} stored`);
        await audit.record(
          trx,
          actor,
          { kind: "gateway", what: what === "secret" ? "secret key" : "password", label: GATEWAY_NAMES[gateway], gateway },
          now(),
        );
        return secrets.decrypt(sealed, gatewaySecretContext(gateway, what));
      });
    },

    /**
     * Starts paying an order: a new attempt under our own random id (the return URLs name it, never the order
     * key), then the gateway is asked. Answers what the browser does next and the token for its cookie.
     */
    async start(reference: string, key: string, gateway: Gateway, address: string, origin: string): Promise<{ start: PaymentStart; token: string }> {
      const order = await shopperOrders.forPayment(reference, key, address);
      if (!awaitsPayment(order.status)) throw conflict(order.status === "cancelled" ? "This order is cancelled" : "This order is paid already");
      if (!wantsOnlinePayment(order)) throw conflict("This order has nothing to pay: its coupon or credit covers it all");
      return begin({ orderId: order.id, topUpPhone: null, label: order.reference, amount: order.total }, gateway, origin);
    },

    /**
     * Starts a top-up of the customer's store credit (ADR 0127), from their customer link (its key proves who they are):
     * an attempt of its own, proved by the gateway as any payment is; paid, its amount is added to their credit.
     */
    async startTopUp(
      key: string,
      gateway: Gateway,
      amount: number,
      address: string,
      origin: string,
    ): Promise<{ start: PaymentStart; token: string }> {
      const phone = await deps.customers.phoneOfKey(key, address);
      const { topUpMin, topUpMax } = await deps.topUpLimits();
      if (amount < topUpMin || amount > topUpMax) {
        const message = `A top-up is from NPR ${formatNpr(topUpMin)} to NPR ${formatNpr(topUpMax)}`;
        throw badRequest(message, [{ field: "amount", message }]);
      }
      return begin({ orderId: null, topUpPhone: phone, label: "TOPUP", amount }, gateway, origin);
    },
    /**
     * The shopper came back from the gateway. What they bring is never believed: Khalti's and Fonepay's
     * payments are looked up; eSewa's `data` must carry eSewa's signature for this very attempt, and then its
     * status check decides. Answers where to send the browser: its order page when the cookie is this
     * attempt's, else the page saying the payment was checked.
     */
    async returned(id: string, query: Record<string, string | undefined>, cookie: string | undefined): Promise<string> {
      let payment = await findOrThrow(id);
      const worthChecking = payment.gateway !== "esewa" || (await esewaReturnHolds(payment, query.data));
      if (worthChecking) payment = await checkNow(payment);
      return (await this.pathBack(payment, cookie)) ?? `/payment/${payment.id}`;
    },

    /** The order page of the browser that started the attempt (its cookie), or null. */
    async pathBack(payment: StoredPayment, cookie: string | undefined): Promise<string | null> {
      const [cookieId, token] = (cookie ?? "").split(".");
      if (cookieId !== payment.id || !token || !payment.browserHash || hashToken(token) !== payment.browserHash) return null;
      if (!payment.orderId) return payment.topUpPhone ? deps.customers.pathOf(payment.topUpPhone) : null;
      const link = await shopperOrders.shopperPathOf(payment.orderId);
      return link ? localHref(link.language, link.path) : null;
    },

    /** Where an attempt stands, asking the gateway while it is open (the Fonepay QR's page polls this). */
    async check(id: string): Promise<PaymentState> {
      return stateOf(await checkNow(await findOrThrow(id)));
    },

    /** Where an attempt stands, as stored. */
    state: async (id: string): Promise<PaymentState> => stateOf(await findOrThrow(id)),

    /**
     * For the page of an order its shopper opened (the caller checked the key): the gateways to offer while it
     * awaits payment, and its latest attempt.
     */
    async forOrderPage(reference: string, awaiting: boolean): Promise<OnlinePayments> {
      const [gateways, latest] = await Promise.all([awaiting ? this.enabled() : Promise.resolve([]), repository.latestOf(db, reference)]);
      return { gateways, latest: latest ? await stateOf(latest) : null };
    },

    toCheck: (): Promise<PaymentToCheck[]> => repository.toCheck(db),

    /** The gateway that took this order's proved payment, where its API refunds (Khalti only); null otherwise. */
    async refundableVia(orderId: string): Promise<"khalti" | null> {
      const paid = await repository.paidOf(db, orderId);
      return paid?.gateway === "khalti" && paid.transactionId ? "khalti" : null;
    },

    /**
     * Refunds `amount` of this order's proved Khalti payment to the wallet it came from (research §1.6); the gateway's
     * refusal or silence is a 502 with its words. Answers the payment's transaction id.
     */
    async refundOnGateway(orderId: string, amount: number): Promise<string> {
      const paid = await repository.paidOf(db, orderId);
      if (paid?.gateway !== "khalti" || !paid.transactionId) throw conflict("This order was not paid with Khalti: refund it as store credit");
      if (amount > paid.amount) throw conflict(`Khalti took NPR ${formatNpr(paid.amount)} for this order; a refund is at most that`);
      const merchant = await readyGatewayForCheck("khalti");
      try {
        await khalti.refund(merchant.secret, paid.transactionId, amount);
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        log.warn({ payment: paid.id }, "refund: %s", error.message);
        throw new ServiceUnreachable(`Khalti did not refund: ${error.message}. Nothing was changed; try again, or refund as store credit.`);
      }
      await repository.note(db, paid.id, `Refunded NPR ${formatNpr(amount)} on Khalti`, now());
      return paid.transactionId;
    },

    async resolve(id: string): Promise<AdminAnswer> {
      if (!(await repository.resolve(db, id, now()))) throw conflict("This payment is not waiting to be checked");
      return said("Payment checked");
    },
  };

  /** eSewa's return is worth a status check only when eSewa signed it for this attempt; a failure return always is. */
  async function esewaReturnHolds(payment: StoredPayment, encoded: string | undefined): Promise<boolean> {
    if (encoded === undefined) return true;
    const data = decodeEsewaData(encoded.slice(0, 4000));
    const merchant = await readyGatewayForCheck("esewa").catch(() => null);
    if (!data || !merchant || !esewaDataIsSigned(merchant.secret, data)) {
      log.warn({ payment: payment.id }, "eSewa return with a signature that does not verify: ignored");
      return false;
    }
    if (data.transaction_uuid !== payment.gatewayRef || data.product_code !== merchant.merchantCode) {
      log.warn({ payment: payment.id }, "eSewa return signed for another payment: ignored");
      return false;
    }
    return true;
  }
}

class RefusedOrder extends Error {}
