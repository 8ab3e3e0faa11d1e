import { data } from "react-router";
import { accountCareSchema } from "../../features/admin-accounts/account-actions";
import { AccountPage } from "../../features/admin-accounts/account-page";
import { answer, reachServer } from "../../lib/admin/admin-action";
import { adminActor } from "../../lib/admin/require-admin";
import { screenErrorBoundary } from "../../lib/admin/screen-error";
import type { Route } from "./+types/account";

/** One provider account: its holders to tell, moves proposed, replaced secrets and reveal log; no secret itself (ADR 0083). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { accounts, accountHealth, previousSecrets, reports, mailboxes } = context.services;
  try {
    const { account, reveals } = await accounts.get(params.id);
    const [notices, previous, proposals, [profit], mailbox] = await Promise.all([
      accountHealth.holderMessages(params.id),
      previousSecrets.list(params.id),
      accountHealth.moveProposals(params.id, []),
      reports.accountProfits(params.id),
      mailboxes.get(params.id),
    ]);
    return { account, reveals, notices, previous, proposals, profit: profit!, mailbox };
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const actor = adminActor(context);
  const { accountHealth, mailboxes } = context.services;
  return answer(request, accountCareSchema, async (form) => {
    switch (form.intent) {
      case "change-secret":
        return (await accountHealth.changeSecret(params.id, form.fields, actor)).message;
      case "move":
        return (await accountHealth.move(params.id, form.fields, actor)).message;
      case "mailbox-save":
        return (await mailboxes.save(params.id, form.fields)).message;
      case "mailbox-test":
        return (await mailboxes.tryConnection(params.id, form.fields)).message;
      case "mailbox-remove":
        return (await mailboxes.remove(params.id)).message;
      case "mailbox-dismiss":
        return (await mailboxes.dismissAlert(params.id)).message;
    }
  });
}

export const clientAction = (args: Route.ClientActionArgs) => reachServer(args);

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded ? `${loaded.account.service} (${loaded.account.login})` : "Account"} | Pasal admin` },
];

export default function AdminAccount({ loaderData }: Route.ComponentProps) {
  return <AccountPage {...loaderData} />;
}

export const ErrorBoundary = screenErrorBoundary("Account");
