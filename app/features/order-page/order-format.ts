import { SHOP_TIME_ZONE } from "../../../domain/shop-time";

const timeFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
const dayFormat = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" });

/** An ISO time as the shop's customers read it: in Nepal time, "25 Nov 2026, 11:45". */
export const shopTime = (iso: string) => timeFormat.format(new Date(iso));
/** A YYYY-MM-DD date: "1 Dec 2026". */
export const shopDate = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

export function daysLeftLabel(daysLeft: number): string {
  if (daysLeft > 1) return `${daysLeft} days left`;
  if (daysLeft === 1) return "1 day left";
  if (daysLeft === 0) return "Ends today";
  return `Ended ${-daysLeft} ${daysLeft === -1 ? "day" : "days"} ago`;
}
