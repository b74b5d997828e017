// A dashboard view's URL with some parameters dropped and others set: pages, sort headers and
// searches keep every other filter of the view (time range, servers …).

export type ViewParams = Record<string, string | string[] | undefined>;

export function viewHref(
  path: string,
  params: ViewParams,
  omit: readonly string[],
  set: Record<string, string | undefined> = {},
): string {
  const next = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (omit.includes(key) || key in set || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) next.append(key, item);
  }
  for (const [key, value] of Object.entries(set)) if (value !== undefined) next.set(key, value);
  const query = next.toString();
  return query ? `${path}?${query}` : path;
}
