"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";

const POLL_MS = 5_000;

/** Live mode: re-fetches the first page every few seconds; its state lives in the URL. */
export function LiveToggle({ enabled }: { enabled: boolean }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const live = params.get("live") === "1";
  useEffect(() => {
    if (!live || !enabled) return;
    const timer = setInterval(() => router.refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [live, enabled, router]);
  return (
    <label
      className="flex items-center gap-2 text-sm"
      title={enabled ? "Poll for new calls every 5 seconds" : "Live mode follows the newest page"}
    >
      <input
        type="checkbox"
        checked={live}
        disabled={!enabled}
        onChange={(event) => {
          const next = new URLSearchParams(params.toString());
          if (event.target.checked) next.set("live", "1");
          else next.delete("live");
          router.replace(`${pathname}?${next.toString()}`);
        }}
      />
      Live
      {live && enabled ? (
        <>
          <span
            className="inline-block h-2 w-2 animate-pulse rounded-full bg-emerald-500"
            aria-hidden="true"
          />
          <span className="sr-only">(polling)</span>
        </>
      ) : null}
    </label>
  );
}
