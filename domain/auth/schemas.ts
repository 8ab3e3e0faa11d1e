import { z } from "zod";
import { requiredText } from "../shared/schemas";
import { MIN_PASSWORD_LENGTH } from "./auth";

export const loginInputSchema = z.object({
  email: z.string({ error: "Email is required" }).trim().toLowerCase().min(1, "Email is required").max(254, "Email is too long"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(1024, "Password is too long"),
});

/** Trimmed and lower-cased before it is checked, so " Owner@Shop.com " is one admin's address. */
export const adminEmailSchema = z
  .string({ error: "Enter a valid email address" })
  .trim()
  .toLowerCase()
  .max(254, "Enter a valid email address")
  .pipe(z.email("Enter a valid email address"));

export const newPasswordSchema = z
  .string({ error: "Password is required" })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(1024, "Password is too long");

export const adminProfileSchema = z.object({ name: z.string(), email: z.string() });
export type AdminProfile = z.infer<typeof adminProfileSchema>;

/** The spec's admin client signs in with `userName`: the admin's email. */
export const originalLoginInputSchema = z.object({
  userName: z.string({ error: "User name is required" }).trim().toLowerCase().min(1, "User name is required").max(254, "User name is too long"),
  password: loginInputSchema.shape.password,
});

/** The admin as the spec's admin client reads it; Pasal's admins have no phone of their own, so it is empty. */
export const originalAdminSchema = z.object({ name: z.string(), email: z.string(), userName: z.string(), phone: z.string() });
export const originalProfile = (admin: AdminProfile) => ({ name: admin.name, email: admin.email, userName: admin.email, phone: "" });
export const originalLoginResponseSchema = z.object({ success: z.literal(true), message: z.string(), admin: originalAdminSchema });
export const originalAuthResponseSchema = z.object({ success: z.literal(true), admin: originalAdminSchema });

export const changePasswordInputSchema = z.object({
  currentPassword: z.string({ error: "Current password is required" }).min(1, "Current password is required").max(1024, "Password is too long"),
  newPassword: newPasswordSchema,
});

export const adminCreateInputSchema = z.object({
  email: adminEmailSchema,
  name: requiredText("Name", 80),
  password: newPasswordSchema,
});

/**
 * Your own name, as the audit log, your fellow admins and the Telegram bot ("Sita marked it paid") show you. The
 * first admin is made without one and asked for it at the first sign-in.
 */
export const ownNameInputSchema = z.object({ name: requiredText("Your name", 80) });

export const adminEmailParamSchema = z.object({ email: z.string().trim().toLowerCase().min(1).max(254) });

export const adminListItemSchema = z.object({
  email: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** The admin who asked. */
  isYou: z.boolean(),
});
export type AdminListItem = z.infer<typeof adminListItemSchema>;

export const adminListResponseSchema = z.object({ success: z.literal(true), items: z.array(adminListItemSchema) });
export const adminCreateResponseSchema = z.object({ success: z.literal(true), message: z.string(), item: adminListItemSchema });
export const adminDeleteResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** true when the admin removed themselves: their session has ended. */
  signedOut: z.boolean(),
});
