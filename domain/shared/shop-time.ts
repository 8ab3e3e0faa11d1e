/** Dates are those of the shop and its customers, in Nepal, whatever time zone the server or browser runs in. */

export const SHOP_TIME_ZONE = "Asia/Kathmandu";

const shopDay = new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** Today's date where the shop is, as 'YYYY-MM-DD', so "expires today" means the seller's today. */
export function shopToday(now: Date): string {
  return shopDay.format(now);
}
