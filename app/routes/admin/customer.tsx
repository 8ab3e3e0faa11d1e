import { data } from "react-router";
import { customerActionSchema, CustomerPage } from "../../features/admin-customers/customer-page";
import { answer, reachServer } from "../../lib/admin/admin-action";
import { adminActor } from "../../lib/admin/require-admin";
import { screenErrorBoundary } from "../../lib/admin/screen-error";
import type { Route } from "./+types/customer";

export async function loader({ context, params }: Route.LoaderArgs) {
  try {
    const { customers, customerLinks, referrals, storeCredit } = context.services;
    const [customer, link, credit, statement] = await Promise.all([
      customers.get(params.phone),
      customerLinks.linkOf(params.phone),
      referrals.creditOf(params.phone),
      storeCredit.statement(params.phone),
    ]);
    return { customer, link, credit, statement };
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return answer(request, customerActionSchema, async (form) => {
    const { customers, customerLinks, storeCredit } = context.services;
    switch (form.intent) {
      case "details":
        return (await customers.updateDetails(params.phone, form.fields, form.version)).message;
      case "new-link":
        return (await customerLinks.replace(params.phone)).message;
      case "revoke-link":
        return (await customerLinks.revoke(params.phone)).message;
      case "credit-add":
        return (await storeCredit.addCredit(params.phone, form.fields, adminActor(context))).message;
    }
  });
}

export const clientAction = (args: Route.ClientActionArgs) => reachServer(args);

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.customer.name ?? "Customer"} | Pasal admin` }];

export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  return <CustomerPage customer={loaderData.customer} customerLink={loaderData.link} credit={loaderData.credit} statement={loaderData.statement} />;
}

export const ErrorBoundary = screenErrorBoundary("Customer");
