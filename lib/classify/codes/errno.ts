import type { Category } from "../types";

// System error names (POSIX errno as Node and libc print them: "ENOENT: no such file or
// directory", "spawn git ENOENT"), and Node's own error codes (ERR_*, undici's UND_ERR_*).
// Sources: https://man7.org/linux/man-pages/man3/errno.3.html,
// https://nodejs.org/api/errors.html#common-system-errors, https://nodejs.org/api/errors.html#nodejs-error-codes

export const ERRNO: Record<string, Category> = {
  // What the caller named is missing, or the wrong kind of thing.
  enoent: "validation",
  enotdir: "validation",
  eisdir: "validation",
  eexist: "validation",
  enotempty: "validation",
  einval: "validation",
  enametoolong: "validation",
  eloop: "validation",
  exdev: "validation",
  e2big: "validation",
  enoexec: "validation",
  erange: "validation",
  edom: "validation",
  // Not allowed.
  eacces: "permission",
  eperm: "permission",
  erofs: "permission",
  // Busy, exhausted, interrupted: later may work.
  ebusy: "transient",
  emfile: "transient",
  enfile: "transient",
  eagain: "transient",
  eintr: "transient",
  enomem: "transient",
  etxtbsy: "transient",
  // The network.
  econnrefused: "transient",
  econnreset: "transient",
  econnaborted: "transient",
  etimedout: "transient",
  enotfound: "transient",
  eai_again: "transient",
  ehostunreach: "transient",
  enetunreach: "transient",
  enetdown: "transient",
  epipe: "transient",
  eaddrinuse: "transient",
  eaddrnotavail: "transient",
  // The machine.
  enospc: "internal",
  edquot: "business",
  eio: "internal",
};

export const NODE_CODES: Record<string, Category> = {
  err_invalid_arg_type: "validation",
  err_invalid_arg_value: "validation",
  err_out_of_range: "validation",
  err_invalid_url: "validation",
  err_invalid_url_scheme: "validation",
  err_invalid_protocol: "validation",
  err_invalid_char: "validation",
  err_missing_args: "validation",
  err_unknown_encoding: "validation",
  err_invalid_file_url_path: "validation",
  err_fs_file_too_large: "validation",
  err_module_not_found: "internal",
  err_require_esm: "internal",
  err_unknown_file_extension: "internal",
  err_stream_premature_close: "transient",
  err_socket_connection_timeout: "transient",
  err_http2_stream_error: "transient",
  abort_err: "transient",
  und_err_connect_timeout: "transient",
  und_err_headers_timeout: "transient",
  und_err_body_timeout: "transient",
  und_err_socket: "transient",
  und_err_closed: "transient",
  und_err_aborted: "transient",
  und_err_response_status_code: "internal",
  // TLS: a certificate that will not verify does not fix itself on a retry.
  cert_has_expired: "validation",
  depth_zero_self_signed_cert: "validation",
  self_signed_cert_in_chain: "validation",
  unable_to_verify_leaf_signature: "validation",
  err_tls_cert_altname_invalid: "validation",
};
