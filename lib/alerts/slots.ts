import type { ConcurrencyLimits } from "./config";

// Slots for attempts in flight in one instance, so that a receiver that is slow (or hangs for
// its whole deadline) delays only its own messages: at most `total` at once, at most
// `perProject` of one project, at most `perReceiver` to one receiver of a project. A receiver is
// keyed within its project: two projects posting to one host (hooks.slack.com) do not share a
// bound, so one project's slow path there cannot take another's slots. What bounds a project
// that spreads its rules over many slow hosts is its own `perProject`.

export class DeliverySlots {
  private count = 0;
  private readonly byProject = new Map<string, number>();
  private readonly byReceiver = new Map<string, number>();

  constructor(private readonly limits: ConcurrencyLimits) {}

  get inFlight(): number {
    return this.count;
  }

  get free(): number {
    return Math.max(0, this.limits.total - this.count);
  }

  /** Takes a slot for a message of `projectId` to `receiver` when every bound allows it; whether it did. */
  take(projectId: string, receiver: string): boolean {
    const receiverKey = `${projectId} ${receiver}`;
    const ofProject = this.byProject.get(projectId) ?? 0;
    const ofReceiver = this.byReceiver.get(receiverKey) ?? 0;
    if (
      this.count >= this.limits.total ||
      ofProject >= this.limits.perProject ||
      ofReceiver >= this.limits.perReceiver
    ) {
      return false;
    }
    this.count += 1;
    this.byProject.set(projectId, ofProject + 1);
    this.byReceiver.set(receiverKey, ofReceiver + 1);
    return true;
  }

  /** Gives back a slot taken with the same arguments. */
  give(projectId: string, receiver: string): void {
    const receiverKey = `${projectId} ${receiver}`;
    this.count -= 1;
    decrement(this.byProject, projectId);
    decrement(this.byReceiver, receiverKey);
  }
}

function decrement(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 0) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}
