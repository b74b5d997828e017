import { stringify } from "csv-stringify/sync";

// CSV cells for spreadsheets. Quoting is csv-stringify's (RFC 4180: a cell holding a comma,
// quote or line break is quoted, quotes doubled). On top of it, formula injection (CWE-1236):
// a spreadsheet evaluates a cell that starts with = + - @ (and, in some, a leading tab or
// carriage return) as a formula — `=HYPERLINK(...)` or a DDE `=cmd|...` in a tool's error
// text would run on the analyst's machine. Every text cell starting with one of those (or
// their full-width forms, which some spreadsheets read as the same) is prefixed with a single
// quote, which spreadsheets show as text. Spreadsheets that trim leading spaces on import read
// " =1+1" as a formula too, so whitespace before one of those characters counts as well: any
// Unicode space or control character, any invisible format character (a BOM, zero-width
// spaces and joiners, direction marks and overrides, a soft hyphen, tag characters) and the
// letters that render blank (Hangul fillers, the Braille blank). The value then differs from
// the stored one by that leading `'` (an error code "-32602" is written '-32602); the JSONL
// export is never altered.

const FORMULA_START =
  /^[\t\r]|^[\s\p{Cc}\p{Cf}\p{Zs}\u115F\u1160\u3164\uFFA0\u2800]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u;

export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export interface CsvColumn<Row> {
  key: keyof Row & string;
  header: string;
}

/**
 * Rows as CSV lines, the header first when `header`. Text is neutralised, dates ISO-8601,
 * booleans true/false, arrays space-separated, null empty.
 */
export function csvLines<Row>(rows: Row[], columns: CsvColumn<Row>[], header: boolean): string {
  return stringify(rows as Record<string, unknown>[], {
    header,
    columns: columns.map((column) => ({ key: column.key, header: column.header })),
    cast: {
      string: neutraliseCell,
      boolean: (value) => String(value),
      date: (value) => value.toISOString(),
      object: (value) =>
        neutraliseCell(Array.isArray(value) ? value.map(String).join(" ") : JSON.stringify(value)),
    },
  });
}
