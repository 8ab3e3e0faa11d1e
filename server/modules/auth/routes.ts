import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CURRENT_PASSWORD_INCORRECT,
  adminCreateInputSchema,
  adminCreateResponseSchema,
  adminDeleteResponseSchema,
  adminEmailParamSchema,
  adminListResponseSchema,
  adminProfileSchema,
  changePasswordInputSchema,
  loginInputSchema,
} from "../../../domain/auth";
import { errorResponseSchema, successMessageSchema } from "../../../domain/common";
import type { Config } from "../../config";
import { HttpError } from "../../errors";
import { limit } from "../../plugins/rate-limits";
import { deviceCookie, sessionCookie, UNAUTHORIZED_MESSAGE } from "../../plugins/auth";
import type { Services } from "../../services";
import { LOGIN_ATTEMPTS_PER_ADDRESS } from "./login-throttle";

/** How often sessions past their expiry are deleted. */
export const SESSION_SWEEP_MS = 15 * 60_000;

export const authRoutes: FastifyPluginAsyncZod<{ services: Services; config: Config }> = async (
  app,
  { services, config },
) => {
  const cookie = sessionCookie(config);
  const device = deviceCookie(config);
  const throttle = services.loginThrottle;

  let sweep: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    sweep = setInterval(() => {
      services.auth.deleteExpiredSessions().catch((error: unknown) => app.log.warn({ err: error }, "could not delete expired sessions"));
    }, SESSION_SWEEP_MS);
    // The schedule alone must not keep a process alive that is otherwise done.
    sweep.unref();
  });
  app.addHook("onClose", async () => clearInterval(sweep));

  app.post(
    "/auth/login",
    {
      config: { public: true, rateLimit: limit(LOGIN_ATTEMPTS_PER_ADDRESS, "Too many sign-in attempts from your address.") },
      schema: {
        tags: ["auth"],
        summary: "Sign in as an admin; sets the session cookie",
        body: loginInputSchema,
        response: { 200: adminProfileSchema, 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { password } = request.body;
      const email = request.body.email.trim().toLowerCase();
      const knownDevice = await throttle.isKnownDevice(email, device.read(request));
      const wait = knownDevice ? 0 : throttle.retryAfter(email);
      if (wait) {
        request.log.warn({ email }, "admin sign-in refused: too many failures for this account");
        reply.header("retry-after", String(wait));
        throw new HttpError(
          429,
          `Too many failed sign-ins for this account. Try again in ${Math.ceil(wait / 60)} minutes, or from a browser that has signed in before.`,
        );
      }
      try {
        const { token, user } = await services.auth.login(email, password);
        // A session someone planted before sign-in is replaced, not kept.
        const previous = cookie.read(request);
        if (previous) await services.auth.logout(previous);
        cookie.set(reply, token);
        device.set(reply, await throttle.deviceToken(email));
        return { name: user.name, email: user.email };
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401 && !knownDevice) throttle.recordFailure(email);
        request.log.warn({ email }, "failed admin sign-in");
        throw error;
      }
    },
  );

  app.post(
    "/auth/logout",
    {
      config: { public: true },
      schema: { tags: ["auth"], summary: "End this session", response: { 200: z.object({ success: z.literal(true) }) } },
    },
    async (request, reply) => {
      const token = cookie.read(request);
      if (token) await services.auth.logout(token);
      cookie.clear(reply);
      return { success: true as const };
    },
  );

  app.get(
    "/auth/me",
    {
      config: { public: true },
      schema: {
        tags: ["auth"],
        summary: "The signed-in admin",
        response: { 200: adminProfileSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.admin) return reply.status(401).send({ success: false, message: UNAUTHORIZED_MESSAGE });
      return { name: request.admin.name, email: request.admin.email };
    },
  );

  // Below: guarded by the deny-by-default hook, so request.admin is the signed-in admin.

  app.post(
    "/auth/password",
    {
      schema: {
        tags: ["auth"],
        summary: "Change your own password; your other sessions end, this one stays",
        body: changePasswordInputSchema,
        response: { 200: successMessageSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { currentPassword, newPassword } = request.body;
      const admin = request.admin!;
      const failures = services.passwordChangeFailures;
      const wait = failures.retryAfter(admin.id);
      if (wait) {
        request.log.warn({ admin: admin.email }, "password change refused: too many wrong current passwords");
        reply.header("retry-after", String(wait));
        throw new HttpError(429, `Too many wrong current passwords. Try again in ${Math.ceil(wait / 60)} minutes.`);
      }
      try {
        await services.auth.changePassword(admin.id, cookie.read(request)!, currentPassword, newPassword);
      } catch (error) {
        if (error instanceof HttpError && error.message === CURRENT_PASSWORD_INCORRECT) failures.record(admin.id);
        throw error;
      }
      request.log.info({ admin: admin.email }, "admin changed their password");
      return { success: true, message: "Password changed. Your other sessions have been signed out." };
    },
  );

  app.get(
    "/admin/admins",
    {
      schema: {
        tags: ["admins"],
        summary: "Every admin, oldest first",
        response: { 200: adminListResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, items: await services.auth.listAdmins(request.admin!) }),
  );

  app.post(
    "/admin/admins",
    {
      schema: {
        tags: ["admins"],
        summary: "Add an admin",
        body: adminCreateInputSchema,
        response: { 201: adminCreateResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await services.auth.createAdmin(request.body);
      request.log.info({ admin: request.admin!.email, added: created.email }, "admin added");
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
        response: { 200: adminDeleteResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const removed = await services.auth.removeAdmin(request.params.email);
      const signedOut = removed.id === request.admin!.id;
      if (signedOut) cookie.clear(reply);
      request.log.info({ admin: request.admin!.email, removed: request.params.email }, "admin removed");
      return { success: true as const, message: `Admin ${request.params.email} removed`, signedOut };
    },
  );
};
