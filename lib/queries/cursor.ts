import { InvalidInputError } from "../errors";

// Keyset cursor over (occurred_at DESC, id DESC): opaque to clients, stable under inserts.

export interface CursorPosition {
  occurredAt: Date;
  id: string;
}

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify([position.occurredAt.toISOString(), position.id]), "utf8").toString(
    "base64url",
  );
}

export function decodeCursor(cursor: string): CursorPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === "string" &&
      typeof value[1] === "string" &&
      !value[1].includes("\u0000")
    ) {
      const occurredAt = new Date(value[0]);
      // Within what PostgreSQL's timestamptz holds (a tampered year would fail in the database).
      const year = occurredAt.getUTCFullYear();
      if (!Number.isNaN(occurredAt.getTime()) && year >= 1 && year <= 9999)
        return { occurredAt, id: value[1] };
    }
  } catch {
    // fall through
  }
  throw new InvalidInputError([{ path: "cursor", message: "is not a cursor this API returned" }]);
}
