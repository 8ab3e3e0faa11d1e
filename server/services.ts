import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config";
import type { ChangeSignals } from "./db/change-signals";
import type { Clock } from "./db/clock";
import type { Db } from "./db/database";
import { lateBound } from "./late-bound";
import type { Cipher } from "./modules/secrets/cipher";
import { createLoginThrottle, PASSWORD_CHANGE_FAILURES_PER_ACCOUNT } from "./modules/auth/login-throttle";
import { createAuthService } from "./modules/auth/service";
import { createAuditLog, createAuditService, type AuditLog } from "./modules/audit/service";
import { createAutoDelivery } from "./modules/ledger/auto-delivery";
import { createAvailabilityService } from "./modules/ledger/availability";
import { createDeliveryService } from "./modules/ledger/delivery";
import { createAccountHealthService } from "./modules/ledger/health";
import { createPreviousSecretsService } from "./modules/ledger/previous-secrets";
import { createLedgerSettingsService } from "./modules/ledger/ledger-settings";
import { createSeatsService } from "./modules/ledger/seats";
import { createAccountsService } from "./modules/ledger/service";
import { createLicenceKeysService } from "./modules/licence-keys/service";
import { createOutbox, createOutboxQueue, type Outbox } from "./modules/outbox/service";
import { createCarouselService } from "./modules/carousel/service";
import { createCatalogueService } from "./modules/catalogue/service";
import { createCustomerLinksService } from "./modules/customer-links/service";
import { createCustomersService } from "./modules/customers/service";
import { createCouponsService } from "./modules/coupons/service";
import { createReferralsService } from "./modules/referrals/service";
import { createBalanceBook } from "./modules/balances/book";
import { createStoreCreditService } from "./modules/balances/service";
import { createStoreCreditSettings } from "./modules/balances/settings";
import { createRefundsService, type RefundsService } from "./modules/refunds/service";
import { createBillsService } from "./modules/bills/service";
import { createBlocklistService } from "./modules/blocklist/service";
import { createMediaService } from "./modules/media/service";
import { createNewsletterService } from "./modules/newsletter/service";
import { createOrderLimitsService } from "./modules/order-limits/service";
import { createCheckoutService, type CheckoutDependencies } from "./modules/orders/checkout";
import { createRenewalsService, type RenewalsDependencies } from "./modules/orders/renewals";
import { createOrdersService, type OrdersDependencies } from "./modules/orders/service";
import { createOrderLinks } from "./modules/orders/shared";
import { createShopperOrdersService, type ShopperOrdersDependencies } from "./modules/orders/shopper-orders";
import { createProblemsService } from "./modules/problems/service";
import { createMailboxesService } from "./modules/mailboxes/service";
import { createPaymentMethodsService } from "./modules/payment-methods/service";
import { createPaymentsService } from "./modules/payments/service";
import { createReportsService } from "./modules/reports/service";
import { createSettingsService } from "./modules/settings/service";
import { createTrendingService } from "./modules/trending/service";
import { createUpdatesService } from "./modules/updates/service";
import { createUploadsService } from "./modules/uploads/service";
import { createVideosService } from "./modules/videos/service";
import { createTelegramOutboxService, type TelegramOutboxDependencies } from "./modules/telegram/outbox";
import { createTelegramService, type TelegramDependencies } from "./modules/telegram/service";
import { createBotAccess } from "./modules/telegram/shared";
import { createShopperUpdates, type ShopperDependencies } from "./modules/telegram/shoppers";
import { createTelegramUpdatesService, type TelegramUpdatesDependencies } from "./modules/telegram/updates";
import { createWindowCounter } from "./plugins/rate-limits";
import { createLimits, type Limits } from "./plugins/shared-limits";

/**
 * What route handlers and React Router loaders use; nothing outside reaches the database directly. Built in one
 * direction (ADR 0121): each service is built after everything it uses, the outbox first; the one two-way need
 * (orders deliver automatically after payment, automatic delivery moves orders) is a late-bound hook.
 * `server/services-wiring.test.ts` fails when a name is used before it is built.
 */
