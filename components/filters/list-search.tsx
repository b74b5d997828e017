import Form from "next/form";
import { Link } from "@/components/ui/link";
import { viewHref, type ViewParams } from "@/lib/view-href";

// A GET form searching a dashboard list (next/form: a navigation within the app, a plain form
// without JavaScript); every other parameter of the view rides along as hidden fields, and a new
// search starts at page one.

export function ListSearch({
  path,
  params,
  label,
  placeholder,
  newOnly,
}: {
  path: string;
  params: ViewParams;
  label: string;
  placeholder: string;
  /** Offer a "new only" box, currently checked or not; absent: no box. */
  newOnly?: boolean;
}) {
  const kept: [string, string][] = [];
  for (const [key, value] of Object.entries(params)) {
    if (["q", "new", "cursor"].includes(key) || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) kept.push([key, item]);
  }
  const q = typeof params.q === "string" ? params.q : "";
  return (
    // Keyed by the view's parameters: after a navigation within the app the form starts again from
    // the URL, with no text left over from before.
    <Form
      key={JSON.stringify(params)}
      action={path}
      prefetch={false}
      role="search"
      className="mb-4 flex flex-wrap items-center gap-3 text-sm"
    >
      {kept.map(([key, value], index) => (
        <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
      ))}
      <label className="sr-only" htmlFor="list-search">
        {label}
      </label>
      <input
        id="list-search"
        name="q"
        type="search"
        defaultValue={q}
        maxLength={200}
        placeholder={placeholder}
        className="w-72 max-w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 dark:border-zinc-700 dark:bg-zinc-900"
      />
      {newOnly !== undefined ? (
        <label className="inline-flex items-center gap-1.5">
          <input type="checkbox" name="new" value="1" defaultChecked={newOnly} />
          New in this period only
        </label>
      ) : null}
      <button
        type="submit"
        className="rounded-md bg-zinc-900 px-3 py-1.5 font-medium text-white hover:bg-zinc-700 dark:bg-zinc-100 dark:text-zinc-900"
      >
        Search
      </button>
      {q || newOnly ? (
        <Link href={viewHref(path, params, ["q", "new", "cursor"])} className="underline">
          Clear
        </Link>
      ) : null}
    </Form>
  );
}
