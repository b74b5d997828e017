// Shorthands for a group's sessions (groups/<group>/index.ts): a step, and what a step does
// around its call — a stand-in stopped (the backend unreachable), a stand-in state switched for
// the call, the server killed while the call is in flight. One copy, so each round's groups
// provoke failures the same way.

import { sleep, type Step } from "./harness.js";

export function step(
  id: string,
  tool: string,
  args: Record<string, unknown>,
  scenario: string,
  extra: Partial<Step> = {},
): Step {
  return { id, tool, args, scenario, ...extra };
}

/** Stops a stand-in for the call (the backend is unreachable) and starts it again afterwards. */
export function down(
  standin: { start(): Promise<void>; stop(): Promise<void> },
  extra: Partial<Step> = {},
): Partial<Step> {
  return {
    ...extra,
    before: async () => {
      await standin.stop();
      await sleep(300);
    },
    after: async () => {
      await standin.start();
    },
  };
}

/** `flag(name)`: sets one of the stand-ins' `state` flags for the call and clears it afterwards. */
export function stateFlags<State extends Record<string, boolean>>(state: State) {
  return (name: keyof State, extra: Partial<Step> = {}): Partial<Step> => ({
    ...extra,
    before: async () => {
      (state as Record<keyof State, boolean>)[name] = true;
    },
    after: async () => {
      (state as Record<keyof State, boolean>)[name] = false;
    },
  });
}

/** Kills the server process 700 ms into the call. */
export const killMidCall: Partial<Step> = {
  during: async (live) => {
    await sleep(700);
    live.kill();
  },
};
