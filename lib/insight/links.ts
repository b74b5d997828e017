import { TOOL_CALL, type CallFilterParams } from "../rollups";
import { viewHref } from "../view-href";
import type { CardWindow } from "./window";

// The Activity view behind a count of a card: the server's tool calls in the card's window (whole
// hours, as the rollups count them) with the count's own filters.

export function activityHref(server: string, window: CardWindow, filter: CallFilterParams): string {
  return viewHref(
    "/calls",
    {
      range: "custom",
      from: window.from.toISOString(),
      to: window.to.toISOString(),
      server,
      method: TOOL_CALL,
      ...filter,
    },
    [],
  );
}

export function serverCardHref(server: string, params: Record<string, string | undefined> = {}): string {
  return viewHref(`/servers/${encodeURIComponent(server)}`, params, []);
}

/** A path segment as Next hands it to a page (still percent-encoded); as given when it is not valid encoding. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
