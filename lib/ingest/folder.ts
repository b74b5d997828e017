import type { Pool } from "pg";
import { foldPending } from "./fold";

// The fold's schedule in one process: a pass right after an ingest commit (a nudge), and one on a
// timer for what no nudge reached (a fold that failed, an instance that stopped between a commit
// and its fold). Passes in one process never overlap: a nudge during a pass asks for another.

interface FolderState {
  running: boolean;
  again: boolean;
}

const states = new WeakMap<Pool, FolderState>();

function stateOf(pool: Pool): FolderState {
  let state = states.get(pool);
  if (!state) states.set(pool, (state = { running: false, again: false }));
  return state;
}

/** Folds what is queued soon, without waiting for it; never throws. */
export function nudgeFold(pool: Pool): void {
  const state = stateOf(pool);
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = true;
  void (async () => {
    try {
      do {
        state.again = false;
        await foldPending(pool, { wait: false });
      } while (state.again);
    } catch (error) {
      console.warn(
        "[faultline] fold failed; the queued calls stay for the next pass:",
        (error as Error).message,
      );
    } finally {
      state.running = false;
    }
  })();
}

/** A pass every `intervalMs` for the life of the process. */
export function scheduleFolds(pool: Pool, intervalMs = 1000): void {
  setInterval(() => nudgeFold(pool), intervalMs).unref();
}
