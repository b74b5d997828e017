import type { Category } from "../types";

// gRPC status codes, by name and by number (grpc/doc/statuscodes.md; google.rpc.Code). Google
// Cloud's JSON errors carry the name in `error.status`; grpc-gateway's JSON carries the number in
// `code`; Go's gRPC errors read "rpc error: code = Unavailable desc = …".
// Source: https://github.com/grpc/grpc/blob/master/doc/statuscodes.md

export const GRPC_NAMES: readonly string[] = [
  "ok",
  "cancelled",
  "unknown",
  "invalid_argument",
  "deadline_exceeded",
  "not_found",
  "already_exists",
  "permission_denied",
  "resource_exhausted",
  "failed_precondition",
  "aborted",
  "out_of_range",
  "unimplemented",
  "internal",
  "unavailable",
  "data_loss",
  "unauthenticated",
];

export const GRPC_CODES: Record<string, Category> = {
  cancelled: "transient",
  invalid_argument: "validation",
  deadline_exceeded: "transient",
  not_found: "validation",
  already_exists: "validation",
  permission_denied: "permission",
  resource_exhausted: "rate_limited",
  failed_precondition: "validation",
  aborted: "transient",
  out_of_range: "validation",
  unimplemented: "validation",
  internal: "internal",
  unavailable: "transient",
  data_loss: "internal",
  unauthenticated: "auth",
  // "unknown" (2) says nothing: the words decide.
};

/** The category of a gRPC status number (1–16), or undefined. */
export function categoryFromGrpcNumber(code: number): Category | undefined {
  const name = GRPC_NAMES[code];
  return name ? GRPC_CODES[name] : undefined;
}

/**
 * The gRPC status a small number names in a JSON error ({"code": 9, "message": …, "details": []},
 * grpc-gateway's shape), when the error is recognisably gRPC's: a `details` list, or the words
 * gRPC / "rpc error". Other small numbers are an API's own codes.
 */
export function grpcNameOf(code: number | undefined, text: string): string | undefined {
  if (code === undefined || !Number.isInteger(code) || code < 1 || code > 16) return undefined;
  return /["']details["'][ \t]*:[ \t]*\[|\bg?rpc\b/i.test(text) ? GRPC_NAMES[code] : undefined;
}
