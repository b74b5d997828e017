import { CopyButton } from "./copy-button";

// A block of text to paste elsewhere (a curl example, a config line) with a copy button. A long
// line scrolls inside the block, not the page; the block takes keyboard focus so it can be
// scrolled without a mouse, and its name says what it is.

export function Snippet({
  text,
  label,
  name,
  note,
  testId,
}: {
  text: string;
  label: string;
  /** What it is, when the label alone is not unique on the page: "Copy the {name}". */
  name?: string;
  /** One line under the label: what this form costs or needs. */
  note?: string;
  testId?: string;
}) {
  return (
    <div className="min-w-0 rounded bg-zinc-100 dark:bg-zinc-800">
      <div className="flex items-center justify-between gap-2 px-3 pt-2">
        <span className="text-xs text-zinc-600 dark:text-zinc-400">{label}</span>
        <CopyButton text={text} what={`the ${name ?? label.toLowerCase()}`} />
      </div>
      {note ? <p className="px-3 pt-1 text-xs text-zinc-700 dark:text-zinc-300">{note}</p> : null}
      <pre
        tabIndex={0}
        role="region"
        aria-label={name ?? label}
        className="overflow-x-auto rounded p-3 pt-2 font-mono text-xs focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:outline-none"
        data-testid={testId}
      >
        {text}
      </pre>
    </div>
  );
}

/** A single value (a key, a URL) in a line of its own, wrapped where it must, with a copy button. */
export function CopyableValue({
  value,
  what,
  testId,
  className = "bg-zinc-100 text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100",
}: {
  value: string;
  what: string;
  testId?: string;
  className?: string;
}) {
  return (
    <div className={`flex items-start gap-2 rounded p-2 ${className}`}>
      <code
        className="min-w-0 flex-1 self-center font-mono text-sm break-all select-all"
        data-testid={testId}
      >
        {value}
      </code>
      <CopyButton text={value} what={what} />
    </div>
  );
}
