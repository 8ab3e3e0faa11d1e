const nprFormat = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });

/** 3200 → "3,200" (Indian digit grouping, as prices are written in Nepal). */
export function formatNpr(amount: number): string {
  return nprFormat.format(amount);
}

const DEVANAGARI_ZERO = 0x0966;
/** Whole digits, grouped with commas the Nepali way (1,50,000) or the Western way (150,000), or not at all. */
const GROUPED_WHOLE_NUMBER = /^(?:\d+|\d{1,3}(?:,\d{2,3})*,\d{3})$/;

/**
 * A whole number as a person in Nepal may type it: "1500", "1,500", "1,50,000" or in Devanagari digits
 * ("१,५००"); null for anything else (decimals, signs, stray commas such as "1,5").
 */
export function readWholeNumber(text: string): number | null {
  const digits = text.trim().replace(/[०-९]/g, (digit) => String(digit.charCodeAt(0) - DEVANAGARI_ZERO));
  return GROUPED_WHOLE_NUMBER.test(digits) ? Number(digits.replaceAll(",", "")) : null;
}
