import { z } from "zod";
import { nepaliText, optionalText, requiredText, wholeNumber } from "../shared/schemas";

/** A web address a shopper may follow: http(s) only, so a stored `javascript:` link can never run. */
function webAddress(label: string) {
  return requiredText(label, 2000).pipe(
    z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: `${label} must be a web address starting with https://` }),
  );
}

/** The shop's contact details (used by the storefront and by checkout) and the figures the About page shows. */
export const shopSettingsSchema = z.object({
  shopName: requiredText("Shop name", 80),
  whatsappNumber: z
    .string({ error: "WhatsApp number is required" })
    .trim()
    .regex(/^\d{8,15}$/, "WhatsApp number: digits only, with country code (e.g. 9779800000000)"),
  telegramUsername: z
    .string({ error: "Telegram username is required" })
    .trim()
    .regex(/^[A-Za-z0-9_]{5,32}$/, "Telegram username: 5-32 letters, digits or _"),
  supportPhone: requiredText("Support phone", 30),
  email: z
    .string({ error: "Enter a valid email address" })
    .trim()
    .max(254, "Enter a valid email address")
    .pipe(z.email("Enter a valid email address")),
  facebookUrl: webAddress("Facebook page"),
  whatsappChannelUrl: webAddress("WhatsApp channel"),
  telegramChannelUrl: webAddress("Telegram channel"),
  customerCount: wholeNumber("Customer count", 0, 100_000_000),
  yearsInService: wholeNumber("Years in service", 0, 200),
  rating: z.number({ error: "Rating must be a number" }).min(0, "Rating must be between 0 and 5").max(5, "Rating must be between 0 and 5"),
  supportHours: wholeNumber("Support hours", 1, 24),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

/*
 * The shop's legal details (issue 47, ADR 0129): what Nepal's E-Commerce Act 2081 asks an online seller to show on its
 * site, and what its bills carry (docs/research/nepal-bills.md §1, §10). None until the seller saves them.
 */

/** A PAN (स्थायी लेखा नम्बर) is nine digits. */
export const PAN_PATTERN = /^\d{9}$/;

export const legalDetailsSchema = z.object({
  registeredName: requiredText("Registered name", 120),
  registeredNameNe: nepaliText("Registered name in Nepali", 120),
  address: requiredText("Address", 200),
  addressNe: nepaliText("Address in Nepali", 200),
  pan: z
    .string({ error: "PAN is required" })
    .trim()
    .transform((pan) => pan.replace(/[\s-]/g, ""))
    .refine((pan) => PAN_PATTERN.test(pan), "PAN is the 9 digits on the PAN certificate"),
  vatRegistered: z.boolean({ error: "Say whether the shop is registered for VAT" }),
  /** The registration under the E-Commerce Act; empty until the shop has one. */
  ecommerceRegistration: optionalText("E-Commerce registration number", 60),
  complaintOfficer: requiredText("Complaint officer's name", 80),
  complaintPhone: requiredText("Complaint officer's phone", 30),
  complaintEmail: z
    .string({ error: "Enter a valid email address" })
    .trim()
    .max(254, "Enter a valid email address")
    .pipe(z.union([z.literal(""), z.email("Enter a valid email address, or leave it empty")]))
    .optional()
    .default(""),
});
export type LegalDetails = z.output<typeof legalDetailsSchema>;
