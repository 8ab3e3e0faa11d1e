import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { billDocument } from "../../../domain/bills/bill-document";
import { billVerifyPath } from "../../../domain/bills/bills";
import { billSchema, billsBookSchema, billsQuerySchema, bsMonthSchema, creditNoteSchema, type BillsBook } from "../../../domain/bills/schemas";
import { bookAgreement, bookTotals, bsMonthDays, SALES_BOOK_COLUMNS } from "../../../domain/bills/sales-book";
import { bsMonthOf } from "../../../domain/shared/bikram-sambat-dates";
import { sendCsv } from "../csv";
import { LOCALES } from "../../../domain/shared/locale";
import { billImage } from "./bill-image";
import type { Services } from "../../services";
import { failures } from "../../http/answers";
import { tagRoutes } from "../../http/conventions";

const referenceParams = z.object({ reference: z.string().trim().min(1).max(20) });

/** Bills (ADR 0130, 0131): an order's bill and its credit notes, and the monthly sales book. Admin only. */
export const billsRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "bills" | "reports"> }> = async (app, { services }) => {
  tagRoutes(app, "orders");
  const { bills, reports } = services;

  /** A month's book (this month's unless asked), with its totals and the money report beside it; or a search's rows. */
  async function bookOf(month: string | undefined, search: string): Promise<BillsBook> {
    const current = month ?? bills.thisMonth();
    const [rows, months] = await Promise.all([bills.book(current, search), bills.months()]);
    const { from, to } = bsMonthDays(current);
    return {
      success: true as const,
      month: months.find((known) => known.key === current) ?? bsMonthOf(from),
      months,
      search,
      rows,
      totals: bookTotals(rows),
      agreement: search ? null : bookAgreement(rows, await reports.moneyBetween(from, to)),
    };
  }

  app.get(
    "/admin/sales-book",
    {
      schema: {
        summary:
          "A Bikram Sambat month's bills and credit notes (this month's by default), or any month's that match a search, with the totals and the money report beside them",
        querystring: billsQuerySchema,
        response: { 200: billsBookSchema },
      },
    },
    async (request) => bookOf(request.query.month, request.query.q),
  );

  app.get(
    "/admin/sales-book.csv",
    {
      schema: {
        summary: "A Bikram Sambat month's sales book (बिक्री खाता) as CSV: its bills, its credit notes as negative rows, and a totals row",
        produces: ["text/csv"],
        querystring: z.object({ month: bsMonthSchema }),
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const { rows, totals } = await bookOf(request.query.month, "");
      const totalRow = SALES_BOOK_COLUMNS.map((column, index) => {
        if (index === 0) return "Total";
        const amounts: Record<string, number> = {
          "Total sales": totals.totalPaisa,
          "Exempt or non-taxable sales": totals.exemptPaisa,
          "Taxable sales": totals.taxablePaisa,
          VAT: totals.vatPaisa,
        };
        return column.en in amounts ? amounts[column.en]! / 100 : null;
      });
      return sendCsv(
        reply,
        `sales-book-${request.query.month}.csv`,
        SALES_BOOK_COLUMNS.map((column) => `${column.en} (${column.ne})`),
        [...rows.map((row) => SALES_BOOK_COLUMNS.map((column) => column.cell(row))), totalRow],
      );
    },
  );

  app.get(
    "/admin/orders/:reference/bill",
    {
      schema: {
        summary: "The order's bill (issued when it became paid; null before) and the credit notes of its cancellation or refunds",
        params: referenceParams,
        response: {
          200: z.object({ success: z.literal(true), bill: billSchema.nullable(), creditNotes: z.array(creditNoteSchema) }),
          ...failures(404),
        },
      },
    },
    async (request) => ({ success: true as const, ...(await bills.ofOrder(request.params.reference)) }),
  );
};

const imageQuery = z.object({
  key: z.string().max(100).optional().default(""),
  lang: z.enum(LOCALES).optional(),
  download: z.literal("1").optional(),
});

/**
 * The bill's picture for a chat (ADR 0131), outside /api as a link a shopper forwards: its key as the bill's page
 * takes it, in the bill's language or `lang`, kept by no cache, saved as a file with `download=1`.
 */
export const billImageRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "bills">; publicUrl: string | undefined }> = async (
  app,
  { services, publicUrl },
) => {
  app.get(
    "/bill/:number/image.png",
    { schema: { hide: true, params: z.object({ number: z.string().max(40) }), querystring: imageQuery } },
    async (request, reply) => {
      const { key, lang, download } = request.query;
      const { bill, language } = await services.bills.forShopper(request.params.number, key, request.ip, lang ?? "en");
      const locale = lang ?? language;
      const origin = publicUrl ?? `${request.protocol}://${request.host}`;
      const png = await billImage(billDocument(bill, locale), `${origin}${billVerifyPath(bill.number, bill.verificationCode, locale)}`);
      return reply
        .type("image/png")
        .header("cache-control", "no-store")
        .header("referrer-policy", "no-referrer")
        .header("x-robots-tag", "noindex")
        .header("content-disposition", `${download ? "attachment" : "inline"}; filename="bill-${bill.number}.png"`)
        .send(png);
    },
  );
};
