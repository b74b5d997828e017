import type { Category } from "../types";

// SQLite result codes (primary codes; extended codes such as SQLITE_CONSTRAINT_UNIQUE fall back to
// their primary). SQLITE_ERROR says nothing by itself: its words decide.
// Source: https://www.sqlite.org/rescode.html

const PRIMARY: Record<string, Category> = {
  sqlite_internal: "internal",
  sqlite_perm: "permission",
  sqlite_abort: "transient",
  sqlite_busy: "transient",
  sqlite_locked: "transient",
  sqlite_nomem: "transient",
  sqlite_readonly: "permission",
  sqlite_interrupt: "transient",
  sqlite_ioerr: "internal",
  sqlite_corrupt: "internal",
  sqlite_notfound: "internal",
  sqlite_full: "internal",
  sqlite_cantopen: "internal",
  sqlite_protocol: "transient",
  sqlite_schema: "transient",
  sqlite_toobig: "validation",
  sqlite_constraint: "validation",
  sqlite_mismatch: "validation",
  sqlite_misuse: "internal",
  sqlite_nolfs: "internal",
  sqlite_auth: "permission",
  sqlite_range: "validation",
  sqlite_notadb: "internal",
};

/** The category of a SQLite result code, lower-cased ("sqlite_constraint_unique"), or undefined. */
export function categoryFromSqliteCode(normalised: string): Category | undefined {
  if (!normalised.startsWith("sqlite_")) return undefined;
  const primary = /^sqlite_[a-z]+/.exec(normalised)?.[0] ?? normalised;
  return PRIMARY[normalised] ?? PRIMARY[primary];
}
