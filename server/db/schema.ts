import type { Generated } from "kysely";
/** Table shapes as Kysely sees them. Timestamps are ISO-8601 UTC text on both dialects. */
export interface CatalogueItemsTable {
  id: string;
  item_id: string;
  name: string;
  name_key: string;
  info: string;
  image_id: string;
  category: string;
  status: string;
  note: string;
  special_link: string;
  created_at: string;
  updated_at: string;
  /** The number of the last change: 1 when created, one more on every update (0004-versions). */
  version: Generated<number>;
  /** The name, info and note in Nepali; null where the seller gave none (0013-nepali-content). */
  name_ne: string | null;
  info_ne: string | null;
  note_ne: string | null;
  /** 1: its lines are delivered automatically once the order is paid (0018-automatic-delivery). */
  auto_deliver: Generated<number>;
  /** 1: taken out of the shop (retired), kept for its orders, keys and seats (0019). */
  hidden: Generated<number>;
  /** Days from delivery its lines are replaced free; 0 for none, null for the line's whole term (0033-warranty). */
  warranty_days: number | null;
}

export interface CataloguePlansTable {
  item_id: string;
  months: number;
  price: number;
}

export interface CarouselSlidesTable {
  id: string;
  image: string;
  title: string;
  description: string;
  badge: string;
  cta_text: string;
  cta_link: string;
  position: number;
  created_at: string;
  updated_at: string;
  /** The number of the last change: 1 when created, one more on every update (0004-versions). */
  version: Generated<number>;
  /** Title, description and CTA text in Nepali; null where the seller gave none (0013-nepali-content). */
  title_ne: string | null;
  description_ne: string | null;
  cta_text_ne: string | null;
}

export interface UpdatePostsTable {
  id: string;
  title: string;
  description: string;
  image_url: string;
  created_at: string;
  updated_at: string;
  /** The number of the last change: 1 when created, one more on every update (0004-versions). */
  version: Generated<number>;
  /** Title and description in Nepali; null where the seller gave none (0013-nepali-content). */
  title_ne: string | null;
  description_ne: string | null;
}

export interface VideosTable {
  id: string;
  name: string;
  name_key: string;
  platform: string;
  trailer_link: string;
  created_at: string;
  updated_at: string;
  /** The number of the last change: 1 when created, one more on every update (0004-versions). */
  version: Generated<number>;
}

export interface AdminUsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token: a copy of the table does not hand out sessions. */
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
  /** The number of the last change: 1 when created, one more on every update (0004-versions). */
  version: Generated<number>;
}

export interface NewsletterSubscribersTable {
  id: string;
  /** Trimmed and lower-cased; unique, so subscribing twice keeps one row. */
  email: string;
  created_at: string;
}

export interface OrdersTable {
  id: string;
  /** PSL-XXXXX, what the shopper's message carries and the seller searches for. */
  reference: string;
  channel: string;
  status: string;
  customer_name: string | null;
  phone: string | null;
  note: string;
  total: number;
  created_at: string;
  updated_at: string;
  /** The number of the last change: 1 when created, one more on every update (0004-versions). */
  version: Generated<number>;
  /** SHA-256 of the shopper's order key, hex (0007-order-pages); null for orders placed before order pages. */
  key_hash: string | null;
  /** The key sealed with the shop's order-link secret, for the admin's copy of the shopper's link. */
  key_sealed: string | null;
  /** When each status was reached (ISO times); `created_at` is when it was received. */
  contacted_at: string | null;
  paid_at: string | null;
  delivered_at: string | null;
  cancelled_at: string | null;
  /** When the shopper said they paid, and the wallet's transaction id they gave. */
  paid_claimed_at: string | null;
  paid_claim_transaction: string | null;
  /** The phone in one form, the customer's identity (0009-customers); null for an anonymous order. */
  phone_key: string | null;
  /** The shopper's language, "en" or "ne" (0012-order-language): the seller's messages to them follow it. */
  language: Generated<string>;
  /** The gateway that proved the payment (0017-online-payments), its transaction id and the amount it confirmed. */
  paid_via: string | null;
  paid_via_transaction: string | null;
  paid_via_amount: number | null;
  /** Why the shop cancelled it (0020-order-ceilings): "expired", "spam", or null (the seller's own cancel, or not cancelled). */
  cancel_reason: string | null;
  /** The coupon used and what it took off; the referral credit the seller took off (0024-growth-tools). */
  coupon_code: string | null;
  discount: Generated<number>;
  credit_applied: Generated<number>;
  /** The referrer's phone, when a new customer's first order came with their code. */
  referred_by: string | null;
  /** What the shopper paid from their store credit (0032-store-credit); `total` is what is left to pay. */
  balance_paid: Generated<number>;
}

