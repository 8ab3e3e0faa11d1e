import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { connectCodeSchema, type ConnectCode, type TelegramChat, type TelegramSettings } from "../../../domain/telegram/schemas";
import { card, focusRing, mutedText, primaryButton, secondaryButton } from "../../components/ui";
import { ConfirmDialog, ConfirmItem } from "../../lib/admin/confirm-dialog";
import { Field, InputField, sectionHeading, SubmitButton } from "../../lib/admin/form-parts";
import { formatDateTime } from "../../lib/admin/format";
import { RevealButton } from "../../lib/admin/reveal-button";
import { useToast } from "../../lib/admin/toast";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { connectChatSchema, disconnectChatSchema, removeBotSchema, saveBotTokenSchema, saveChatPrefsSchema } from "./notification-actions";

/** How often the screen looks whether the code has come in, while it shows one. */
const CHECK_EVERY_MS = 3_000;

/** The times of day a chat's preferences hold, each a time box of its form (Nepal time). */
const CHAT_TIMES: Array<{ name: "quietStart" | "quietEnd" | "digestAt"; label: string; hint?: string }> = [
  { name: "quietStart", label: "Quiet from", hint: "Nepal time; held until quiet hours end" },
  { name: "quietEnd", label: "Quiet until" },
  { name: "digestAt", label: "Daily digest at", hint: "One message a day instead of one each" },
];

/**
 * Settings → Notifications: the seller's Telegram bot. A token pasted from @BotFather (write-only, shown
 * only by a logged Reveal, ADR 0083), the chats admins connect by sending the bot a one-time code, and for your own
 * chat its language, quiet hours and daily digest.
 */
export function NotificationsSection({ telegram }: { telegram: TelegramSettings }) {
  return (
    <section id="notifications" aria-labelledby="notifications-title" className={`${card} p-4 sm:p-6`}>
      <h2 id="notifications-title" className={sectionHeading}>
        Notifications
      </h2>
      <p className={`mt-1 text-sm ${mutedText}`}>
        A Telegram bot of your own tells each admin who connects a chat about new orders, payments, stock running out, provider bills and renewals
        due, with buttons to mark an order paid, deliver it and remind a customer.
      </p>
      <BotForm telegram={telegram} />
      {telegram.bot ? (
        <Chats telegram={telegram} />
      ) : (
        <p className={`mt-5 rounded-lg border border-dashed border-slate-300 p-4 text-sm dark:border-slate-700 ${mutedText}`}>
          No bot yet. In Telegram, message @BotFather, send /newbot and paste the token it gives here.
        </p>
      )}
    </section>
  );
}

