"use client";

import { useSyncExternalStore } from "react";

// Shows a time in the browser's time zone, with the exact UTC time on hover. The server
// renders UTC (it cannot know the zone); the browser swaps in local time after hydration.

const subscribe = () => () => {};

export function LocalTime({
  value,
  style = "datetime",
}: {
  value: string | Date;
  style?: "datetime" | "short" | "time" | "date";
}) {
  const date = typeof value === "string" ? new Date(value) : value;
  const iso = date.toISOString();
  const isClient = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const options: Intl.DateTimeFormatOptions =
    style === "time"
      ? { hour: "2-digit", minute: "2-digit", second: "2-digit" }
      : style === "date"
        ? { year: "numeric", month: "short", day: "numeric" }
        : style === "short"
          ? { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit" }
          : {
              year: "numeric",
              month: "short",
              day: "numeric",
              hour: "2-digit",
              minute: "2-digit",
              second: "2-digit",
            };
  const text = isClient
    ? date.toLocaleString(undefined, options)
    : `${iso.slice(0, 19).replace("T", " ")} UTC`;
  return (
    <time dateTime={iso} title={`${iso.replace("T", " ").replace("Z", "")} UTC`} suppressHydrationWarning>
      {text}
    </time>
  );
}
