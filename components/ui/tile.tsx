// A headline number with its change against the previous period of the same length.

import { Link } from "@/components/ui/link";

export function Tile({
  label,
  value,
  change,
  higherIsWorse = true,
  testId,
  href,
  earlierCalls = false,
}: {
  label: string;
  value: string;
  change: number | null;
  higherIsWorse?: boolean;
  testId?: string;
  /** The calls behind the number. */
  href?: string;
  /** The previous period had calls: a change from zero is a rise, not a missing comparison. */
  earlierCalls?: boolean;
}) {
  let delta = "no earlier data";
  let tone = "text-zinc-500 dark:text-zinc-400";
  if (change === null && earlierCalls) {
    delta = "▲ from 0 in the previous period";
    tone = higherIsWorse ? "text-red-700 dark:text-red-400" : "text-emerald-700 dark:text-emerald-400";
  } else if (change !== null) {
    const arrow = change > 0 ? "▲" : change < 0 ? "▼" : "=";
    delta = `${arrow} ${Math.abs(change * 100).toFixed(change !== 0 && Math.abs(change) < 0.1 ? 1 : 0)}% vs previous period`;
    const worse = higherIsWorse ? change > 0 : change < 0;
    tone =
      change === 0
        ? "text-zinc-500 dark:text-zinc-400"
        : worse
          ? "text-red-700 dark:text-red-400"
          : "text-emerald-700 dark:text-emerald-400";
  }
  const body = (
    <>
      <p className="text-xs font-medium tracking-wide text-zinc-500 dark:text-zinc-400 uppercase">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
      <p className={`mt-1 text-xs ${tone}`}>{delta}</p>
    </>
  );
  const box =
    "block rounded-lg border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900";
  return href ? (
    <Link
      href={href}
      className={`${box} hover:border-zinc-400 focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:outline-none`}
      data-testid={testId}
    >
      {body}
    </Link>
  ) : (
    <div className={box} data-testid={testId}>
      {body}
    </div>
  );
}

export function percent(value: number): string {
  return `${(value * 100).toFixed(value > 0 && value < 0.01 ? 2 : 1)}%`;
}
