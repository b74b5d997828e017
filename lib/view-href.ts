// A dashboard view's URL with some parameters dropped and others set: pages, sort headers,
// searches and the "remove this filter" chips keep every other filter of the view (time range,
// servers …).

export type ViewParams = Record<string, string | string[] | undefined>;

export function viewHref(
  path: string,
  params: ViewParams,
  omit: readonly string[],
  set: Record<string, string | readonly string[] | undefined> = {},
): string {
  const next = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (omit.includes(key) || key in set || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) next.append(key, item);
  }
  for (const [key, value] of Object.entries(set)) {
    if (value === undefined) continue;
    // A repeated parameter (server=a&server=b) keeps every value given, in order.
    for (const item of typeof value === "string" ? [value] : value) next.append(key, item);
  }
  const query = next.toString();
  return query ? `${path}?${query}` : path;
}

/** Activity over a window with some filters set (a session, an agent, a signature …). */
export function activityHref(
  window: { from: Date; to: Date },
  filters: Record<string, string | undefined>,
): string {
  return viewHref("/calls", {}, [], {
    range: "custom",
    from: window.from.toISOString(),
    to: window.to.toISOString(),
    ...filters,
  });
}

/**
 * Settings → Alerts with a new rule's form filled in for what a page shows: "Alert me on this"
 * on a signature, a tool or a server. A failure-rate rule unless told otherwise.
 */
export function newAlertRuleHref(rule: {
  name: string;
  kind?: string;
  server?: string | null;
  tool?: string | null;
}): string {
  return viewHref("/settings/alerts", {}, [], {
    kind: rule.kind ?? "failure_rate",
    server: rule.server || undefined,
    tool: rule.tool || undefined,
    name: rule.name.slice(0, 200),
  });
}
