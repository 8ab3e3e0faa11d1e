import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema } from "../../../domain/shared/schemas";
import { customerDetailsInputSchema, customerListQuerySchema, customerPageSchema, customerSchema } from "../../../domain/customers/schemas";
import { spreadsheetPhone } from "../../../domain/customers/customers";
import type { Services } from "../../services";
import { sendCsv } from "../csv";
import { expectedVersion, replacingAtVersion } from "../versions";
import { tagRoutes } from "../../http/conventions";

export const CUSTOMERS_CSV_FILENAME = "customers.csv";
const phoneParams = z.object({ phone: z.string().trim().min(1, "Give the customer's phone").max(30, "A phone has at most 30 characters") });
const customerAnswer = z.object({ success: z.literal(true), message: z.string(), customer: customerSchema });

export const customersRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "customers"> }> = async (app, { services }) => {
  tagRoutes(app, "customers");
  const { customers } = services;

  app.get(
    "/admin/customers",
    {
      schema: {
        summary: "Customers (one per normalised phone on orders) with their figures; search by name or phone, sort by a column, a page at a time",
        querystring: customerListQuerySchema,
        response: { 200: customerPageSchema.extend({ success: z.literal(true) }) },
      },
    },
    async (request) => ({ success: true as const, ...(await customers.list(request.query)) }),
  );

  app.get(
    "/admin/customers.csv",
    {
      schema: {
        summary: "Every customer as a CSV download, latest order first; amounts in whole NPR, dates ISO",
        produces: ["text/csv"],
        response: { 200: z.string() },
      },
    },
    async (_request, reply) => {
      const rows = await customers.all();
      return sendCsv(
        reply,
        CUSTOMERS_CSV_FILENAME,
        ["phone", "name", "first_order_at", "last_order_at", "orders_delivered", "total_spent_npr", "active_subscriptions", "next_expiry", "note"],
        rows.map((c) => [
          spreadsheetPhone(c.phone),
          c.name,
          c.firstOrderAt,
          c.lastOrderAt,
          c.ordersDelivered,
          c.totalSpent,
          c.activeSubscriptions,
          c.nextExpiry,
          c.note,
        ]),
      );
    },
  );

  app.get(
    "/admin/customers/:phone",
    {
      schema: {
        summary: "One customer by phone (any way of writing it): orders, seats and keys held now, renewals due, the admin's name and note",
        params: phoneParams,
        response: { 200: customerAnswer, 404: errorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, message: "Customer found", customer: await customers.get(request.params.phone) }),
  );

  app.put(
    "/admin/customers/:phone",
    {
      schema: replacingAtVersion(
        "The admin's display name and private note for a customer; with If-Match: the customer's version (0 before the first save)",
        { params: phoneParams, body: customerDetailsInputSchema, ok: customerAnswer },
      ),
    },
    async (request) => {
      const { message, data } = await customers.updateDetails(request.params.phone, request.body, expectedVersion(request.headers));
      return { success: true as const, message, customer: data };
    },
  );
};
