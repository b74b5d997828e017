import { z } from "zod";
import { chooseBucket } from "../queries/series";
import { filterText, type Bucket } from "./read";

// The time range and server filter every dashboard page keeps in its URL.

export const RANGE_PRESETS = {
  "1h": 3_600_000,
  "24h": 86_400_000,
  "7d": 7 * 86_400_000,
  "30d": 30 * 86_400_000,
} as const;
export type RangePreset = keyof typeof RANGE_PRESETS;
export const RANGE_LABELS: Record<RangePreset | "custom", string> = {
  "1h": "Last hour",
  "24h": "Last 24 hours",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  custom: "Custom",
};

const one = z.preprocess((value) => (Array.isArray(value) ? value[0] : value), z.string().optional());
const many = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(filterText(200)),
);

export const dashboardWindowSchema = z.object({
  range: z.preprocess(
    (value) => (Array.isArray(value) ? value[0] : value),
    z.enum(["1h", "24h", "7d", "30d", "custom"]).catch("24h").default("24h"),
  ),
  from: one,
  to: one,
  server: many.catch([]),
});

export interface DashboardWindow {
  range: RangePreset | "custom";
  from: Date;
  to: Date;
  bucket: Bucket;
  previous: { from: Date; to: Date };
  servers: string[];
}

/** Search params → a concrete window. Invalid or missing values fall back to the last 24 hours. */
export function resolveWindow(
  params: Record<string, string | string[] | undefined>,
  now = new Date(),
): DashboardWindow {
  const parsed = dashboardWindowSchema.parse(params);
  let from: Date;
  let to: Date;
  const customFrom = parsed.from ? new Date(parsed.from) : undefined;
  const customTo = parsed.to ? new Date(parsed.to) : undefined;
  if (parsed.range === "custom" && customFrom && !Number.isNaN(customFrom.getTime())) {
    from = customFrom;
    to = customTo && !Number.isNaN(customTo.getTime()) && customTo > customFrom ? customTo : now;
  } else {
    to = now;
    from = new Date(now.getTime() - RANGE_PRESETS[parsed.range === "custom" ? "24h" : parsed.range]);
  }
  const span = to.getTime() - from.getTime();
  return {
    range: parsed.range,
    from,
    to,
    bucket: chooseBucket(from, to),
    previous: { from: new Date(from.getTime() - span), to: from },
    servers: parsed.server,
  };
}

const firstOf = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/**
 * Search, paging and order of a dashboard list (Failures, Tools). A value that cannot be
 * used — text with a NUL, an unknown sort — is dropped, as a hand-edited URL should not
 * break the page; a cursor is checked where it is read (lib/queries/keyset).
 */
export const listPageSchema = z.object({
  q: z.preprocess(
    (value) => (typeof firstOf(value) === "string" ? String(firstOf(value)).trim() || undefined : undefined),
    filterText(200).optional().catch(undefined),
  ),
  new: z.preprocess(firstOf, z.literal("1").optional().catch(undefined)),
  cursor: z.preprocess(firstOf, z.string().max(1024).optional().catch(undefined)),
  sort: z.preprocess(firstOf, z.string().max(32).optional().catch(undefined)),
  dir: z.preprocess(firstOf, z.enum(["asc", "desc"]).optional().catch(undefined)),
});
export type ListPageParams = z.infer<typeof listPageSchema>;