function BotForm({ telegram }: { telegram: TelegramSettings }) {
  const save = useAdminAction(saveBotTokenSchema, { reset: true });
  const { errors, formRef, pending } = save;
  const remove = useAdminAction(removeBotSchema);
  const { pending: removing } = remove;
  const [confirming, setConfirming] = useState(false);
  const { bot } = telegram;

  const submit = save.handleSubmit((form) => save.submit({ intent: "telegram-token", fields: { token: String(form.get("token") ?? "").trim() } }));

  return (
    <div className="mt-5 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Bot</h3>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${bot ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" : "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200"}`}
        >
          {bot ? `@${bot.username}` : "Not set up"}
        </span>
      </div>
      {bot && (
        <p className={`mt-1 text-sm ${mutedText}`}>
          {bot.name} ·{" "}
          {telegram.mode === "webhook" ? "Telegram brings its messages to this shop's webhook." : "This shop asks Telegram for its messages."}
        </p>
      )}
      <form ref={formRef} onSubmit={submit} noValidate aria-label="Telegram bot" className="mt-3 space-y-3">
        <InputField
          name="token"
          label={bot ? "New bot token" : "Bot token"}
          type="password"
          autoComplete="off"
          hint={
            bot
              ? "Stored encrypted. Paste a new one only to change it; another bot's token disconnects every chat."
              : "From @BotFather, e.g. 123456789:AA…"
          }
          error={errors.token}
        />
        <div className="flex flex-wrap items-center gap-2">
          <SubmitButton pending={pending} pendingLabel="Checking with Telegram…" className="px-4 py-2 text-sm">
            Save token
          </SubmitButton>
          {bot && <RevealButton path="/api/admin/telegram/reveal" body={{}} label="Reveal the bot token" />}
          {bot && (
            <button
              type="button"
              className={`${secondaryButton} px-4 py-2 text-sm text-red-700 dark:text-red-300`}
              disabled={removing}
              onClick={() => setConfirming(true)}
            >
              Remove bot
            </button>
          )}
        </div>
      </form>
      {telegram.failed > 0 && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-300">
          {telegram.failed} {telegram.failed === 1 ? "notice" : "notices"} could not be sent this week: check the token, and that no chat blocked the
          bot.
        </p>
      )}
      {telegram.reveals.length > 0 && (
        <details className="mt-3 text-sm">
          <summary className={`cursor-pointer rounded font-medium ${focusRing}`}>Reveal log</summary>
          <ul className={`mt-2 space-y-1 ${mutedText}`}>
            {telegram.reveals.map((reveal) => (
              <li key={`${reveal.at}-${reveal.adminEmail}`}>
                {reveal.adminEmail} · <time dateTime={reveal.at}>{formatDateTime(reveal.at)}</time>
              </li>
            ))}
          </ul>
        </details>
      )}
      <ConfirmDialog
        open={confirming}
        title="Remove bot"
        message="Remove the bot? Every chat is disconnected and no admin gets notices until a bot is set up again."
        confirmLabel="Remove"
        onConfirm={() => {
          setConfirming(false);
          remove.submit({ intent: "telegram-remove" });
        }}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

function Chats({ telegram }: { telegram: TelegramSettings }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const [code, setCode] = useState<ConnectCode | null>(null);
  const mine = telegram.chats.filter((chat) => chat.mine);
  const [minesBefore, setMinesBefore] = useState(mine.length);
  // The code comes with the action's answer; the toast says what to do with it.
  const connect = useAdminAction(connectChatSchema, {
    onSaved: (_message, detail) => {
      const shown = connectCodeSchema.safeParse(detail);
      if (!shown.success) return;
      setMinesBefore(mine.length);
      setCode(shown.data);
    },
  });
  // Held here, not by the chat's item: a disconnected chat leaves the list, and its answer must still be shown.
  const disconnect = useAdminAction(disconnectChatSchema);
  const { pending: disconnecting } = disconnect;
  const [confirming, setConfirming] = useState<TelegramChat | null>(null);

  // While a code is shown, look every few seconds whether it has come in.
  useEffect(() => {
    if (!code) return;
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, CHECK_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [code, revalidator]);

  if (code && mine.length > minesBefore) {
    setCode(null);
    setMinesBefore(mine.length);
    toast("success", "Chat connected. Its notices start now.");
  }

  return (
    <div className="mt-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Chats</h3>
        {!code && (
          <button
            type="button"
            className={`${primaryButton} px-4 py-2 text-sm`}
            disabled={connect.pending}
            onClick={() => connect.submit({ intent: "telegram-connect" })}
          >
            {connect.pending ? "Making a code…" : "Connect a chat"}
          </button>
        )}
      </div>
      {code && (
        <div role="status" className="mt-3 rounded-lg border border-brand-500 p-4">
          <p className="text-sm">
            From your Telegram, send this code to{" "}
            <a href={code.link} target="_blank" rel="noopener noreferrer" className={`font-semibold underline ${focusRing}`}>
              @{telegram.bot!.username}
              <span className="sr-only"> (opens Telegram)</span>
            </a>
            :
          </p>
          <p className="mt-2 font-mono text-2xl font-bold tracking-widest" data-code>
            {code.code}
          </p>
          <p className={`mt-2 text-sm ${mutedText}`}>
            Waiting for your message… The code works once, until <time dateTime={code.expiresAt}>{formatDateTime(code.expiresAt)}</time>.
          </p>
          <button type="button" className={`${secondaryButton} mt-3 px-4 py-2 text-sm`} onClick={() => setCode(null)}>
            Cancel
          </button>
        </div>
      )}
      {telegram.chats.length === 0 ? (
        <p className={`mt-3 text-sm ${mutedText}`}>No chat is connected yet: nobody gets notices.</p>
      ) : (
        <ul className="mt-3 space-y-3" aria-label="Connected chats">
          {telegram.chats.map((chat) => (
            <ChatItem key={chat._id} chat={chat} disconnecting={disconnecting} onDisconnect={() => setConfirming(chat)} />
          ))}
        </ul>
      )}
      <ConfirmItem
        item={confirming}
        setItem={setConfirming}
        title="Disconnect chat"
        message={(chat) => `Disconnect ${chat.title}? It gets no more notices until it is connected again.`}
        confirmLabel="Disconnect"
        onConfirm={(chat) => disconnect.submit({ intent: "telegram-disconnect", id: chat._id })}
      />
    </div>
  );
}

function ChatItem({ chat, disconnecting, onDisconnect }: { chat: TelegramChat; disconnecting: boolean; onDisconnect: () => void }) {
  const save = useAdminAction(saveChatPrefsSchema);
  const { errors, formRef, pending } = save;
  const id = `chat-${chat._id}`;
  const owner = chat.mine ? "You" : (chat.adminName ?? chat.adminEmail ?? "An admin");

  const submit = save.handleSubmit((form) => {
    const time = (name: string) => String(form.get(name) ?? "").trim() || null;
    save.submit({
      intent: "telegram-prefs",
      id: chat._id,
      fields: {
        language: form.get("language") === "ne" ? "ne" : "en",
        quietStart: time("quietStart"),
        quietEnd: time("quietEnd"),
        digestAt: time("digestAt"),
      },
    });
  });

  return (
    <li className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p id={`${id}-title`} className="font-medium break-all">
            {chat.title}
          </p>
          <p className={`text-sm ${mutedText}`}>
            {owner} · connected <time dateTime={chat.createdAt}>{formatDateTime(chat.createdAt)}</time>
          </p>
        </div>
        <button
          type="button"
          className={`${secondaryButton} px-4 py-2 text-sm text-red-700 dark:text-red-300`}
          disabled={disconnecting}
          aria-label={`Disconnect ${chat.title}`}
          onClick={onDisconnect}
        >
          Disconnect
        </button>
      </div>
      {chat.mine && (
        <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="Messages in" error={errors.language}>
            {(control) => (
              <select name="language" defaultValue={chat.language} {...control}>
                <option value="en">English</option>
                <option value="ne" lang="ne">
                  नेपाली (Nepali)
                </option>
              </select>
            )}
          </Field>
          {CHAT_TIMES.map(({ name, label, hint }) => (
            <InputField key={name} name={name} label={label} type="time" optional defaultValue={chat[name] ?? ""} error={errors[name]} hint={hint} />
          ))}
          <div className="sm:col-span-2 lg:col-span-4">
            <SubmitButton pending={pending} className="px-4 py-2 text-sm">
              Save chat settings
            </SubmitButton>
          </div>
        </form>
      )}
    </li>
  );
}