export function createServices(db: Db, clock: Clock, config: Config, log: FastifyBaseLogger, changes: ChangeSignals, secrets: Cipher) {
  /** The seller's bot's outbox: what happens is written to it in the transaction that makes it happen. */
  const outbox = createOutbox(db, clock);
  /** The audit log every module writes its lines to, in the write's own transaction (ADR 0100, 0123). */
  const auditLog = createAuditLog(db);
  const catalogue = createCatalogueService(db, clock, changes, { publicUrl: config.publicUrl, audit: auditLog });
  const settings = createSettingsService(db, clock, changes);
  const media = createMediaService(db, config.mediaDir, clock, log);
  // Shared by every instance on PostgreSQL, in memory on SQLite (ADR 0022).
  const limits = createLimits(db, () => clock().getTime());
  const paymentMethods = createPaymentMethodsService(db, clock, changes, { audit: auditLog });
  /** Wrong current passwords per admin id; counted by auth.changeOwnPassword alone. */
  const passwordChangeFailures = createWindowCounter(PASSWORD_CHANGE_FAILURES_PER_ACCOUNT, limits, "password-change failures");
  /** Store credit's book (ADR 0127): every movement of a customer's balance, in the transaction of what caused it. */
  const balanceBook = createBalanceBook(clock);
  const storeCreditSettings = createStoreCreditSettings(settings);
  const referrals = createReferralsService(db, clock, { settings, book: balanceBook });
  const ledger = createLedgerServices(db, clock, changes, secrets, { notices: outbox, audit: auditLog });
  const customerLinks = createCustomerLinksService(db, clock, {
    limits,
    secrets,
    catalogue,
    seats: { namesOf: (lineIds) => ledger.seats.seatNamesOf(lineIds) },
    referrals,
    balances: balanceBook,
    creditSettings: () => storeCreditSettings.get(),
  });
  const ledgerDelivery = createLedgerDeliveryServices(db, clock, changes, secrets, ledger, {
    publicUrl: config.publicUrl,
    // The delivery message carries the customer's link, made then if they have none.
    customerLink: (phoneKey) => customerLinks.pathForDelivery(phoneKey),
    referralCode: (phoneKey) => referrals.codeFor(phoneKey),
    notices: outbox,
    audit: auditLog,
  });
  const orderLimits = createOrderLimitsService(db, clock, changes, limits, log, { settings });
  const coupons = createCouponsService(db, clock);
  /** A bill for every paid order and a credit note for what is taken back (ADR 0130). */
  const bills = createBillsService(db, clock, { legal: (trx) => settings.legalWithin(trx), limits });
  const blocklist = createBlocklistService(db, clock, { settings });
  // Orders deliver automatically once paid, and automatic delivery is built from the orders: bound below.
  const afterPaid = lateBound<[reference: string], Promise<void>>("automatic delivery");
  const orderServices = createOrderServices(db, clock, {
    coupons,
    referrals,
    blocklist,
    catalogue,
    settings,
    paymentMethods,
    limits,
    orderLimits,
    publicUrl: config.publicUrl,
    secrets,
    stock: { waitingLines: () => ledger.availability.waitingLines() },
    seats: { namesOf: (lineIds) => ledger.seats.seatNamesOf(lineIds), carryOver: (trx, pairs) => ledger.seats.carryOver(trx, pairs) },
    afterPaid: afterPaid.call,
    notices: outbox,
    balances: balanceBook,
    bills,
  });
  const { orders, shopperOrders, renewals } = orderServices;
  // A problem's refund is the refunds' own, built below with the payments.
  const refundLine = lateBound<Parameters<RefundsService["refund"]>, ReturnType<RefundsService["refund"]>>("refunds");
  /** Problems shoppers report, and the seller's queue (ADR 0111). */
  const problems = createProblemsService(db, clock, changes, {
    publicUrl: config.publicUrl,
    shopperOrders,
    accountHealth: ledgerDelivery.accountHealth,
    licenceKeys: ledger.licenceKeys,
    notices: outbox,
    audit: auditLog,
    refunds: { refund: (...args) => refundLine.call(...args) },
  });
  const autoDelivery = createAutoDelivery(db, changes, {
    orders,
    shopperOrders,
    ...ledger,
    ...ledgerDelivery,
    graceDays: async () => (await ledger.ledgerSettings.get()).graceDays,
    newKeyLines: (reference) => problems.linesWithNewKey(reference),
  });
  /**
   * After an order becomes paid (the admin's Mark paid; a verified payment), its lines are delivered
   * automatically where their items allow it. The payment stays recorded whatever happens here, so a failure is
   * logged (the reference only; never a secret) and the order waits for the seller.
   */
  const deliverAutomatically = async (reference: string): Promise<void> => {
    try {
      await autoDelivery.deliver(reference);
    } catch (error) {
      log.error({ err: error, reference }, "automatic delivery failed; the order waits for the seller");
    }
  };
  afterPaid.bind(deliverAutomatically);
  const storeCredit = createStoreCreditService(db, clock, {
    book: balanceBook,
    customers: { phoneOfKey: (key, address) => customerLinks.phoneOfKey(key, address) },
    orders,
    afterPaid: deliverAutomatically,
    audit: auditLog,
    settings: storeCreditSettings,
    renewals,
    notices: outbox,
  });
  const payments = createPaymentsService(db, clock, {
    orders,
    shopperOrders,
    secrets,
    gateways: config.gateways,
    log,
    afterVerifiedPayment: (reference) => deliverAutomatically(reference),
    notices: outbox,
    audit: auditLog,
    customers: { phoneOfKey: (key, address) => customerLinks.phoneOfKey(key, address), pathOf: (phone) => customerLinks.pathOf(phone) },
    book: balanceBook,
    topUpLimits: () => storeCreditSettings.get(),
  });
  const refunds = createRefundsService(db, clock, { book: balanceBook, payments, seats: ledger.seats, bills });
  refundLine.bind(refunds.refund);
  const telegramServices = createTelegramServices(db, clock, {
    secrets,
    telegram: config.telegram,
    retryMs: config.notices.retryMs,
    publicUrl: config.publicUrl,
    log,
    audit: auditLog,
    orders,
    shopperOrders,
    renewals,
    customers: { phoneOfKey: (key, address) => customerLinks.phoneOfKey(key, address), pathOf: (phone) => customerLinks.pathOf(phone) },
    notices: outbox,
    queue: createOutboxQueue(db),
    autoDelivery,
    delivery: ledgerDelivery.delivery,
    ledger: {
      lineSeat: (lineId) => ledger.seats.lineSeat(lineId),
      keyStock: () => ledger.licenceKeys.stock(),
      levels: () => ledger.availability.levels(),
      itemNames: async () => new Map((await catalogue.list()).map((item) => [item._id, item.Name])),
    },
  });
  return {
    auth: createAuthService(db, clock, { passwordChangeFailures }),
    limits,
    loginThrottle: createLoginThrottle(db, clock, limits),
    catalogue,
    carousel: createCarouselService(db, clock, changes),
    updates: createUpdatesService(db, clock, changes),
    videos: createVideosService(db, clock, changes),
    settings,
    trending: createTrendingService(config.tmdb, clock, { log }),
    newsletter: createNewsletterService(db, clock),
    media,
    uploads: createUploadsService(media),
    paymentMethods,
    ...orderServices,
    orderLimits,
    autoDelivery,
    deliverAutomatically,
    problems,
    mailboxes: createMailboxesService(db, clock, secrets, { shopperOrders, audit: auditLog, notices: outbox }),
    payments,
    refunds,
    bills,
    customers: createCustomersService(db, clock, { followsCustomer: (phoneKey) => outbox.followsCustomer(phoneKey) }),
    customerLinks,
    storeCredit,
    storeCreditSettings,
    coupons,
    referrals,
    blocklist,
    reports: createReportsService(db, clock),
    audit: createAuditService(db),
    outbox,
    ...telegramServices,
    ...ledger,
    ...ledgerDelivery,
  };
}
export type Services = ReturnType<typeof createServices>;

