import { describe, expect, it } from "vitest";
import {
  canRenew,
  MY_ORDERS_MAX,
  orderPath,
  orderSteps,
  readRememberedOrders,
  type RememberedOrder,
  rememberOrder,
  wantsOnlinePayment,
} from "./order-page";

const key = "abcdefghijklmnopqrstuvwx";

describe("the order page", () => {
  it("offers a gateway only to an order awaiting payment with something left to pay", () => {
    expect(wantsOnlinePayment({ status: "new", total: 300 })).toBe(true);
    expect(wantsOnlinePayment({ status: "contacted", total: 1 })).toBe(true);
    expect(wantsOnlinePayment({ status: "new", total: 0 })).toBe(false);
    expect(wantsOnlinePayment({ status: "paid", total: 300 })).toBe(false);
  });

  it("lives at /order/<reference>?key=<key>", () => {
    expect(orderPath("PSL-7K2QX", key)).toBe(`/order/PSL-7K2QX?key=${key}`);
  });

  it("shows the steps taken and those still to come, or the steps taken and then the cancellation", () => {
    const times = { createdAt: "t0", contactedAt: null, paidAt: null, deliveredAt: null, cancelledAt: null };
    expect(orderSteps({ ...times, status: "new" })).toEqual([
      { status: "new", at: "t0" },
      { status: "contacted", at: null },
      { status: "paid", at: null },
      { status: "delivered", at: null },
    ]);
    // Paid before anyone wrote: "contacted" was skipped, not "not yet".
    expect(orderSteps({ ...times, paidAt: "t2", status: "paid" })).toEqual([
      { status: "new", at: "t0" },
      { status: "paid", at: "t2" },
      { status: "delivered", at: null },
    ]);
    expect(orderSteps({ ...times, deliveredAt: "t3", status: "delivered" })).toEqual([
      { status: "new", at: "t0" },
      { status: "delivered", at: "t3" },
    ]);
    expect(orderSteps({ ...times, paidAt: "t2", status: "cancelled", cancelledAt: "t9" })).toEqual([
      { status: "new", at: "t0" },
      { status: "paid", at: "t2" },
      { status: "cancelled", at: "t9" },
    ]);
    expect(orderSteps({ ...times, status: "cancelled", cancelledAt: "t9" })).toEqual([
      { status: "new", at: "t0" },
      { status: "cancelled", at: "t9" },
    ]);
  });

  it("offers renewal from 7 days before the end, and after it, unless renewed", () => {
    expect(canRenew(8, null)).toBe(false);
    expect(canRenew(7, null)).toBe(true);
    expect(canRenew(-30, null)).toBe(true);
    expect(canRenew(3, "PSL-22222")).toBe(false);
    expect(canRenew(null, null)).toBe(false);
  });
});

describe("my orders", () => {
  const order = (n: number): RememberedOrder => ({ reference: `PSL-${String(n).padStart(5, "2")}`, key, placedAt: `2026-11-${n}` });

  it("keeps the newest first, once each, and at most 50", () => {
    let list: RememberedOrder[] = [];
    for (let n = 0; n < 60; n++) list = rememberOrder(list, order(n));
    expect(list).toHaveLength(MY_ORDERS_MAX);
    expect(list[0]).toEqual(order(59));
    list = rememberOrder(list, order(40));
    expect(list[0]).toEqual(order(40));
    expect(list.filter((entry) => entry.reference === order(40).reference)).toHaveLength(1);
  });

  it("reads only well-formed entries from storage", () => {
    expect(readRememberedOrders(null)).toEqual([]);
    expect(readRememberedOrders("{not json")).toEqual([]);
    expect(readRememberedOrders('{"a":1}')).toEqual([]);
    const good = order(1);
    expect(readRememberedOrders(JSON.stringify([good, { ...good, key: "short" }, null, 5, { reference: 1 }]))).toEqual([good]);
  });
});
