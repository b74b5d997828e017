import { InvalidInputError } from "../errors";

// Keyset cursors for pages ordered by computed values (failures in a window, a tool's rate):
// the last row's sort key, opaque to clients (base64url JSON), checked on the way back in.

export type KeysetValue = string | number;
export type KeysetShape = readonly ("string" | "number")[];

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
      value.every((item, index) =>
        shape[index] === "number"
          ? typeof item === "number" && Number.isFinite(item)
          : typeof item === "string",
      )
    ) {
      return value as KeysetValue[];
    }
  } catch {
    // fall through
  }
  throw new InvalidInputError([{ path: field, message: "is not a cursor this page returned" }]);
}

/** Runs a page query; a cursor it refuses (a hand-edited URL) shows the first page instead. */
export async function orFirstPage<T>(
  cursor: string | undefined,
  run: (cursor: string | undefined) => Promise<T>,
): Promise<T> {
  try {
    return await run(cursor);
  } catch (error) {
    if (cursor && error instanceof InvalidInputError) return run(undefined);
    throw error;
  }
}
