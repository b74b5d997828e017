import { Fragment } from "react";
import { categoryWords, OUTCOME_WORDS } from "@/lib/outcome-words";
// Outcome and category badges: colour plus a glyph and the word, so they read without colour.

const OUTCOME_STYLES: Record<string, { label: string; glyph: string; className: string }> = {
  ok: {
    label: OUTCOME_WORDS.ok,
    glyph: "✓",
    className: "bg-emerald-50 text-emerald-800 ring-emerald-600/30 dark:bg-emerald-950 dark:text-emerald-200",
  },
  tool_error: {
    label: OUTCOME_WORDS.tool_error,
    glyph: "✕",
    className: "bg-orange-50 text-orange-800 ring-orange-600/30 dark:bg-orange-950 dark:text-orange-200",
  },
  protocol_error: {
    label: OUTCOME_WORDS.protocol_error,
    glyph: "⟂",
    className: "bg-violet-50 text-violet-800 ring-violet-600/30 dark:bg-violet-950 dark:text-violet-200",
  },
  transport_error: {
    label: OUTCOME_WORDS.transport_error,
    glyph: "⚡",
    className: "bg-red-50 text-red-800 ring-red-600/30 dark:bg-red-950 dark:text-red-200",
  },
};

export function OutcomeBadge({ outcome, silent = false }: { outcome: string; silent?: boolean }) {
  if (silent) {
    return (
      <span className="inline-flex items-center gap-1 rounded-md bg-amber-50 px-2 py-0.5 whitespace-nowrap text-xs font-medium text-amber-900 ring-1 ring-amber-600/40 ring-inset dark:bg-amber-950 dark:text-amber-200">
        <span aria-hidden="true">⚠</span> {OUTCOME_WORDS.silent_failure}
      </span>
    );
  }
  const style = OUTCOME_STYLES[outcome] ?? {
    label: outcome,
    glyph: "•",
    className: "bg-zinc-100 text-zinc-800 ring-zinc-500/30",
  };
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${style.className}`}
    >
      <span aria-hidden="true">{style.glyph}</span> {style.label}
    </span>
  );
}

const CATEGORY_STYLES: Record<string, string> = {
  transient: "bg-sky-50 text-sky-900 ring-sky-600/30 dark:bg-sky-950 dark:text-sky-200",
  rate_limited: "bg-cyan-50 text-cyan-900 ring-cyan-600/30 dark:bg-cyan-950 dark:text-cyan-200",
  validation: "bg-yellow-50 text-yellow-900 ring-yellow-600/30 dark:bg-yellow-950 dark:text-yellow-200",
  unknown_tool:
    "bg-fuchsia-50 text-fuchsia-900 ring-fuchsia-600/30 dark:bg-fuchsia-950 dark:text-fuchsia-200",
  business: "bg-indigo-50 text-indigo-900 ring-indigo-600/30 dark:bg-indigo-950 dark:text-indigo-200",
  permission: "bg-rose-50 text-rose-900 ring-rose-600/30 dark:bg-rose-950 dark:text-rose-200",
  auth: "bg-red-50 text-red-900 ring-red-600/30 dark:bg-red-950 dark:text-red-200",
  internal: "bg-stone-100 text-stone-900 ring-stone-600/30 dark:bg-stone-800 dark:text-stone-100",
  launch: "bg-orange-50 text-orange-900 ring-orange-600/30 dark:bg-orange-950 dark:text-orange-200",
  unknown: "bg-zinc-100 text-zinc-800 ring-zinc-500/30 dark:bg-zinc-800 dark:text-zinc-100",
};

/** The category's name is always written out; the colour only repeats it. */
export function CategoryBadge({ category }: { category: string | null }) {
  if (!category) return <span className="text-zinc-600 dark:text-zinc-400">—</span>;
  return (
    <span
      className={`inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${CATEGORY_STYLES[category] ?? CATEGORY_STYLES.unknown}`}
    >
      {categoryWords(category)}
    </span>
  );
}

/** An error code; with a `className` setting a max width, a long one is cut, in full on hover. */
export function CodeChip({ code, className }: { code: string | null; className?: string }) {
  if (!code) return <span className="text-zinc-600 dark:text-zinc-400">—</span>;
  // Where a narrow column wraps a code, it wraps after its separators ("payment_" / "required"),
  // never every few letters; a part longer than the column still breaks (break-words).
  const parts = className ? [code] : code.split(/(?<=[_.:/-])/);
  return (
    <code
      className={`rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100 ${className ? `inline-block truncate align-bottom ${className}` : "break-words"}`}
      title={className ? code : undefined}
    >
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </code>
  );
}

const SIGNATURE_STATUS_STYLES: Record<string, string> = {
  open: "bg-zinc-100 text-zinc-800 ring-zinc-500/30 dark:bg-zinc-800 dark:text-zinc-200",
  regressed: "bg-red-700 text-white ring-red-800",
  resolved: "bg-emerald-50 text-emerald-800 ring-emerald-600/30 dark:bg-emerald-950 dark:text-emerald-200",
  ignored: "bg-zinc-50 text-zinc-600 ring-zinc-400/30 dark:bg-zinc-900 dark:text-zinc-400",
};

/** A failure signature's status (open, regressed, resolved, ignored). */
export function SignatureStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`rounded-md px-1.5 py-0.5 text-xs font-semibold uppercase ring-1 ring-inset ${SIGNATURE_STATUS_STYLES[status] ?? SIGNATURE_STATUS_STYLES.open}`}
      data-testid="signature-status"
    >
      {status}
    </span>
  );
}
