// Manners for code that runs inside someone else's process — a guest throws nothing into its host,
// changes and delays nothing the host does, and keeps only bounded memory. What the host gave us
// (onError, transform) may throw, what the other end sent may be anything, and neither may reach
// the host as an exception, a rejection or a runaway string.

/** Tells the host's onError; a handler that throws is the host's own bug, never re-raised into it. */
export function tell(onError: (error: Error) => void, message: string): void {
  try {
    onError(new Error(`[faultline reporter] ${message}`));
  } catch {
    // swallowed on purpose: there is no one else to tell
  }
}

/** Runs our own bookkeeping where an exception would otherwise travel into the host's call. */
export function quietly(work: () => void): void {
  try {
    work();
  } catch {
    // recording must never break the host's own traffic
  }
}

/**
 * Text that came from the other end (a Location header, an error message), fit to quote in a
 * message: control characters replaced, at most `max` characters.
 */
export function printable(text: string, max = 200): string {
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, " ");
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** An error's message (or the value), fit to quote. */
export function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
  return printable(`${message}${cause}`);
}

/** Resolves when `work` settles or `ms` pass, whichever is first; never rejects. */
export async function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, ms))));
  try {
    await Promise.race([work.then(noop, noop), expired]);
  } finally {
    clearTimeout(timer);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

function noop(): void {}
