import { problemActionSchema } from "../../features/admin-problems/problem-actions";
import { ProblemsScreen } from "../../features/admin-problems/problems-screen";
import { answer, reachServer } from "../../lib/admin/admin-action";
import { adminActor } from "../../lib/admin/require-admin";
import { screenErrorBoundary } from "../../lib/admin/screen-error";
import type { Route } from "./+types/problems";

/** The problem queue; `?order=<reference>`: that order's problems only (the order card's link). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { problems } = context.services;
  const url = new URL(request.url);
  const order = url.searchParams.get("order")?.trim().toUpperCase() || null;
  const [items, open] = await Promise.all([problems.queue(url.origin), problems.openCount()]);
  return { items: order ? items.filter((item) => item.reference === order) : items, open, order };
}

export async function action({ context, request }: Route.ActionArgs) {
  const actor = adminActor(context);
  const { problems } = context.services;
  return answer(request, problemActionSchema, async (form) => {
    switch (form.intent) {
      case "answer":
        return (await problems.answer(form.id, form.fields, actor)).message;
      case "move-seat":
        return (await problems.moveSeat(form.id, form.fields, actor)).message;
      case "new-key":
        return (await problems.newKey(form.id, form.fields, actor)).message;
      case "refund":
        return (await problems.refund(form.id, form.fields, actor)).message;
      case "resolve":
      case "reopen":
        return (await problems.setResolved(form.id, form.fields, form.intent === "resolve", actor)).message;
    }
  });
}

export const clientAction = (args: Route.ClientActionArgs) => reachServer(args);

export const meta: Route.MetaFunction = () => [{ title: "Problems | Pasal admin" }];

export default function AdminProblems({ loaderData }: Route.ComponentProps) {
  return <ProblemsScreen {...loaderData} />;
}

export const ErrorBoundary = screenErrorBoundary("Problems");
