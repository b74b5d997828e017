import { Link } from "@/components/ui/link";
import { LocalTime } from "@/components/ui/local-time";

// What a partial call id found when it begins several calls' ids: each call, to open.

export function IdPrefixMatches({
  prefix,
  calls,
  more,
}: {
  prefix: string;
  calls: { id: string; occurredAt: string; server: string; tool: string | null }[];
  more: boolean;
}) {
  return (
    <section
      aria-labelledby="id-prefix-heading"
      className="mb-3 rounded-md border border-zinc-200 bg-white p-3 text-sm dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="id-prefix-matches"
    >
      <h2 id="id-prefix-heading" className="mb-1 font-medium wrap-anywhere">
        {more ? `More than ${calls.length}` : calls.length} call ids begin with “{prefix}”
      </h2>
      <ul className="space-y-1">
        {calls.map((call) => (
          <li key={call.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
            <Link
              href={`/calls/${encodeURIComponent(call.id)}`}
              className="min-w-0 font-mono text-xs break-all underline"
              data-testid="id-prefix-match"
            >
              {call.id}
            </Link>
            <span className="min-w-0 text-xs text-zinc-600 wrap-anywhere dark:text-zinc-400">
              <LocalTime value={call.occurredAt} style="short" /> · {call.server}
              {call.tool ? ` / ${call.tool}` : ""}
            </span>
          </li>
        ))}
      </ul>
      {more ? (
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          Type more of the id to narrow it down.
        </p>
      ) : null}
    </section>
  );
}
