import type { ReactNode } from "react";

// Where a table is wider than the screen it scrolls inside this box, never the page. The box
// is a named region that takes keyboard focus, so the arrow keys scroll it without a mouse.

export function ScrollRegion({
  label,
  children,
  className = "",
  testId,
}: {
  /** What the region holds ("Calls", "Keys"): its accessible name. */
  label: string;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`overflow-x-auto focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:outline-none ${className}`}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
