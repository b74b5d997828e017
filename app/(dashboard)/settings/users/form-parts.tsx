import { CopyButton } from "@/components/ui/copy-button";

// Small pieces the Users and Account forms share, styled like the rest of Settings.

export const input =
  "rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900";
export const button =
  "rounded-md bg-zinc-900 px-3 py-1.5 text-sm text-white disabled:opacity-50 dark:bg-zinc-100 dark:text-zinc-900";
export const dangerButton =
  "rounded-md bg-red-700 px-3 py-1.5 text-sm text-white disabled:opacity-50 dark:bg-red-600";

export function Message({ state }: { state: { ok: boolean; message: string } | null }) {
  if (!state) return null;
  return (
    <p
      role="status"
      className={`mt-2 text-sm ${state.ok ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}
    >
      {state.message}
    </p>
  );
}

/** A one-time link, shown once: selected whole with one click, or copied with the button. */
export function OneTimeLink({ url }: { url: string }) {
  return (
    <div className="mt-2 flex items-start gap-2 rounded bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
      <pre
        className="min-w-0 flex-1 self-center font-mono text-sm break-all whitespace-pre-wrap select-all"
        data-testid="one-time-link"
      >
        {url}
      </pre>
      <CopyButton text={url} what="the one-time link" />
    </div>
  );
}
