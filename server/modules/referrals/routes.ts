import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { referralCreditSchema, referralSettingsSchema } from "../../../domain/referrals/schemas";
import type { Services } from "../../services";
import { expectedVersion, ifMatchHeaders } from "../versions";
import { tagRoutes } from "../../http/conventions";
import { failures } from "../../http/answers";

const settingsAnswer = z.object({ success: z.literal(true), settings: referralSettingsSchema, version: z.number() });

/** Referrals: the credit a referral earns, and what a customer's referrals earned (it goes to their store credit). */
export const referralsRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "referrals"> }> = async (app, { services }) => {
  tagRoutes(app, "referrals");
  const { referrals } = services;

  app.get(
    "/admin/referrals/settings",
    {
      schema: {
        summary: "The credit, in NPR, a new customer's first paid order earns the customer whose code it came with",
        response: { 200: settingsAnswer },
      },
    },
    async () => ({ success: true as const, ...(await referrals.settings()) }),
  );

  app.put(
    "/admin/referrals/settings",
    {
      schema: {
        summary: "Set the referral credit; with If-Match: the version read, only if still at it (409 otherwise)",
        headers: ifMatchHeaders,
        body: referralSettingsSchema,
        response: { 200: settingsAnswer, ...failures(404, 409) },
      },
    },
    // The answer has no message: the screen's ("Referral credit saved") is dropped here.
    async (request) => ({
      success: true as const,
      settings: request.body,
      version: (await referrals.saveSettings(request.body, expectedVersion(request.headers))).data,
    }),
  );

  app.get(
    "/admin/referrals/:phone",
    {
      schema: {
        summary: "A customer's referral code and the credit their referrals earned, each referred order's (it went to their store credit)",
        params: z.object({ phone: z.string().min(1).max(30) }),
        response: { 200: referralCreditSchema.extend({ success: z.literal(true) }) },
      },
    },
    async (request) => ({ success: true as const, ...(await referrals.creditOf(request.params.phone)) }),
  );
};
