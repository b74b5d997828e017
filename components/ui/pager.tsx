import { Link } from "@/components/ui/link";
import { viewHref, type ViewParams } from "@/lib/view-href";

// "N of TOTAL" and the links of a keyset-paged list: the next page, and back to the first.

export function Pager({
  path,
  params,
  shown,
  total,
  noun,
  nextCursor,
}: {
  path: string;
  params: ViewParams;
  shown: number;
  total: number;
  noun: string;
  nextCursor: string | null;
}) {
  const onFirstPage = !params.cursor;
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-zinc-600 dark:text-zinc-400" data-testid="pager-summary">
        {shown.toLocaleString("en-US")} {onFirstPage ? "" : "more "}of {total.toLocaleString("en-US")} {noun}
      </p>
      <div className="flex gap-2">
        {onFirstPage ? null : (
          <Link
            href={viewHref(path, params, ["cursor"])}
            className="rounded-md border border-zinc-300 px-3 py-1.5 dark:border-zinc-700"
          >
            ← First page
          </Link>
        )}
        {nextCursor ? (
          <Link
            href={viewHref(path, params, [], { cursor: nextCursor })}
            className="rounded-md border border-zinc-300 px-3 py-1.5 dark:border-zinc-700"
            data-testid="next-page"
          >
            Next page →
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
