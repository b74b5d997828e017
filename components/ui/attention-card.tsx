import { Link } from "@/components/ui/link";
import type { FailurePage } from "@/lib/queries/failures";
import { SignatureStatusBadge } from "./badges";

// The Overview's first question: has anything come back, or started failing, in this period?

export function AttentionCard({
  regressed,
  fresh,
  windowLink,
}: {
  regressed: FailurePage;
  fresh: FailurePage;
  windowLink: string;
}) {
  if (regressed.total === 0 && fresh.total === 0) return null;
  const rows = [
    ...regressed.groups.map((group) => ({ group, badge: <SignatureStatusBadge status="regressed" /> })),
    ...fresh.groups.map((group) => ({
      group,
      badge: (
        <span className="rounded bg-orange-700 px-1.5 py-0.5 text-xs font-semibold text-white">NEW</span>
      ),
    })),
  ];
  return (
    <section
      className="mt-4 rounded-lg border border-red-200 bg-white p-4 shadow-sm dark:border-red-900 dark:bg-zinc-900"
      data-testid="attention"
    >
      <h2 className="mb-3 text-sm font-medium text-zinc-700 dark:text-zinc-300">
        Needs attention: {regressed.total.toLocaleString("en-US")} regressed,{" "}
        {fresh.total.toLocaleString("en-US")} new failure{fresh.total === 1 ? "" : "s"} in this period
      </h2>
      <ul className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
        {rows.map(({ group, badge }) => (
          <li key={group.signature} className="flex items-center gap-2 py-1.5">
            {badge}
            <Link
              href={`/failures/${group.signature}?${windowLink}`}
              className="min-w-0 flex-1 truncate underline"
              title={`${group.server} / ${group.tool || "—"}: ${group.exampleText || "(no text)"}`}
            >
              {group.server} / {group.tool || "—"}: {group.exampleText || "(no text)"}
            </Link>
            <span className="tabular-nums text-zinc-600 dark:text-zinc-400">
              {group.callsInWindow.toLocaleString("en-US")}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs">
        <Link href={`/failures?${windowLink}&status=regressed`} className="underline">
          All regressed
        </Link>{" "}
        ·{" "}
        <Link href={`/failures?${windowLink}&new=1`} className="underline">
          All new
        </Link>
      </p>
    </section>
  );
}
