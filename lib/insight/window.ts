import { BUCKET_MS } from "../rollups";

// The period a report card covers, to the hour: the rollups hold hourly (and daily) rows, so a card
// counts whole hours, and the Activity links behind its shares open exactly those hours.

export interface CardWindow {
  from: Date;
  to: Date;
}

const HOUR = BUCKET_MS.hour;

/** [from, to) widened to whole hours: from down, to up. */
export function cardWindow(from: Date, to: Date): CardWindow {
  const start = Math.floor(from.getTime() / HOUR) * HOUR;
  const end = Math.max(Math.ceil(to.getTime() / HOUR) * HOUR, start + HOUR);
  return { from: new Date(start), to: new Date(end) };
}

/** The period of the same length just before. */
export function previousWindow(window: CardWindow): CardWindow {
  const span = window.to.getTime() - window.from.getTime();
  return { from: new Date(window.from.getTime() - span), to: window.from };
}

/** A read API's period: `from`/`to` when given, else the last 24 hours, widened to whole hours. */
export function requestedWindow(from: Date | undefined, to: Date | undefined, now = new Date()): CardWindow {
  const end = to ?? now;
  return cardWindow(from ?? new Date(end.getTime() - 86_400_000), end);
}

/** "2026-12-01 02:00 – 2026-12-02 03:00 UTC": a card's period as people read it. */
export function formatWindow(window: CardWindow): string {
  const short = (time: Date) => time.toISOString().slice(0, 16).replace("T", " ");
  return `${short(window.from)} – ${short(window.to)} UTC`;
}