export interface OrderLinesTable {
  id: string;
  order_id: string;
  position: number;
  /** Null once the catalogue item is deleted; name and prices are kept as sold. */
  item_id: string | null;
  name: string;
  months: number;
  devices: number;
  unit_price: number;
  line_total: number;
  /** YYYY-MM-DD, set when the order is delivered. */
  start_date: string | null;
  expiry_date: string | null;
  /** The order that renewed this line, once the seller marks it renewed. */
  renewal_order_id: string | null;
  /** 1 when automatic delivery gave it its seat or keys: its order page shows them (0018-automatic-delivery). */
  auto_delivered: Generated<number>;
  /** Why a paid order's line was not delivered automatically (an `AutoDeliveryReason`), or null. */
  auto_delivery_reason: string | null;
  /** When the line was refunded for its days left and ended (0032-store-credit); null otherwise. */
  refunded_at: string | null;
  /** 1 when the line renews itself from its customer's store credit before it ends (0032-store-credit). */
  auto_renew: Generated<number>;
  /** When the shopper was last reminded of this line's renewal (0022-telegram-bot). */
  reminded_at: string | null;
  /** The item's warranty when the line was sold: days, 0 for none, null for the whole term (0033-warranty). */
  warranty_days: number | null;
}

export interface PaymentMethodsTable {
  id: string;
  kind: string;
  name: string;
  account: string;
  holder: string;
  /** An uploaded image's URL, or "". */
  qr_image: string;
  note: string;
  /** The note in Nepali, or null: Nepali order pages show the English then. */
  note_ne: string | null;
  /** 1 or 0. */
  enabled: number;
  position: number;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

export interface MediaTable {
  /** The file name served under /media/. */
  name: string;
  content_type: string;
  bytes: Buffer;
  created_at: string;
}

/** Limit counts shared by the instances on PostgreSQL (ADR 0022); times in milliseconds since 1970. */
export interface LimitWindowsTable {
  key: string;
  count: number;
  ends_at: number | string;
}

export interface LimitEventsTable {
  id: string;
  key: string;
  at: number | string;
  ends_at: number | string;
}

// The seller's ledger (0008-ledger). Columns named *_secret hold ciphertext only.
export interface SecretsKeyTable {
  id: string;
  key_id: string;
  check_value: string;
  created_at: string;
}

export interface ProviderAccountsTable {
  id: string;
  service: string;
  login: string;
  password_secret: string;
  /** YYYY-MM-DD: when the provider must be paid again. */
  renewal_date: string | null;
  /** NPR per billing cycle (0016-billing-and-lifetime-keys). */
  cost: number;
  /** The cycle's months: 1 monthly, 12 yearly; for "none", the months the one payment is counted over in reports. */
  period_months: number;
  status: string;
  notes: string;
  /** "monthly", "yearly" or "none" (bought once: paid up to `renewal_date`, or for good when it is null). */
  billing_cycle: Generated<string>;
  /** 1: the provider bills it again on `renewal_date`, so seats may be sold past it; 0: it ends then. */
  auto_renews: Generated<number>;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

export interface ProviderAccountItemsTable {
  account_id: string;
  item_id: string;
}

export interface AccountSeatsTable {
  id: string;
  account_id: string;
  position: number;
  profile_name: string;
  pin_secret: string | null;
}

export interface SeatAssignmentsTable {
  id: string;
  seat_id: string;
  line_id: string;
  started_at: string;
  ended_at: string | null;
  end_reason: string | null;
}

export interface LicenceKeysTable {
  id: string;
  item_id: string;
  code_secret: string;
  code_hash: string;
  line_id: string | null;
  added_at: string;
  delivered_at: string | null;
  /** NPR the shop paid for it, counted when it is sold (0009-customers). */
  cost: Generated<number>;
  /** The seller gave the line a new key in its place, from a reported problem (0026-shopper-problems). */
  replaced_at: Generated<string | null>;
}

/** The admin's name and note for a customer, keyed by the normalised phone (0009-customers). */
export interface CustomersTable {
  phone: string;
  display_name: string;
  note: string;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

/** A customer's link to their page of subscriptions (0021-customer-links, ADR 0104): one per normalised phone. */
export interface CustomerLinksTable {
  phone: string;
  /** SHA-256 of the key, hex: what a visit is looked up by. */
  key_hash: string;
  /** The key sealed with the shop's secrets key, bound to the phone and the hash: the admin's copy of the link. */
  key_sealed: string;
  /** The phone the sealed copy is bound to when it is not `phone` (a spelling 0028-one-form-per-mobile rewrote); else null. */
  sealed_for: Generated<string | null>;
  created_at: string;
}

/**
 * The audit log (ADR 0083, 0100): every reveal of a secret, and every deletion or retirement. No foreign key:
 * a row outlives what it names, and `label` keeps a copy of what that was (0019).
 */
export interface SecretRevealsTable {
  id: string;
  /** The account, key or gateway it was about, when it was one; ids only, the thing may be gone. */
  account_id: string | null;
  licence_key_id: string | null;
  what: string;
  /** Who: the admin's email, or "shopper at <address>". */
  admin_email: string;
  at: string;
  /** A merchant secret of this gateway was revealed (0017-online-payments). */
  gateway: string | null;
  /** An `AuditKind` (domain/audit/audit.ts). */
  kind: Generated<string>;
  /** What it was about, as it read then: "Netflix Premium (me@example.com)", "Spotify key for PSL-ABCDE". */
  label: Generated<string>;
  /** The address it was asked from. */
  address: string | null;
}

/** One online gateway's settings (0017-online-payments); secrets sealed with the shop's secrets key. */
export interface PaymentGatewaysTable {
  gateway: string;
  enabled: number;
  merchant_code: string;
  username: string;
  secret_sealed: string | null;
  password_sealed: string | null;
  updated_at: string;
}

/** One attempt to pay an order online (0017-online-payments). */
export interface PaymentsTable {
  /** Ours, random: what the return URL names (never the order key). */
  id: string;
  gateway: string;
  /** pidx, transaction_uuid or prn; unique per gateway. */
  gateway_ref: string | null;
  /** The order paid; null for a top-up of a customer's store credit (0032-store-credit). */
  order_id: string | null;
  /** The customer whose store credit a top-up adds to (0032-store-credit); null for an order's payment. */
  top_up_phone: Generated<string | null>;
  /** NPR, the order's total when the attempt started. */
  amount: number;
  status: string;
  transaction_id: string | null;
  detail: string;
  /** SHA-256 of the token in the shopper's browser cookie: the return sends that browser back to its order. */
  browser_hash: string | null;
  created_at: string;
  updated_at: string;
  checked_at: string | null;
}

/** Items whose licence keys never expire: their lines have no end date (0016-billing-and-lifetime-keys). */
export interface LifetimeItemsTable {
  item_id: string;
}

/** Refusals of the shop-wide ceilings, and pages turned away while busy, per kind ("orders", "busy-pages"…) and minute (0020-order-ceilings). */
export interface CeilingRefusalsTable {
  kind: string;
  /** YYYY-MM-DDTHH:MM, UTC. */
  minute: string;
  count: number;
  last_at: string;
}

export interface StockThresholdsTable {
  item_id: string;
  threshold: number;
}

export interface Tables {
  catalogue_items: CatalogueItemsTable;
  catalogue_plans: CataloguePlansTable;
  carousel_slides: CarouselSlidesTable;
  update_posts: UpdatePostsTable;
  videos: VideosTable;
  admin_users: AdminUsersTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  media: MediaTable;
  payment_methods: PaymentMethodsTable;
  limit_windows: LimitWindowsTable;
  limit_events: LimitEventsTable;
  secrets_key: SecretsKeyTable;
  provider_accounts: ProviderAccountsTable;
  provider_account_items: ProviderAccountItemsTable;
  account_seats: AccountSeatsTable;
  seat_assignments: SeatAssignmentsTable;
  licence_keys: LicenceKeysTable;
  lifetime_items: LifetimeItemsTable;
  secret_reveals: SecretRevealsTable;
  stock_thresholds: StockThresholdsTable;
  customers: CustomersTable;
  customer_links: CustomerLinksTable;
  payment_gateways: PaymentGatewaysTable;
  payments: PaymentsTable;
  ceiling_refusals: CeilingRefusalsTable;
  telegram_bot: TelegramBotTable;
  telegram_chats: TelegramChatsTable;
  telegram_links: TelegramLinksTable;
  telegram_follows: TelegramFollowsTable;
  notices: NoticesTable;
  notice_presses: NoticePressesTable;
  coupons: CouponsTable;
  coupon_uses: CouponUsesTable;
  referral_codes: ReferralCodesTable;
  referral_credits: ReferralCreditsTable;
  blocked_phones: BlockedPhonesTable;
  blocked_attempts: BlockedAttemptsTable;
  previous_secrets: PreviousSecretsTable;
  holder_notices: HolderNoticesTable;
  problems: ProblemsTable;
  problem_events: ProblemEventsTable;
  job_runs: JobRunsTable;
  account_mailboxes: AccountMailboxesTable;
  mailbox_asks: MailboxAsksTable;
  balance_accounts: BalanceAccountsTable;
  refunds: RefundsTable;
  balance_movements: BalanceMovementsTable;
  bill_counters: BillCountersTable;
  bills: BillsTable;
  credit_notes: CreditNotesTable;
}

/** The last number given in a series and fiscal year (0034-bills, ADR 0130). */
export interface BillCountersTable {
  series: string;
  fiscal_year: string;
  last_number: number;
}

/** A paid order's bill, as issued and never changed (0034-bills, ADR 0130). */
export interface BillsTable {
  id: string;
  number: string;
  fiscal_year: string;
  sequence: number;
  order_id: string;
  issued_at: string;
  issued_on: string;
  language: string;
  /** The shop's legal details when issued (JSON), or null. */
  seller: string | null;
  buyer_name: string | null;
  buyer_phone: string | null;
  /** JSON: the lines as sold. */
  lines: string;
  subtotal: number;
  discount: number;
  total: number;
  taxable_paisa: number;
  vat_paisa: number;
  vat_registered: number;
  paid_by: string;
  paid_from_credit: number;
  transaction_id: string | null;
  verification_code: string;
}

/** A credit note: what a cancellation or refund after payment takes back of a bill (0034-bills, ADR 0130). */
export interface CreditNotesTable {
  id: string;
  number: string;
  fiscal_year: string;
  sequence: number;
  bill_id: string;
  cause: string;
  reason: string;
  issued_at: string;
  issued_on: string;
  amount: number;
  taxable_paisa: number;
  vat_paisa: number;
}

/** A line refunded for its days left (0032-store-credit): to store credit or the gateway that took the payment. */
export interface RefundsTable {
  id: string;
  order_id: string;
  line_id: string;
  amount: number;
  /** "credit", or the gateway refunded through. */
  destination: string;
  transaction_id: string | null;
  actor: string;
  created_at: string;
}

/** One row per customer with store credit (0032-store-credit): how many movements they have, never a balance. */
export interface BalanceAccountsTable {
  phone: string;
  movements: Generated<number>;
  created_at: string;
}

/** A movement of a customer's store credit, with the running balance after it (0032-store-credit, ADR 0127). */
export interface BalanceMovementsTable {
  id: string;
  phone: string;
  seq: number;
  amount: number;
  balance_after: number;
  /** A BalanceKind. */
  kind: string;
  order_id: string | null;
  reason: Generated<string>;
  actor: string;
  dedupe: string | null;
  created_at: string;
}

/** A holder's "Get my code" (0031-account-mailboxes): when, for which line and kind; never the code. */
export interface MailboxAsksTable {
  id: string;
  account_id: string;
  line_id: string;
  /** A HolderMailKind. */
  kind: string;
  asked_at: string;
  /** When a code or link was found for it. */
  found_at: string | null;
}

/** A provider account's mailbox (0031-account-mailboxes, ADR 0126); its mails are never stored. */
export interface AccountMailboxesTable {
  account_id: string;
  host: string;
  port: number;
  /** "tls", "starttls" or "none". */
  security: string;
  user_name: string;
  /** The app password, sealed with the shop's secrets key, bound to the account. */
  password_secret: string;
  folder: string;
  authserv_id: string;
  /** The last check's MailboxFailure, and since when checks have failed; null once one reads. */
  failure: string | null;
  failing_since: string | null;
  checked_at: string | null;
  /** Up to when the watcher read it. */
  watched_to: string | null;
  /** The last mail that needs the seller (a MailAlert), and when it came; cleared by the seller. */
  alert_kind: string | null;
  alert_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The last period each background job was claimed for (0030-job-runs, ADR 0120). */
export interface JobRunsTable {
  name: string;
  /** ISO-8601 UTC start of the period. */
  period: string;
}

/** A problem a shopper reported on a delivered line (0026-shopper-problems, ADR 0111). */
export interface ProblemsTable {
  id: string;
  order_id: string;
  line_id: string;
  /** not-working, wrong-password, profile-taken, other */
  kind: string;
  text: string;
  /** open, answered, resolved */
  status: string;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

/** One step of a problem's history, numbered within it. */
export interface ProblemEventsTable {
  id: string;
  problem_id: string;
  position: number;
  /** reported, answered, seat-moved, new-key, resolved, reopened */
  kind: string;
  text: string;
  /** The admin's email, or "shopper". */
  who: string;
  at: string;
}

/** A coupon (0024-growth-tools, ADR 0108); days are the shop's, `targets` a JSON list. */
export interface CouponsTable {
  id: string;
  code: string;
  kind: string;
  amount: number;
  scope: string;
  targets: string;
  min_total: number;
  starts_on: string | null;
  ends_on: string | null;
  max_uses: number | null;
  max_uses_per_phone: number | null;
  /** Raised by checkout in the order's transaction, only while under max_uses. */
  uses: Generated<number>;
  enabled: Generated<number>;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

/** One order's use of a coupon. */
export interface CouponUsesTable {
  order_id: string;
  coupon_id: string;
  phone_key: string | null;
  discount: number;
  created_at: string;
}

/** A customer's referral code, one per normalised phone. */
export interface ReferralCodesTable {
  phone: string;
  code: string;
  created_at: string;
}

/** A credit earned by `phone` when the order it referred was paid; one per referred order. */
export interface ReferralCreditsTable {
  order_id: string;
  phone: string;
  amount: number;
  created_at: string;
}

/** A phone the seller does not take orders from (normalised). */
export interface BlockedPhonesTable {
  phone: string;
  reason: Generated<string>;
  created_at: string;
}

/** A checkout a blocked phone tried. */
export interface BlockedAttemptsTable {
  id: string;
  phone: string;
  channel: string;
  total: number;
  created_at: string;
}

/** A replaced password or PIN, sealed as it was, kept 7 days for the reveal log (0025, ADR 0109). */
export interface PreviousSecretsTable {
  id: string;
  account_id: string;
  /** The seat whose PIN it was; null for the account's password. */
  seat_id: string | null;
  what: string;
  secret: string;
  replaced_at: string;
  replaced_by: string;
  delete_after: string;
}

/** A seat holder to tell of new credentials (0025, ADR 0109): "password", "pin" or "moved". */
export interface HolderNoticesTable {
  id: string;
  account_id: string;
  line_id: string;
  reason: string;
  created_at: string;
  told_at: string | null;
  told_by: string | null;
}

/** The seller's Telegram bot (0022-telegram-bot): one row, its token sealed with the shop's secrets key. */
export interface TelegramBotTable {
  id: string;
  token_sealed: string;
  bot_user_id: string;
  username: string;
  name: string;
  /** Sent by Telegram with every webhook call (X-Telegram-Bot-Api-Secret-Token). */
  webhook_secret: string;
  /** The webhook Telegram was last told, or null while the bot polls. */
  webhook_url: string | null;
  /** The last update the poller handled; the next poller starts after it. */
  last_update_id: Generated<string | number>;
  updated_at: string;
}

/** A chat the bot talks to: an admin's ("admin") or a shopper's ("shopper", ADR 0107: nothing kept but its id). */
export interface TelegramChatsTable {
  id: string;
  chat_id: string;
  /** The Telegram user who connected it; only they may press its buttons. */
  user_id: string;
  title: string;
  role: string;
  admin_id: string | null;
  language: Generated<string>;
  /** "HH:MM" in the shop's time, or null: no quiet hours. */
  quiet_start: string | null;
  quiet_end: string | null;
  /** "HH:MM": one digest a day at that time instead of single messages; null: single messages. */
  digest_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A one-time code that ties the chat it is sent from to an admin; only its hash is kept. */
export interface TelegramLinksTable {
  code_hash: string;
  role: string;
  admin_id: string | null;
  /** A shopper's token (0023-shopper-updates): the order it ties a chat to. */
  order_id: string | null;
  /** Or the customer (normalised phone) it ties a chat to, made on their customer link's page (0027-follows-need-proof). */
  phone: string | null;
  expires_at: string;
  created_at: string;
}

/** What a shopper's chat hears about (0023-shopper-updates): an order, or every order of a phone. */
export interface TelegramFollowsTable {
  id: string;
  chat_id: string;
  order_id: string | null;
  phone: string | null;
  created_at: string;
}

/** The outbox: one notice for one chat (0022-telegram-bot). */
export interface NoticesTable {
  id: string;
  chat_id: string;
  kind: string;
  /** JSON: the facts the message is written from. */
  payload: string;
  dedupe: string | null;
  status: string;
  attempts: Generated<number>;
  next_try_at: string;
  claim: string | null;
  claimed_until: string | null;
  message_id: string | null;
  /** 1: sent as a line of a digest (its message_id is the digest's). */
  digest: Generated<number>;
  error: Generated<string>;
  created_at: string;
  sent_at: string | null;
}

/** A button of a notice that was pressed, by whom: it acts once. */
export interface NoticePressesTable {
  notice_id: string;
  action: string;
  admin_name: string;
  at: string;
}
