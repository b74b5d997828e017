"use client";

export default function DashboardError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 p-6 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <h1 className="text-lg font-semibold">This page could not be loaded</h1>
      <p className="mt-2 text-sm">
        {error.digest
          ? `The server logged the error with reference ${error.digest}.`
          : "An unexpected error occurred."}{" "}
        If the database was restarting, trying again usually works.
      </p>
      <button
        type="button"
        onClick={reset}
        className="mt-4 rounded-md bg-red-900 px-3 py-1.5 text-sm text-white"
      >
        Try again
      </button>
    </div>
  );
}
