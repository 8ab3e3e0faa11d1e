import { redirect } from "react-router";
import { z } from "zod";
import { TELL_CHANNELS } from "../../features/admin-accounts/account-actions";
import { adminActor } from "../../lib/admin/require-admin";
import type { Route } from "./+types/tell";

const tellForm = z.object({ via: z.enum(TELL_CHANNELS) });

/** Only the account screen's buttons come here, with a POST; a visitor is sent to sign-in first. */
export function loader() {
  throw new Response("Send from the account's screen: its Send on WhatsApp or Telegram buttons", { status: 405 });
}

/**
 * A holder told of new credentials: the account screen's "Send on WhatsApp" posts here in a new tab,
 * which is sent on to the chat app with the message. The message holds secrets, so it is made only now (a
 * logged reveal, as a delivery message is) and never sits in the screen's data; the holder is marked told.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const actor = adminActor(context);
  const form = tellForm.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) throw new Response("Choose WhatsApp or Telegram", { status: 400 });
  const url = new URL(request.url);
  const sent = await context.services.accountHealth
    .tell(params.noticeId, actor, url.origin)
    .catch((error: { statusCode?: number; message: string }) => {
      if (error.statusCode && error.statusCode < 500) throw new Response(error.message, { status: error.statusCode });
      throw error;
    });
  const link = form.data.via === "whatsapp" ? sent.whatsappUrl : sent.telegramUrl;
  if (!link) throw new Response("This order has no phone to open a chat with: send the message another way", { status: 409 });
  return redirect(link);
}
