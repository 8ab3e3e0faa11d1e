import type { Locale } from "../../../domain/shared/locale";
import { formatNumber } from "../../../domain/shared/locale-format";

/** Prices in the cart carry a rupee sign; Nepal writes it 'Rs.' in English and 'रु.' in Nepali. */
export const rupees = (amount: number, locale: Locale = "en") => `${locale === "ne" ? "रु." : "Rs."} ${formatNumber(amount, locale)}`;
