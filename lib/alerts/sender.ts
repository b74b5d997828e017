import type { Pool } from "pg";
import type { AlertsConfig } from "./config";
import { attempt, claimPicked, findDue, type AttemptOutcome, type Claimed, type DueMessage } from "./outbox";
import { DeliverySlots } from "./slots";

// The sender: attempts run side by side, each in a slot (lib/alerts/slots.ts) held from its
// claim until its attempt is recorded, so a receiver that hangs for its whole deadline holds
// only its own slots and every other message goes out meanwhile. A look for due messages runs
// when woken (a tick, a round that queued messages, a slot given back), never two at once;
// each look claims only what fits in the free slots. The bounds are per instance: with several
// instances a receiver may see that many times its bound, and the outbox claims still keep any
// message from being sent by two of them at once.

export interface SenderOptions {
  /** The time a look counts as now (tests pass a fixed one). */
  now?: () => Date;
  /** Told of every attempt once it is recorded. */
  onOutcome?: (outcome: AttemptOutcome) => void;
  /** Told of a look, claim or record that failed (the next wake tries again). */
  onError?: (error: Error) => void;
}

export interface Sender {
  /** Looks for due messages soon (at once, or after the look under way). */
  wake(): void;
  /** Resolves once no look is under way or due to run and no attempt is in flight. */
  settled(): Promise<void>;
  /** Starts nothing more; resolves once the attempts in flight are recorded. */
  stop(): Promise<void>;
}

export function createSender(pool: Pool, config: AlertsConfig, options: SenderOptions = {}): Sender {
  const now = options.now ?? (() => new Date());
  const onError =
    options.onError ??
    ((error: Error) => console.warn("[faultline] sending alerts failed; will retry:", error.message));
  const slots = new DeliverySlots(config.concurrency);
  let looking = false;
  let again = false;
  let stopped = false;
  let waiters: (() => void)[] = [];

  const settle = () => {
    if (looking || slots.inFlight > 0) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  const start = (message: DueMessage, claimed: Claimed, at: Date) => {
    attempt(pool, config, claimed, at)
      .then((outcome) => options.onOutcome?.(outcome))
      // Unrecorded, the message stays claimed until its lease runs out, then goes again.
      .catch((error: unknown) => onError(error as Error))
      .finally(() => {
        slots.give(message.projectId, message.receiver);
        wake();
        settle();
      });
  };

  /** One look: finds what is due, takes slots for what fits, claims and starts those; how many it started. */
  const lookOnce = async (): Promise<number> => {
    if (slots.free === 0) return 0;
    const at = now();
    // Listed at most perProject per project, so enough rows that the free slots can be filled
    // even where some listed ones belong to projects or receivers already at their bound.
    const due = await findDue(pool, at, {
      perProject: config.concurrency.perProject,
      perReceiver: config.concurrency.perReceiver,
      limit: slots.free + 2 * slots.inFlight,
    });
    const picked = due.filter((message) => slots.take(message.projectId, message.receiver));
    let claimed: Claimed[];
    try {
      claimed = await claimPicked(pool, config, at, picked);
    } catch (error) {
      for (const message of picked) slots.give(message.projectId, message.receiver);
      throw error;
    }
    const byId = new Map(claimed.map((row) => [`${row.project_id} ${row.id}`, row]));
    for (const message of picked) {
      const row = byId.get(`${message.projectId} ${message.id}`);
      if (row) start(message, row, at);
      // Claimed elsewhere meanwhile: the slot goes back at once.
      else slots.give(message.projectId, message.receiver);
    }
    return claimed.length;
  };

  const look = async () => {
    looking = true;
    try {
      do {
        again = false;
        if (stopped) break;
        // Something started: look again, more may fit (a project's next receiver, say).
        if ((await lookOnce()) > 0) again = true;
      } while (again);
    } catch (error) {
      onError(error as Error);
    } finally {
      looking = false;
      settle();
    }
  };

  function wake(): void {
    if (stopped) return;
    if (looking) {
      again = true;
      return;
    }
    void look();
  }

  const settled = () =>
    new Promise<void>((resolve) => {
      waiters.push(resolve);
      settle();
    });

  return {
    wake,
    settled,
    stop() {
      stopped = true;
      return settled();
    },
  };
}

/**
 * Sends everything due at `now` (the default: now) within the bounds, the messages a delivery
 * makes due included (a rule's "resolved" after its "firing"); resolves with every attempt,
 * in the order they ended. A failed look or record rejects, once the rest has settled.
 */
export async function processDeliveries(
  pool: Pool,
  config: AlertsConfig,
  options: { now?: Date } = {},
): Promise<AttemptOutcome[]> {
  const at = options.now ?? new Date();
  const outcomes: AttemptOutcome[] = [];
  let failure: Error | undefined;
  const sender = createSender(pool, config, {
    now: () => at,
    onOutcome: (outcome) => outcomes.push(outcome),
    onError: (error) => (failure ??= error),
  });
  sender.wake();
  await sender.settled();
  if (failure) throw failure;
  return outcomes;
}
