import { InvalidInputError } from "../errors";

// Keyset cursors for pages ordered by computed values (failures in a window, a tool's rate):
// the last row's sort key, opaque to clients (base64url JSON), checked on the way back in.

export type KeysetValue = string | number;
/**
 * What each value must be: any finite number (float8); an int32 (an int column); a safe integer
 * (a bigint column, within what JSON numbers carry exactly); a string of digits (a bigint carried
 * as text); any string. No string may hold a NUL (PostgreSQL text
 * cannot), so a tampered cursor is refused here rather than failing in the database.
 */
export type KeysetShape = readonly ("string" | "number" | "int32" | "int53" | "digits")[];

function fits(item: unknown, kind: KeysetShape[number]): boolean {
  switch (kind) {
    case "number":
      return typeof item === "number" && Number.isFinite(item);
    case "int32":
      return typeof item === "number" && Number.isInteger(item) && item >= -(2 ** 31) && item < 2 ** 31;
    case "int53":
      return typeof item === "number" && Number.isSafeInteger(item);
    case "digits":
      return typeof item === "string" && /^-?\d{1,18}$/.test(item);
    case "string":
      return typeof item === "string" && !item.includes("\u0000");
  }
}

export function encodeKeyset(values: readonly KeysetValue[]): string {
  return Buffer.from(JSON.stringify(values), "utf8").toString("base64url");
}

/** The values a cursor carries, when it has exactly `shape`; else a 400 naming the field. */
export function decodeKeyset(cursor: string, shape: KeysetShape, field = "cursor"): KeysetValue[] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === shape.length &&
      value.every((item, index) => fits(item, shape[index]!))
    ) {
      return value as KeysetValue[];
    }
  } catch {
    // fall through
  }
  throw new InvalidInputError([{ path: field, message: "is not a cursor this page returned" }]);
}

/**
 * Runs a page query; a cursor it refuses (a hand-edited URL) shows the first page instead. Returns
 * the page and the cursor it was read from (undefined for the first page), for "N more of" and
 * the link back to the first page.
 */
export async function orFirstPage<T>(
  cursor: string | undefined,
  run: (cursor: string | undefined) => Promise<T>,
): Promise<{ page: T; cursor: string | undefined }> {
  try {
    return { page: await run(cursor), cursor };
  } catch (error) {
    if (cursor && error instanceof InvalidInputError)
      return { page: await run(undefined), cursor: undefined };
    throw error;
  }
}
