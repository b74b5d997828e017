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
