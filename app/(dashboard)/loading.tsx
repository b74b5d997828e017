export default function Loading() {
  return (
    <div role="status" aria-live="polite" className="animate-pulse space-y-4">
      <div className="h-8 w-64 rounded bg-zinc-200 dark:bg-zinc-800" />
      <div className="h-32 rounded bg-zinc-200 dark:bg-zinc-800" />
      <div className="h-64 rounded bg-zinc-200 dark:bg-zinc-800" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