/** The seller's ledger: accounts, the seats lines hold, licence keys, their settings and availability. */
function createLedgerServices(
  db: Db,
  clock: Clock,
  changes: ChangeSignals,
  secrets: Cipher,
  deps: { notices: Pick<Outbox, "tellHoldersPasswordChanged">; audit: AuditLog },
) {
  const ledgerSettings = createLedgerSettingsService(db, clock, changes);
  const graceDays = async () => (await ledgerSettings.get()).graceDays;
  const seats = createSeatsService(db, clock, changes, secrets, { graceDays, audit: deps.audit });
  const licenceKeys = createLicenceKeysService(db, clock, changes, secrets, { graceDays, audit: deps.audit });
  return {
    ledgerSettings,
    accounts: createAccountsService(db, clock, changes, secrets, {
      releaseExpired: seats.releaseExpired,
      // A new password on a provider account tells the seat holders who follow their order.
      passwordChanged: (trx, accountId) => deps.notices.tellHoldersPasswordChanged(accountId, trx),
      audit: deps.audit,
    }),
    seats,
    licenceKeys,
    availability: createAvailabilityService(db, clock, changes, { releaseExpired: seats.releaseExpired, keyStock: licenceKeys.stock }),
  };
}

/**
 * The ledger's delivery message and the accounts' health: after the ledger and the customer links,
 * since the message carries the customer's link and referral code, and customer links name the ledger's seats.
 */
