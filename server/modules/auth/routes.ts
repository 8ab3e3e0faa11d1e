import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminCreateInputSchema,
  adminCreateResponseSchema,
  adminDeleteResponseSchema,
  adminEmailParamSchema,
  adminListResponseSchema,
  adminProfileSchema,
  changePasswordInputSchema,
  loginInputSchema,
  originalAuthResponseSchema,
  originalLoginInputSchema,
  originalLoginResponseSchema,
  originalProfile,
  ownNameInputSchema,
} from "../../../domain/auth/schemas";
import { errorResponseSchema } from "../../../domain/shared/schemas";
import type { Config } from "../../config";
import { HttpError } from "../../errors";
import { addressKey, createWindowCounter } from "../../plugins/rate-limits";
import { deviceCookie, sessionCookie, UNAUTHORIZED_MESSAGE } from "./guard";
import { PasswordChangeThrottled } from "./service";
import type { Services } from "../../services";
import { LOGIN_ATTEMPTS_PER_ADDRESS } from "./login-throttle";
import { tagRoutes } from "../../http/conventions";
import { answeringMessage } from "../../http/answers";

export const authRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "auth" | "limits" | "loginThrottle">; config: Config }> = async (
  app,
  { services, config },
) => {
  tagRoutes(app, "auth");
  const cookie = sessionCookie(config);
  const device = deviceCookie(config);
  const throttle = services.loginThrottle;

  // One count of attempts per address for both sign-in routes, so the spec's route is no second allowance.
  const attemptsFromAddress = createWindowCounter(LOGIN_ATTEMPTS_PER_ADDRESS, services.limits, "sign-in attempts");
  async function limitAttempts(request: FastifyRequest, reply: FastifyReply) {
    const wait = await attemptsFromAddress.hit(addressKey(request.ip));
    if (wait) {
      reply.header("retry-after", String(wait));
      throw new HttpError(429, `Too many sign-in attempts from your address. Please try again in ${wait} seconds.`);
    }
  }

  /** Signs in, replacing any session the browser carried; the per-account throttle as SECURITY.md describes it. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, emailAsTyped: string, password: string) {
    const email = emailAsTyped.trim().toLowerCase();
    const knownDevice = await throttle.isKnownDevice(email, device.read(request));
    // Counted as a failure before the password is checked, and forgiven if it was not one.
    const attempt = knownDevice ? undefined : await throttle.attempt(email);
    if (attempt && "retryAfter" in attempt) {
      const wait = attempt.retryAfter;
      request.log.warn({ email }, "admin sign-in refused: too many failures for this account");
      reply.header("retry-after", String(wait));
      throw new HttpError(
        429,
        `Too many failed sign-ins for this account. Try again in ${Math.ceil(wait / 60)} minutes, or from a browser that has signed in before.`,
      );
    }
    let failed = false;
    try {
      const { token, user } = await services.auth.login(email, password);
      // A session someone planted before sign-in is replaced, not kept.
      const previous = cookie.read(request);
      if (previous) await services.auth.logout(previous);
      cookie.set(reply, token);
      device.set(reply, await throttle.deviceToken(email));
      return user;
    } catch (error) {
      failed = error instanceof HttpError && error.statusCode === 401;
      request.log.warn({ email }, "failed admin sign-in");
      throw error;
    } finally {
      if (attempt && !failed) await attempt.forgive();
    }
  }

  async function signOut(request: FastifyRequest, reply: FastifyReply) {
    const token = cookie.read(request);
    if (token) await services.auth.logout(token);
    cookie.clear(reply);
    return { success: true as const };
  }

  // Both sign-in routes are open to visitors and counted per address: 401 for a wrong email or password, 429 past the limits.
  const signInRoute = { config: { public: true }, onRequest: limitAttempts };
  const signInFailures = { 401: errorResponseSchema, 429: errorResponseSchema };

  app.post(
    "/auth/login",
    {
      ...signInRoute,
      schema: {
        summary: "Sign in as an admin; sets the session cookie",
        body: loginInputSchema,
        response: { 200: adminProfileSchema, ...signInFailures },
      },
    },
    async (request, reply) => {
      const user = await signIn(request, reply, request.body.email, request.body.password);
      return { name: user.name, email: user.email };
    },
  );

  // The spec's admin client signs in, checks and ends its session with these three: thin routes over the
  // same sessions and throttling. Its open sign-up (/admin/register) is left out: admins are added by admins.
  app.post(
    "/admin/login",
    {
      ...signInRoute,
      schema: {
        summary: "Sign in as an admin with userName (the admin's email) and password; sets the session cookie",
        body: originalLoginInputSchema,
        response: { 200: originalLoginResponseSchema, ...signInFailures },
      },
    },
    async (request, reply) => {
      const user = await signIn(request, reply, request.body.userName, request.body.password);
      return { success: true as const, message: "Signed in", admin: originalProfile(user) };
    },
  );

  app.get(
    "/admin/auth",
    {
      schema: {
        summary: "The signed-in admin, as the spec's admin client reads it; 401 without a session",
        response: { 200: originalAuthResponseSchema },
      },
    },
    async (request) => ({ success: true as const, admin: originalProfile(request.admin!) }),
  );

  // A GET that signs out: acceptable only because it must come from our pages (or a listed origin), as a
  // write must, and it changes nothing but the caller's own session.
  app.get(
    "/admin/logout",
    {
      config: { public: true, checkOrigin: true },
      schema: {
        summary: "End this session (the spec's admin client signs out with a GET)",
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    signOut,
  );

  app.post(
    "/auth/logout",
    {
      config: { public: true },
      schema: { summary: "End this session", response: { 200: z.object({ success: z.literal(true) }) } },
    },
    signOut,
  );

  app.get(
    "/auth/me",
    {
      config: { public: true },
      schema: { summary: "The signed-in admin", response: { 200: adminProfileSchema, 401: errorResponseSchema } },
    },
    async (request, reply) => {
      if (!request.admin) return reply.status(401).send({ success: false, message: UNAUTHORIZED_MESSAGE });
      return { name: request.admin.name, email: request.admin.email };
    },
  );

  // Below: guarded by the deny-by-default hook, so request.admin is the signed-in admin.

  app.put(
    "/auth/me",
    {
      schema: {
        summary: "Name yourself: the name the audit log, the other admins and the Telegram bot show for you",
        body: ownNameInputSchema,
        response: { 200: adminProfileSchema },
      },
    },
    async (request) => services.auth.nameSelf(request.body.name, { admin: request.admin!, log: request.log }),
  );

  app.post(
    "/auth/password",
    answeringMessage({ summary: "Change your own password; your other sessions end, this one stays", body: changePasswordInputSchema }, 403, 429),
    async (request, reply) => {
      try {
        await services.auth.changeOwnPassword(request.body, { admin: request.admin!, log: request.log });
      } catch (error) {
        if (error instanceof PasswordChangeThrottled) reply.header("retry-after", String(error.retryAfter));
        throw error;
      }
      return { success: true, message: "Password changed. Your other sessions have been signed out." };
    },
  );

  app.get(
    "/admin/admins",
    { schema: { tags: ["admins"], summary: "Every admin, oldest first", response: { 200: adminListResponseSchema } } },
    async (request) => ({ success: true as const, items: await services.auth.listAdmins(request.admin!) }),
  );

  app.post(
    "/admin/admins",
    {
      schema: {
        tags: ["admins"],
        summary: "Add an admin",
        body: adminCreateInputSchema,
        response: { 201: adminCreateResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await services.auth.addAdmin(request.body, { admin: request.admin!, log: request.log });
      return reply.status(201).send({ success: true as const, message: `Admin ${created.email} added`, item: { ...created, isYou: false } });
    },
  );

  app.delete(
    "/admin/admins/:email",
    {
      schema: {
        tags: ["admins"],
        summary: "Remove an admin and end their sessions; the last admin cannot be removed",
        params: adminEmailParamSchema,
        response: { 200: adminDeleteResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { signedOut } = await services.auth.removeAdminAs(request.params.email, { admin: request.admin!, log: request.log });
      if (signedOut) cookie.clear(reply);
      return { success: true as const, message: `Admin ${request.params.email} removed`, signedOut };
    },
  );
};
