import type { Pool } from "pg";
import { alertsConfig, type AlertsConfig } from "./config";
import { runAlertEvaluation } from "./evaluate";
import { drainDeliveries, pruneDeliveries } from "./outbox";

// The two loops every instance runs: evaluation every FAULTLINE_ALERTS_INTERVAL_SECONDS (one
// instance per round, under the alerts advisory lock), and the sender, which looks for due
// messages every second (and at once after a round that queued some). Neither overlaps
// itself within a process; errors are logged and the next tick tries again. Hourly, the
// evaluating instance deletes finished messages older than 30 days.

const SEND_EVERY_MS = 1_000;
const PRUNE_EVERY_MS = 3_600_000;

export interface AlertsSchedule {
  stop(): void;
}

export function scheduleAlerts(pool: Pool, config: AlertsConfig = alertsConfig()): AlertsSchedule {
  let evaluating = false;
  let sending = false;
  let stopped = false;
  let prunedAt = 0;

  const send = async () => {
    if (sending || stopped) return;
    sending = true;
    try {
      await drainDeliveries(pool, config);
    } catch (error) {
      console.warn("[faultline] sending alerts failed; will retry:", (error as Error).message);
    } finally {
      sending = false;
    }
  };

  const evaluate = async () => {
    if (evaluating || stopped) return;
    evaluating = true;
    try {
      const outcome = await runAlertEvaluation(pool, config);
      if (outcome.ran && outcome.summary.enqueued > 0) void send();
      if (outcome.ran && Date.now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        await pruneDeliveries(pool);
      }
    } catch (error) {
      console.warn("[faultline] evaluating alert rules failed; will retry:", (error as Error).message);
    } finally {
      evaluating = false;
    }
  };

  const evaluation = setInterval(() => void evaluate(), config.intervalMs);
  const sender = setInterval(() => void send(), Math.min(SEND_EVERY_MS, config.intervalMs));
  evaluation.unref();
  sender.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(evaluation);
      clearInterval(sender);
    },
  };
}
