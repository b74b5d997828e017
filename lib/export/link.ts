import type { CallFilters, ExportFormat } from "../schemas/read";

// The export's URL for a view's filters (the Activity page's download links): the filters
// written back as the query parameters GET /api/v1/calls and the export both parse.

export const EXPORT_PATH = "/api/v1/calls/export";

export function callsExportPath(filters: CallFilters, format: ExportFormat): string {
  const params = new URLSearchParams({ format });
  const lists = ["outcome", "category", "errorCode", "server", "tool", "method", "flag"] as const;
  for (const name of lists) for (const value of filters[name]) params.append(name, value);
  if (filters.sessionId) params.set("sessionId", filters.sessionId);
  if (filters.agent) params.set("agent", filters.agent);
  if (filters.signature) params.set("signature", filters.signature);
  if (filters.silentFailure !== undefined) params.set("silentFailure", String(filters.silentFailure));
  if (filters.q) params.set("q", filters.q);
  if (filters.from) params.set("from", filters.from.toISOString());
  if (filters.to) params.set("to", filters.to.toISOString());
  if (filters.order !== "desc") params.set("order", filters.order);
  return `${EXPORT_PATH}?${params.toString()}`;
}
