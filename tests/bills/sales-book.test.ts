import { describe, expect, it } from "vitest";
import { bsMonthOf } from "../../domain/shared/bikram-sambat-dates";
import { shopToday } from "../../domain/shared/shop-time";
import { asTestAdmin, createTestApp, type TestApp } from "../helpers/app";

// Admin → Bills (issue 47, ADR 0131): a Bikram Sambat month's sales book, its totals beside the money report's, and
// its CSV free of formula cells.

let nextAddress = 1;
async function order(t: TestApp, name: string, phone: string, months = 1) {
  const { allPrices } = (await t.app.inject({ method: "GET", url: "/api/prices" })).json();
  const netflix = allPrices.find((item: { Name: string }) => item.Name === "Netflix Premium")._id;
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { items: [{ _id: netflix, months, devices: 1 }], channel: "whatsapp", name, phone },
    remoteAddress: `198.51.100.${nextAddress++ % 250}`,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().reference as string;
}
const status = (t: TestApp, reference: string, to: string) => asTestAdmin(t, "POST", `/api/admin/orders/${reference}/status`, { status: to });

describe("the sales book (issue 47)", () => {
  it("lists the month's bills and credit notes, totals them, and agrees with the money report over the same days", async () => {
    const t = await createTestApp({ seed: true });
    const legal = {
      registeredName: "Pasal",
      address: "Kathmandu",
      pan: "609876543",
      vatRegistered: true,
      complaintOfficer: "Sita",
      complaintPhone: "9801234567",
    };
    expect((await asTestAdmin(t, "PUT", "/api/admin/settings/legal", legal)).statusCode).toBe(200);
    const delivered = await order(t, '=HYPERLINK("x")', "9800000001", 3);
    const refunded = await order(t, "Ram", "9800000002", 3);
    const waiting = await order(t, "Hari", "9800000003");
    const cancelled = await order(t, "Gita", "9800000004");
    for (const reference of [delivered, refunded]) expect((await status(t, reference, "delivered")).statusCode).toBe(200);
    for (const reference of [waiting, cancelled]) expect((await status(t, reference, "paid")).statusCode).toBe(200);
    expect((await status(t, cancelled, "cancelled")).statusCode).toBe(200);
    const { order: stored } = (await asTestAdmin(t, "GET", `/api/admin/orders/${refunded}`)).json();
    const refund = await asTestAdmin(t, "POST", `/api/admin/orders/${refunded}/lines/${stored.lines[0].id}/refund`, { to: "credit" });
    expect(refund.statusCode, refund.body).toBe(200);

    const answer = await asTestAdmin(t, "GET", "/api/admin/sales-book");
    expect(answer.statusCode, answer.body).toBe(200);
    const book = answer.json();
    expect(book.month.key).toBe(bsMonthOf(shopToday(new Date())).key);
    expect(book.rows.map((row: { kind: string; orderReference: string }) => [row.kind, row.orderReference])).toEqual([
      ["bill", delivered],
      ["bill", refunded],
      ["bill", waiting],
      ["bill", cancelled],
      ["credit-note", cancelled],
      ["credit-note", refunded],
    ]);
    const sum = (key: "totalPaisa" | "taxablePaisa" | "vatPaisa") =>
      book.rows.reduce((total: number, row: Record<string, number>) => total + (row[key] ?? 0), 0);
    expect(book.totals).toEqual({ totalPaisa: sum("totalPaisa"), exemptPaisa: 0, taxablePaisa: sum("taxablePaisa"), vatPaisa: sum("vatPaisa") });
    expect(book.totals.taxablePaisa + book.totals.vatPaisa).toBe(book.totals.totalPaisa);

    // The money report's month holds the delivered orders, less the refund: the book's delivered bills less the refund's note.
    const money = (await asTestAdmin(t, "GET", "/api/admin/reports/money")).json();
    const thisMonth = money.months.at(-1);
    expect(book.agreement.reportRevenuePaisa).toBe(thisMonth.revenue * 100);
    expect(book.agreement.reportRefundsPaisa).toBe(thisMonth.refunds * 100);
    expect(book.agreement.refundNotesPaisa).toBe(refund.json().amount * 100);
    expect(book.agreement.awaitingDeliveryPaisa).toBeGreaterThan(0);
    expect(book.agreement.cancelledPaisa).toBe(0);
    expect(book.agreement.differencePaisa).toBe(0);

    // A search finds a bill in any month by the buyer's phone, the order's reference or a number.
    const byPhone = (await asTestAdmin(t, "GET", "/api/admin/sales-book?q=980-0000003")).json();
    expect(byPhone.rows.map((row: { orderReference: string }) => row.orderReference)).toEqual([waiting]);
    expect(byPhone.agreement).toBeNull();
    expect((await asTestAdmin(t, "GET", `/api/admin/sales-book?q=${refunded}`)).json().rows).toHaveLength(2);
    expect((await asTestAdmin(t, "GET", "/api/admin/sales-book?month=2083-13")).statusCode).toBe(400);

    const csv = await asTestAdmin(t, "GET", `/api/admin/sales-book.csv?month=${book.month.key}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toBe(`attachment; filename="sales-book-${book.month.key}.csv"`);
    const lines = csv.body.trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^Date \(मिति\),Invoice no\. \(बीजक नम्बर\),/);
    expect(lines).toHaveLength(1 + 6 + 1);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines.at(-1)).toContain(String(book.totals.totalPaisa / 100));
    for (const line of lines.slice(1)) expect(line).not.toMatch(/(^|,)"?[=+@]/);
  });
});
