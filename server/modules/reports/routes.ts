import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema } from "../../../domain/common";
import {
  accountProfitSchema,
  customerMonthSchema,
  dashboardMoneySchema,
  moneyMonthSchema,
  monthQuerySchema,
  renewalMonthSchema,
  serviceMoneySchema,
} from "../../../domain/reports";
import type { Services } from "../../services";
import { spreadsheetPhone } from "../../../domain/customers";
import { csvHeaders, toCsv } from "../csv";

const ok = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), ...shape });
const failures = { 400: errorResponseSchema };

export const reportsRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "reports"> }> = async (app, { services }) => {
  const { reports } = services;

  app.get(
    "/admin/reports/dashboard",
    {
      schema: {
        tags: ["reports"],
        summary: "This month's and last month's revenue, cost and margin (NPR), orders waiting for payment and unconfirmed paid claims",
        response: { 200: ok({ figures: dashboardMoneySchema }) },
      },
    },
    async () => ({ success: true as const, figures: await reports.dashboard() }),
  );

  app.get(
    "/admin/reports/accounts",
    {
      schema: {
        tags: ["reports"],
        summary:
          "Profit per provider account: its holders' revenue (each line's total spread over its days, on the days its seat held it) against its cost (the periods paid so far), over its life and per month since it was added (at most 12), with the seats filled; `losing` marks one that cost more than it brought",
        response: { 200: ok({ accounts: z.array(accountProfitSchema) }) },
      },
    },
    async () => ({ success: true as const, accounts: await reports.accountProfits() }),
  );

  app.get(
    "/admin/reports/money",
    {
      schema: {
        tags: ["reports"],
        summary: "Revenue, cost and margin by month for the last 12 months (shop time), oldest first",
        response: { 200: ok({ months: z.array(moneyMonthSchema) }) },
      },
    },
    async () => ({ success: true as const, months: await reports.money() }),
  );

  app.get(
    "/admin/reports/services",
    {
      schema: {
        tags: ["reports"],
        summary: "Revenue, cost and margin by service for `month` (YYYY-MM, this month by default): the top 10 by revenue and Other",
        querystring: monthQuerySchema,
        response: { 200: ok({ month: z.string(), services: z.array(serviceMoneySchema) }), ...failures },
      },
    },
    async (request) => {
      const month = request.query.month ?? reports.thisMonth();
      return { success: true as const, month, services: await reports.topServices(month) };
    },
  );

  app.get(
    "/admin/reports/customers",
    {
      schema: {
        tags: ["reports"],
        summary: "Customers with a delivered order by month for the last 12 months: new (their first) and returning",
        response: { 200: ok({ months: z.array(customerMonthSchema) }) },
      },
    },
    async () => ({ success: true as const, months: await reports.customers() }),
  );

  app.get(
    "/admin/reports/renewals",
    {
      schema: {
        tags: ["reports"],
        summary: "Renewal rate by month for the last 12 months: delivered lines that ended, and how many were renewed",
        response: { 200: ok({ months: z.array(renewalMonthSchema) }) },
      },
    },
    async () => ({ success: true as const, months: await reports.renewals() }),
  );

  app.get(
    "/admin/reports/orders.csv",
    {
      schema: {
        tags: ["reports"],
        summary: "Orders with their lines as CSV, one row a line, newest first; only those created in `month` when given",
        produces: ["text/csv"],
        querystring: monthQuerySchema,
        response: { 200: z.string(), ...failures },
      },
    },
    async (request, reply) => {
      const rows = await reports.orderLines(request.query.month);
      const csv = toCsv(
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
          "line",
          "item",
          "months",
          "devices",
          "unit_price_npr",
          "line_total_npr",
          "start_date",
          "expiry_date",
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
          r.position + 1,
          r.name,
          r.months,
          r.devices,
          r.unitPrice,
          r.lineTotal,
          r.startDate,
          r.expiryDate,
        ]),
      );
      const name = request.query.month ? `orders-${request.query.month}.csv` : "orders.csv";
      return reply.headers(csvHeaders(name)).send(csv);
    },
  );

  app.get(
    "/admin/reports/services.csv",
    {
      schema: {
        tags: ["reports"],
        summary: "Every service's revenue, cost and margin (NPR) for `month` (this month by default) as CSV",
        produces: ["text/csv"],
        querystring: monthQuerySchema,
        response: { 200: z.string(), ...failures },
      },
    },
    async (request, reply) => {
      const month = request.query.month ?? reports.thisMonth();
      const rows = await reports.services(month);
      const csv = toCsv(
        ["month", "service", "revenue_npr", "cost_npr", "margin_npr"],
        rows.map((r) => [month, r.service, r.revenue, r.cost, r.margin]),
      );
      return reply.headers(csvHeaders(`services-${month}.csv`)).send(csv);
    },
  );
};
