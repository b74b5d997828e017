// Legend labels in the text colour, with the series colour left to the swatch beside each:
// light series colours (amber, emerald) as text on white are too faint to read.

export function legendText(value: string) {
  return <span className="text-zinc-700 dark:text-zinc-300">{value}</span>;
}
