import { z } from "zod";

// The Telegram bot's settings as the admin screens and the API read and write them; the notices are in notices.ts.

// ---------------------------------------------------------------------------------------------
// Settings

/** "HH:MM" on the shop's clock (Nepal). */
const clockTime = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Write a time as HH:MM, e.g. 22:00");

/** A bot token as @BotFather gives it: the bot's id, a colon and 35 characters. */
export const botTokenInputSchema = z.object({
  token: z
    .string({ error: "Paste the bot's token from @BotFather" })
    .trim()
    .min(1, "Paste the bot's token from @BotFather")
    .max(100, "That is longer than a bot token: paste only the token @BotFather gave")
    .regex(/^\d{5,20}:[A-Za-z0-9_-]{30,60}$/, "That is not a bot token: it looks like 123456789:AA… (copy it again from @BotFather)"),
});

/** One chat's language, quiet hours and daily digest; a time left out turns that off. */
export const chatPrefsInputSchema = z
  .object({
    language: z.enum(["en", "ne"], { error: "Choose English or Nepali" }),
    quietStart: clockTime.nullable(),
    quietEnd: clockTime.nullable(),
    digestAt: clockTime.nullable(),
  })
  .superRefine((prefs, ctx) => {
    if ((prefs.quietStart === null) !== (prefs.quietEnd === null)) {
      const field = prefs.quietStart === null ? "quietStart" : "quietEnd";
      ctx.addIssue({ code: "custom", path: [field], message: "Give both ends of the quiet hours, or neither" });
    } else if (prefs.quietStart !== null && prefs.quietStart === prefs.quietEnd) {
      ctx.addIssue({ code: "custom", path: ["quietEnd"], message: "Quiet hours end at another time than they start" });
    }
  });
export type ChatPrefs = z.infer<typeof chatPrefsInputSchema>;

export const telegramChatSchema = z.object({
  _id: z.string(),
  title: z.string(),
  adminEmail: z.string().nullable(),
  adminName: z.string().nullable(),
  mine: z.boolean(),
  language: z.enum(["en", "ne"]),
  quietStart: z.string().nullable(),
  quietEnd: z.string().nullable(),
  digestAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TelegramChat = z.infer<typeof telegramChatSchema>;

export const telegramSettingsSchema = z.object({
  bot: z.object({ username: z.string(), name: z.string() }).nullable(),
  /** How Telegram brings the bot's news: a webhook when the shop's public URL is https, long polling otherwise. */
  mode: z.enum(["webhook", "polling"]),
  chats: z.array(telegramChatSchema),
  reveals: z.array(z.object({ adminEmail: z.string(), at: z.string() })),
  /** Notices that could not be sent and were given up in the last week. */
  failed: z.number(),
});
export type TelegramSettings = z.infer<typeof telegramSettingsSchema>;

export const connectCodeSchema = z.object({ code: z.string(), link: z.string(), expiresAt: z.string() });
export type ConnectCode = z.infer<typeof connectCodeSchema>;
/** The order page asks for its deep link with the order's key. */
export const telegramLinkInputSchema = z.object({ key: z.string({ error: "The order link is missing its key" }).max(100) });
export const telegramLinkSchema = z.object({ link: z.string(), expiresAt: z.string() });
export type TelegramLink = z.infer<typeof telegramLinkSchema>;
