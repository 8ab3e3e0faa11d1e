/** How a shopper can pay the shop: the wallets and banks used in Nepal. */

export const PAYMENT_KINDS = ["esewa", "khalti", "fonepay", "bank", "other"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const PAYMENT_KIND_LABELS: Record<PaymentKind, string> = {
  esewa: "eSewa",
  khalti: "Khalti",
  fonepay: "Fonepay",
  bank: "Bank transfer",
  other: "Other",
};

/** One way to pay, as the order page shows it. */
export type PaymentMethod = {
  _id: string;
  kind: PaymentKind;
  name: string;
  /** The wallet id (often a phone number) or the bank account number. */
  account: string;
  holder: string;
  /** An uploaded image's URL, or "". */
  qrImage: string;
  note: string;
  /** The note in Nepali, or null: Nepali order pages show the English then. */
  noteNe: string | null;
  enabled: boolean;
  position: number;
  /** The number of its last change, to send back with an edit (ADR 0017). */
  version: number;
};
