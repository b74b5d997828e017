import type { Queryable } from "../db/queryable";
import { ADVICE, SECRETS_ADVICE, type Advice } from "./advice";
import { categoryMix, serverCounts, type CategoryCount } from "./counts";
import { examplesByMeasure, type Example } from "./examples";
import { activityHref } from "./links";
import { scorecard, type MeasureResult, type Part, type ServerCounts } from "./measures";
import type { Grade } from "./grades";
import { previousWindow, type CardWindow } from "./window";

// One server's report card: its figures over the window (rollups), graded, with what to change and
// real examples for each measure that is not an A.

export interface LinkedPart extends Part {
  /** The Activity view listing exactly these calls. */
  href: string;
}

export interface CardMeasure extends Omit<MeasureResult, "part" | "details"> {
  part: LinkedPart | null;
  details: LinkedPart[];
  /** What to change, for a measure graded below A (or with faults too few to grade). */
  advice: Advice | null;
  examples: Example[];
}

export interface ServerCard {
  server: string;
  window: CardWindow;
  previous: CardWindow;
  calls: number;
  failures: LinkedPart;
  failureRate: number | null;
  previousFailureRate: number | null;
  /** Failures the server answered (isError, JSON-RPC errors, silent): what most measures are shares of. */
  answeredFailures: LinkedPart;
  grade: Grade | null;
  points: number | null;
  measures: CardMeasure[];
  secretsMasked: LinkedPart & { advice: string | null };
  categories: (CategoryCount & { href: string })[];
}

const FAILURES_FILTER = { outcome: ["tool_error", "protocol_error", "transport_error", "silent_failure"] };

export async function serverCard(
  pool: Queryable,
  projectId: string,
  server: string,
  window: CardWindow,
): Promise<ServerCard | null> {
  const previous = previousWindow(window);
  const [current, before, categories] = await Promise.all([
    serverCounts(pool, projectId, window, server),
    serverCounts(pool, projectId, previous, server),
    categoryMix(pool, projectId, server, window, previous),
  ]);
  const counts = current.get(server);
  if (!counts) return null;
  const card = scorecard(counts);
  const failing = card.measures.filter((measure) => needsAdvice(measure)).map((measure) => measure.id);
  const examples = await examplesByMeasure(pool, projectId, server, window, failing);
  const link = (part: Part): LinkedPart => ({ ...part, href: activityHref(server, window, part.filter) });
  const prior = before.get(server);
  return {
    server,
    window,
    previous,
    calls: counts.calls,
    failures: link({ key: "failures", label: "Failures", count: counts.failures, filter: FAILURES_FILTER }),
    failureRate: rate(counts),
    previousFailureRate: prior ? rate(prior) : null,
    answeredFailures: link({
      key: "answered",
      label: "Failures the server answered",
      count: counts.tool_errors + counts.protocol_errors + counts.silent_failures,
      filter: { outcome: ["tool_error", "protocol_error", "silent_failure"] },
    }),
    grade: card.grade,
    points: card.points,
    measures: card.measures.map((measure) => ({
      ...measure,
      part: measure.part ? link(measure.part) : null,
      details: measure.details.map(link),
      advice: needsAdvice(measure) ? ADVICE[measure.id] : null,
      examples: examples[measure.id] ?? [],
    })),
    secretsMasked: {
      ...link({
        key: "secret_masked",
        label: "Texts with a secret masked",
        count: counts.secrets_masked,
        filter: { flag: ["secret_masked"] },
      }),
      advice: counts.secrets_masked > 0 ? SECRETS_ADVICE : null,
    },
    categories: categories.map((row) => ({
      ...row,
      href: activityHref(server, window, { category: [row.category] }),
    })),
  };
}

/** A measure below A, or one with faults but too few failures to grade. */
function needsAdvice(measure: MeasureResult): boolean {
  if (measure.problemShare === null || measure.problemShare === 0) return false;
  return measure.grade === null || measure.grade !== "A";
}

function rate(counts: ServerCounts): number | null {
  return counts.calls === 0 ? null : counts.failures / counts.calls;
}
