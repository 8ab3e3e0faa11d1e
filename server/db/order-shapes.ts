import type { Db } from "./database";

/**
 * The select shapes and joins several modules share over orders and their lines (ADR 0123): a module that lists
 * lines or holders names them from here, not from another module's repository. Aliases: `o` the order, `l` its
 * line, `a` a seat's holding.
 */

/** A line's plan and dates, as the lists of lines (renewals due, a customer's running lines) select them. */
export const LINE_PLAN = [
  "l.item_id as itemId",
  "l.name",
  "l.months",
  "l.devices",
  "l.start_date as startDate",
  "l.expiry_date as expiryDate",
] as const;

/** The order a row belongs to, as the seller names it and reaches its customer (orders joined `as o`). */
export const ORDER_CONTACT = ["o.reference", "o.customer_name as customerName", "o.phone"] as const;

/** Order lines (`l`) with their order (`o`). */
export const linesWithOrders = (db: Db) => db.selectFrom("order_lines as l").innerJoin("orders as o", "o.id", "l.order_id");

/** Seat holdings (`a`) with the line that holds the seat (`l`) and its order (`o`). */
export const holdingsWithOrders = (db: Db) =>
  db.selectFrom("seat_assignments as a").innerJoin("order_lines as l", "l.id", "a.line_id").innerJoin("orders as o", "o.id", "l.order_id");