function createLedgerDeliveryServices(
  db: Db,
  clock: Clock,
  changes: ChangeSignals,
  secrets: Cipher,
  { ledgerSettings, seats, licenceKeys }: ReturnType<typeof createLedgerServices>,
  deps: {
    publicUrl: string | undefined;
    customerLink: (phoneKey: string) => Promise<string | null>;
    referralCode: (phoneKey: string) => Promise<string>;
    notices: Pick<Outbox, "tellLinesCredentialsChanged">;
    audit: AuditLog;
  },
) {
  const graceDays = async () => (await ledgerSettings.get()).graceDays;
  const delivery = createDeliveryService(db, {
    heldSeat: seats.heldSeat,
    keysOf: licenceKeys.keysOf,
    settings: ledgerSettings.get,
    publicUrl: deps.publicUrl,
    customerLink: deps.customerLink,
    referralCode: deps.referralCode,
  });
  const previousSecrets = createPreviousSecretsService(db, clock, secrets, { audit: deps.audit });
  return {
    delivery,
    previousSecrets,
    accountHealth: createAccountHealthService(db, clock, changes, secrets, {
      previousSecrets,
      graceDays,
      moveWithin: seats.moveWithin,
      deliveryOf: delivery.of,
      credentialsChanged: (lineIds, reason) => deps.notices.tellLinesCredentialsChanged(lineIds, reason),
      audit: deps.audit,
    }),
  };
}

/**
 * Orders by use case: checkout, the shopper's order page, renewals and the admin's orders. One set of
 * order links for them all, so a wrong key counts once however the link was opened.
 */
function createOrderServices(
  db: Db,
  clock: Clock,
  deps: Omit<CheckoutDependencies & ShopperOrdersDependencies & RenewalsDependencies & OrdersDependencies, "links" | "orders"> & {
    limits: Limits;
    secrets: Pick<Cipher, "encrypt" | "decrypt">;
  },
) {
  const links = createOrderLinks(deps.limits, deps.secrets);
  const orders = createOrdersService(db, clock, { ...deps, links });
  return {
    orders,
    checkout: createCheckoutService(db, clock, { ...deps, links }),
    shopperOrders: createShopperOrdersService(db, clock, { ...deps, links }),
    renewals: createRenewalsService(db, clock, { ...deps, links, orders }),
  };
}

/**
 * The seller's Telegram bot (ADR 0105): the admin's settings of it, the sending of what the outbox wrote
 * (ADR 0121), what Telegram brings and the shoppers' chats, over one access to the bot (its token, one API client).
 */
function createTelegramServices(
  db: Db,
  clock: Clock,
  deps: Omit<TelegramDependencies & TelegramOutboxDependencies & TelegramUpdatesDependencies, "bot" | "outbox" | "shoppers"> &
    ShopperDependencies & { telegram: Config["telegram"] },
) {
  const bot = createBotAccess(db, deps.secrets, deps.telegram.apiUrl);
  const shoppers = createShopperUpdates(db, clock, deps);
  const telegramOutbox = createTelegramOutboxService(db, clock, { ...deps, bot, shoppers });
  return {
    telegram: createTelegramService(db, clock, { ...deps, bot }),
    telegramBot: bot,
    telegramOutbox,
    telegramUpdates: createTelegramUpdatesService(db, clock, { ...deps, bot, shoppers, outbox: telegramOutbox }),
    telegramShoppers: shoppers,
  };
}
