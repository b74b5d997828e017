import type { Pool } from "pg";
import { figuresCompleteAt } from "../ingest/fold-status";
import { alertsConfig, type AlertsConfig } from "./config";
import { runAlertEvaluation } from "./evaluate";
import { pruneDeliveries } from "./outbox";
import { createSender } from "./sender";

// The two loops every instance runs: evaluation every FAULTLINE_ALERTS_INTERVAL_SECONDS (one
// instance per round, under the alerts advisory lock), and the sender (lib/alerts/sender.ts),
// woken every second to look for due messages, at once when a round queues one, and whenever
// an attempt ends. Evaluation never waits for delivery: a round only queues messages and wakes
// the sender, which sends them while the round goes on. A round evaluates at the instant up to which
// every acknowledged call is counted (lib/ingest/fold-status). Evaluation does not overlap itself within a process; errors are logged
// and the next tick tries again. Hourly, the evaluating instance deletes finished messages
// older than 30 days.

const SEND_EVERY_MS = 1_000;

const PRUNE_EVERY_MS = 3_600_000;

export interface AlertsSchedule {
  /** Stops both loops; resolves once a round under way has ended and the attempts in flight are recorded. */
  stop(): Promise<void>;
}

export function scheduleAlerts(pool: Pool, config: AlertsConfig = alertsConfig()): AlertsSchedule {
  const sender = createSender(pool, config);
  let evaluating: Promise<void> | undefined;
  let stopped = false;
  let prunedAt = 0;

  const round = async () => {
    try {
      const outcome = await runAlertEvaluation(pool, config, await figuresCompleteAt(pool), {
        onQueued: sender.wake,
      });
      if (outcome.ran && Date.now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        await pruneDeliveries(pool);
      }
    } catch (error) {
      console.warn("[faultline] evaluating alert rules failed; will retry:", (error as Error).message);
    }
  };
  const evaluate = () => {
    if (evaluating || stopped) return;
    evaluating = round().finally(() => (evaluating = undefined));
  };

  const evaluation = setInterval(evaluate, config.intervalMs);
  const sending = setInterval(() => sender.wake(), Math.min(SEND_EVERY_MS, config.intervalMs));
  evaluation.unref();
  sending.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(evaluation);
      clearInterval(sending);
      const sent = sender.stop(); // a round still under way wakes it in vain
      await evaluating;
      await sent;
    },
  };
}
