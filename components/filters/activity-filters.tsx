import Form from "next/form";
import { Link } from "@/components/ui/link";
import { CATEGORIES, FLAGS } from "@/lib/classify/types";
import { ROUTES } from "@/lib/ingest/routes";
import { categoryWords, outcomeWords } from "@/lib/outcome-words";
import { OUTCOME_FILTERS } from "@/lib/schemas/read";
import type { ListCallsQuery } from "@/lib/schemas/read";

// The Activity filters as a GET form: every choice lands in the URL (repeated keys for
// multi-selects) and a view can be shared by link. next/form applies it as a navigation within
// the app (no full reload) and falls back to a plain form submission without JavaScript.

/**
 * Past this many choices a list is no help (and 2,000 tools made each Activity page a megabyte):
 * the chosen ones stay as boxes and a text field takes an exact name.
 */
const MAX_CHOICES = 100;

function CheckboxGroup({
  name,
  legend,
  options,
  selected,
  words,
}: {
  name: string;
  legend: string;
  options: readonly string[];
  selected: string[];
  /** How a fixed choice reads (outcomes, categories: words, not the URL's value); names as they are. */
  words?: (option: string) => string;
}) {
  const typed = options.length > MAX_CHOICES;
  const shown = typed ? selected : options;
  return (
    // On a phone the open list spans the screen (positioned against the page), not off its edge.
    <details className="sm:relative">
      <summary
        className="cursor-pointer rounded-md border border-zinc-300 bg-white px-2 py-1.5 select-none dark:border-zinc-700 dark:bg-zinc-900"
        data-testid={`filter-${name}`}
      >
        {legend}
        {selected.length ? ` (${selected.length})` : ""}
      </summary>
      <fieldset className="absolute inset-x-4 z-10 mt-1 max-h-72 overflow-y-auto sm:inset-x-auto sm:w-64 rounded-md border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
        <legend className="sr-only">{legend}</legend>
        {options.length === 0 ? (
          <p className="text-xs text-zinc-500 dark:text-zinc-400">None seen in this period.</p>
        ) : null}
        {shown.map((option) => (
          <label key={option} className="flex items-center gap-2 py-0.5 text-sm">
            <input type="checkbox" name={name} value={option} defaultChecked={selected.includes(option)} />
            {words ? (
              <span>{words(option)}</span>
            ) : (
              <span className="font-mono text-xs break-all">{option}</span>
            )}
          </label>
        ))}
        {typed ? (
          <label className="block text-xs text-zinc-600 dark:text-zinc-400">
            {options.length.toLocaleString("en-US")} seen in this period: type one exactly
            <input
              type="text"
              name={name}
              maxLength={200}
              data-testid={`filter-${name}-typed`}
              className="mt-1 w-full rounded-md border border-zinc-300 bg-white px-2 py-1 font-mono text-xs text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
            />
          </label>
        ) : null}
      </fieldset>
    </details>
  );
}

export function ActivityFilters({
  query,
  options,
  carried,
}: {
  query: ListCallsQuery;
  options: { errorCodes: string[]; servers: string[]; tools: string[]; methods: string[] };
  carried: Record<string, string>;
}) {
  return (
    // Keyed by the filters shown: after a navigation within the app (Apply, Clear, a link) the form
    // starts again from the URL, with no typed text or ticked box left over from before.
    <Form
      key={JSON.stringify(query)}
      action="/calls"
      prefetch={false}
      className="mb-4 flex flex-wrap items-center gap-2 text-sm"
      role="search"
      aria-label="Filter calls"
    >
      {Object.entries(carried).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <CheckboxGroup
        name="errorCode"
        legend="Error code"
        options={options.errorCodes}
        selected={query.errorCode}
      />
      <CheckboxGroup
        name="outcome"
        legend="Outcome"
        options={OUTCOME_FILTERS}
        selected={query.outcome}
        words={outcomeWords}
      />
      <CheckboxGroup
        name="category"
        legend="Category"
        options={CATEGORIES}
        selected={query.category}
        words={categoryWords}
      />
      <CheckboxGroup name="server" legend="Server" options={options.servers} selected={query.server} />
      <CheckboxGroup name="tool" legend="Tool" options={options.tools} selected={query.tool} />
      <CheckboxGroup name="method" legend="Method" options={options.methods} selected={query.method} />
      <CheckboxGroup name="flag" legend="Flag" options={FLAGS} selected={query.flag} />
      <CheckboxGroup name="route" legend="Route" options={ROUTES} selected={query.route} />
      <label className="sr-only" htmlFor="q">
        Search text
      </label>
      <input
        id="q"
        name="q"
        type="search"
        defaultValue={query.q ?? ""}
        placeholder="Search text, code, tool"
        maxLength={200}
        className="w-56 max-w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 dark:border-zinc-700 dark:bg-zinc-900"
      />
      <button
        type="submit"
        className="rounded-md bg-zinc-900 px-3 py-1.5 text-white dark:bg-zinc-100 dark:text-zinc-900"
        data-testid="apply-filters"
      >
        Apply
      </button>
      <Link href="/calls" className="text-zinc-600 underline-offset-2 hover:underline dark:text-zinc-400">
        Clear
      </Link>
    </Form>
  );
}
