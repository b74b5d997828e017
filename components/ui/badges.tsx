// Outcome and category badges: colour plus a glyph and the word, so they read without colour.

const OUTCOME_STYLES: Record<string, { label: string; glyph: string; className: string }> = {
  ok: {
    label: "ok",
    glyph: "✓",
    className: "bg-emerald-50 text-emerald-800 ring-emerald-600/30 dark:bg-emerald-950 dark:text-emerald-200",
  },
  tool_error: {
    label: "tool error",
    glyph: "✕",
    className: "bg-orange-50 text-orange-800 ring-orange-600/30 dark:bg-orange-950 dark:text-orange-200",
  },
  protocol_error: {
    label: "protocol error",
    glyph: "⟂",
    className: "bg-violet-50 text-violet-800 ring-violet-600/30 dark:bg-violet-950 dark:text-violet-200",
  },
  transport_error: {
    label: "transport error",
    glyph: "⚡",
    className: "bg-red-50 text-red-800 ring-red-600/30 dark:bg-red-950 dark:text-red-200",
  },
};

export function OutcomeBadge({ outcome, silent = false }: { outcome: string; silent?: boolean }) {
  if (silent) {
    return (
      <span className="inline-flex items-center gap-1 rounded-md bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-600/40 ring-inset dark:bg-amber-950 dark:text-amber-200">
        <span aria-hidden="true">⚠</span> silent failure
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
      className={`inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${style.className}`}
    >
      <span aria-hidden="true">{style.glyph}</span> {style.label}
    </span>
  );
}

const CATEGORY_GLYPHS: Record<string, string> = {
  transient: "↻",
  rate_limited: "⏱",
  validation: "✎",
  unknown_tool: "?",
  business: "§",
  permission: "⛔",
  auth: "🔑",
  internal: "⚙",
  unknown: "…",
};

export function CategoryBadge({ category }: { category: string | null }) {
  if (!category) return <span className="text-zinc-400">—</span>;
  return (
    <span className="inline-flex items-center gap-1 rounded-md bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-800 ring-1 ring-zinc-500/20 ring-inset dark:bg-zinc-800 dark:text-zinc-100">
      <span aria-hidden="true">{CATEGORY_GLYPHS[category] ?? "•"}</span> {category.replace("_", " ")}
    </span>
  );
}

export function CodeChip({ code }: { code: string | null }) {
  if (!code) return <span className="text-zinc-400">—</span>;
  return (
    <code className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100">
      {code}
    </code>
  );
}
