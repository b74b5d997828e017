"use client";

import { useEffect, useState } from "react";

// One button that copies a key, a URL or a snippet, says "Copied" for a moment, and announces it
// to screen readers. The clipboard API needs a secure context (https or localhost); on a plain
// http address the text is copied through a selected, off-screen text area instead.

function copyWithSelection(text: string): boolean {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.top = "-1000px";
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // refused (permissions, focus): try the selection
    }
  }
  return copyWithSelection(text);
}

export function CopyButton({
  text,
  what,
  label = "Copy",
  size = "xs",
  className = "",
  testId = "copy-button",
  title,
}: {
  /** What to copy, or a function giving it at the moment of the click. */
  text: string | (() => string);
  /** What is copied, for screen readers: "Copy" + what ("the key", "the example"). */
  what?: string;
  /** The visible word on the button. */
  label?: string;
  /** xs beside a key or a snippet; sm among the filters. */
  size?: "xs" | "sm";
  className?: string;
  testId?: string;
  title?: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2_000);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          void copyText(typeof text === "function" ? text() : text).then((ok) =>
            setState(ok ? "copied" : "failed"),
          );
        }}
        className={`inline-flex shrink-0 items-center gap-1 rounded-md border border-zinc-300 bg-white px-2 font-medium whitespace-nowrap text-zinc-800 hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800 ${size === "sm" ? "py-1.5 text-sm" : "py-1 text-xs"} ${className}`}
        data-testid={testId}
        data-state={state}
        title={title}
      >
        {state === "copied" ? <span aria-hidden="true">✓</span> : null}
        {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : label}
        {what && state !== "copied" ? <span className="sr-only"> {what}</span> : null}
      </button>
      <span role="status" className="sr-only">
        {state === "copied" ? "Copied to the clipboard" : state === "failed" ? "Could not copy" : ""}
      </span>
    </>
  );
}
