// Where to go after signing in. The `next` parameter is attacker-controlled: it is resolved
// exactly as a browser resolves a Location header, and kept only when that stays on this
// app's origin. Checking the raw string misses what URL parsing does (tabs and newlines are
// dropped, "\" is "/", "/.//host" collapses to "//host").

const BASE = "http://faultline.invalid";

/** Longer than any link the dashboard makes (every filter set); beyond it, "/". */
export const MAX_NEXT_LENGTH = 4096;

function sameOrigin(target: string): boolean {
  try {
    return new URL(target, BASE).origin === BASE;
  } catch {
    return false;
  }
}

/** A same-origin path (with query and fragment) to redirect to, else "/". */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || next.length > MAX_NEXT_LENGTH || !sameOrigin(next)) return "/";
  const url = new URL(next, BASE);
  const target = `${url.pathname}${url.search}${url.hash}`;
  // The normalised path is what we send; it must itself resolve to this origin.
  return sameOrigin(target) ? target : "/";
}
