/**
 * What an admin write tells the admin, whichever way it came: the words of the screen's toast and the API's
 * `message`, and what was written for the caller to answer with (ADR 0124). The service function returns it;
 * the route and the screen's action only pass it on.
 */
export type AdminAnswer<T = undefined> = { message: string; data: T };

/** An admin write's answer: `said("Coupon X saved", coupon)`, or `said("Seat freed")` for a write that sends nothing back. */
export function said(message: string): AdminAnswer;
export function said<T>(message: string, data: T): AdminAnswer<T>;
export function said<T>(message: string, data?: T): AdminAnswer<T | undefined> {
  return { message, data };
}
