import { SHOP_TIME_ZONE } from "../../../domain/shared/shop-time";

/** A stored ISO instant as the shop reads it: Nepal time, the same on the server and in the browser. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: SHOP_TIME_ZONE });
}

/** A wait from a Retry-After header (seconds) as a person says it: "a minute", "59 minutes", "2 hours". */
export function formatWait(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 60) return "a minute";
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return `${hours} hours`;
}
