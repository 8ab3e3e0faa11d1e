import { customerListQuerySchema } from "../../../domain/customers/schemas";
import { CustomerList } from "../../features/admin-customers/customer-list";
import { screenErrorBoundary } from "../../lib/admin/screen-error";
import type { Route } from "./+types/customers";

export async function loader({ context, request }: Route.LoaderArgs) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  // A hand-edited URL with a bad value shows the list as it comes by default, not an error.
  const parsed = customerListQuerySchema.safeParse(params);
  const query = parsed.success ? parsed.data : customerListQuerySchema.parse({ q: customerListQuerySchema.shape.q.safeParse(params.q).data });
  return { query, page: await context.services.customers.list(query) };
}

export const meta: Route.MetaFunction = () => [{ title: "Customers | Pasal admin" }];

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  return <CustomerList page={loaderData.page} query={loaderData.query} />;
}

export const ErrorBoundary = screenErrorBoundary("Customers");
