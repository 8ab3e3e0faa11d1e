import { monthQuerySchema } from "../../../domain/reports/schemas";
import { ReportScreen } from "../../features/admin-reports/report-screen";
import { screenErrorBoundary } from "../../lib/admin/screen-error";
import type { Route } from "./+types/reports";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { reports } = context.services;
  const parsed = monthQuerySchema.safeParse({ month: new URL(request.url).searchParams.get("month") ?? undefined });
  const month = (parsed.success && parsed.data.month) || reports.thisMonth();
  const [money, services, customers, renewals, accountProfits] = await Promise.all([
    reports.money(),
    reports.topServices(month),
    reports.customers(),
    reports.renewals(),
    reports.accountProfits(),
  ]);
  return { money, month, services, customers, renewals, accountProfits };
}

export const meta: Route.MetaFunction = () => [{ title: "Reports | Pasal admin" }];

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  return <ReportScreen {...loaderData} />;
}

export const ErrorBoundary = screenErrorBoundary("Reports");
