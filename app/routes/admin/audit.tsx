import { auditQuerySchema } from "../../../domain/audit/schemas";
import { AuditLog, filterFieldsOf } from "../../features/admin-audit/audit-log";
import { screenErrorBoundary } from "../../lib/admin/screen-error";
import type { Route } from "./+types/audit";

/** The audit log (ADR 0100): reveals, deletions and retirements; nothing here is a secret itself. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const params = Object.fromEntries([...new URL(request.url).searchParams].filter(([, value]) => value !== ""));
  // A filter that makes no sense (a hand-edited address, the last day before the first) shows the whole log
  // and says why, rather than an error.
  const parsed = auditQuerySchema.safeParse(params);
  const query = parsed.success ? parsed.data : auditQuerySchema.parse({});
  return {
    page: await context.services.audit.list(query),
    // Refused, the form keeps what was asked, for the admin to correct.
    filter: parsed.success ? filterFieldsOf(query) : filterFieldsOf(params),
    refused: parsed.success ? null : (parsed.error.issues[0]?.message ?? "These filters were not understood"),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Audit log | Pasal admin" }];

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  return <AuditLog page={loaderData.page} filter={loaderData.filter} refused={loaderData.refused} />;
}

export const ErrorBoundary = screenErrorBoundary("Audit log");
