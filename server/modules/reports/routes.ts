import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  accountProfitSchema,
  customerMonthSchema,
  dashboardMoneySchema,
  moneyMonthSchema,
  monthQuerySchema,
  renewalMonthSchema,
  serviceMoneySchema,
} from "../../../domain/reports/schemas";
import type { Services } from "../../services";
import { spreadsheetPhone } from "../../../domain/customers/customers";
import { tagRoutes } from "../../http/conventions";
import { sendCsv } from "../csv";

const ok = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), ...shape });
/** What both CSV downloads take and send: an optional `month`, and the file. */
const monthCsv = { produces: ["text/csv"], querystring: monthQuerySchema, response: { 200: z.string() } };

export const reportsRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "reports"> }> = async (app, { services }) => {
  tagRoutes(app, "reports");
  const { reports } = services;

  /** One of the charts' series: a row a month for the last 12 months, answered as `months`. */
  function monthlySeries<Month extends z.ZodType>(path: string, summary: string, month: Month, read: () => Promise<Array<z.input<Month>>>) {
    app.get(`/admin/reports/${path}`, { schema: { summary, response: { 200: ok({ months: z.array(month) }) } } }, async () => ({
      success: true as const,
      months: await read(),
    }));
  }

  app.get(
    "/admin/reports/dashboard",
    {
      schema: {
        summary:
          "This month's and last month's revenue, cost and margin (NPR), orders waiting for payment and unconfirmed paid claims, and what is owed to customers as store credit",
        response: { 200: ok({ figures: dashboardMoneySchema }) },
      },
    },
    async () => ({ success: true as const, figures: await reports.dashboard() }),
  );

  app.get(
    "/admin/reports/accounts",
    {
      schema: {
        summary:
          "Profit per provider account: its holders' revenue (each line's total spread over its days, on the days its seat held it) against its cost (the periods paid so far), over its life and per month since it was added (at most 12), with the seats filled; `losing` marks one that cost more than it brought",
        response: { 200: ok({ accounts: z.array(accountProfitSchema) }) },
      },
    },
    async () => ({ success: true as const, accounts: await reports.accountProfits() }),
  );

  monthlySeries("money", "Revenue, cost and margin by month for the last 12 months (shop time), oldest first", moneyMonthSchema, reports.money);
  monthlySeries(
    "customers",
    "Customers with a delivered order by month for the last 12 months: new (their first) and returning",
    customerMonthSchema,
    reports.customers,
  );
  monthlySeries(
    "renewals",
    "Renewal rate by month for the last 12 months: delivered lines that ended, and how many were renewed",
    renewalMonthSchema,
    reports.renewals,
  );

  app.get(
    "/admin/reports/services",
    {
      schema: {
        summary: "Revenue, cost and margin by service for `month` (YYYY-MM, this month by default): the top 10 by revenue and Other",
        querystring: monthQuerySchema,
        response: { 200: ok({ month: z.string(), services: z.array(serviceMoneySchema) }) },
      },
    },
    async (request) => {
      const month = request.query.month ?? reports.thisMonth();
      return { success: true as const, month, services: await reports.topServices(month) };
    },
  );

  app.get(
    "/admin/reports/orders.csv",
    { schema: { summary: "Orders with their lines as CSV, one row a line, newest first; only those created in `month` when given", ...monthCsv } },
    async (request, reply) => {
      const { month } = request.query;
      const rows = await reports.orderLines(month);
      return sendCsv(
        reply,
        month ? `orders-${month}.csv` : "orders.csv",
        [
          "reference",
          "created_at",
          "status",
          "paid_at",
          "delivered_at",
          "channel",
          "customer_name",
          "phone",
          "order_total_npr",
          "paid_from_credit_npr",
          "line",
          "item",
          "months",
          "devices",
          "unit_price_npr",
          "line_total_npr",
          "start_date",
          "expiry_date",
          "line_refunded_npr",
        ],
        rows.map((r) => [
          r.reference,
          r.createdAt,
          r.status,
          r.paidAt,
          r.deliveredAt,
          r.channel,
          r.customerName,
          r.phone === null ? null : spreadsheetPhone(r.phone),
          r.total,
          r.balancePaid,
          r.position + 1,
          r.name,
          r.months,
          r.devices,
          r.unitPrice,
          r.lineTotal,
          r.startDate,
          r.expiryDate,
          r.refunded,
        ]),
      );
    },
  );

  app.get(
    "/admin/reports/services.csv",
    { schema: { summary: "Every service's revenue, cost and margin (NPR) for `month` (this month by default) as CSV", ...monthCsv } },
    async (request, reply) => {
      const month = request.query.month ?? reports.thisMonth();
      const rows = await reports.services(month);
      return sendCsv(
        reply,
        `services-${month}.csv`,
        ["month", "service", "revenue_npr", "cost_npr", "margin_npr"],
        rows.map((r) => [month, r.service, r.revenue, r.cost, r.margin]),
      );
    },
  );
};
