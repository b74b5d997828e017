import { Link } from "@/components/ui/link";
import { LocalTime } from "@/components/ui/local-time";
import type { FilterChip } from "@/lib/filter-chips";

// Every filter a view applies, as a chip that says what it is ("Session: 9f3c…") and removes it
// when clicked: nothing filters a list without the page saying so. Values are whatever a sender
// chose: rendered as text, cut to one line (in full on hover and for screen readers).

export function FilterChips({ chips }: { chips: FilterChip[] }) {
  if (chips.length === 0) return null;
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2 text-sm" data-testid="filter-chips">
      <span className="text-zinc-600 dark:text-zinc-400" id="filter-chips-label">
        Filtered by
      </span>
      <ul className="flex max-w-full min-w-0 flex-wrap gap-2" aria-labelledby="filter-chips-label">
        {chips.map((chip) => (
          <li key={`${chip.key}=${chip.value}`} className="max-w-full min-w-0">
            <Link
              href={chip.removeHref}
              data-testid="filter-chip"
              data-key={chip.key}
              title={`${chip.label}: ${chip.value} — remove this filter`}
              className="inline-flex max-w-full min-w-0 items-center gap-1 rounded-full border border-zinc-300 bg-white py-0.5 pr-1.5 pl-2.5 hover:border-zinc-500 hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:outline-none dark:border-zinc-600 dark:bg-zinc-900 dark:hover:bg-zinc-800"
            >
              <span className="shrink-0 text-zinc-600 dark:text-zinc-400">{chip.label}:</span>{" "}
              <span className="min-w-0 truncate font-medium">
                {chip.window ? (
                  <>
                    <LocalTime value={chip.window.from} style="short" /> –{" "}
                    <LocalTime value={chip.window.to} style="short" />
                  </>
                ) : (
                  chip.value
                )}
              </span>{" "}
              <span aria-hidden="true" className="shrink-0 px-1 text-base leading-none">
                ×
              </span>
              <span className="sr-only"> (remove this filter)</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
