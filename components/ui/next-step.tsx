import type { ReactNode } from "react";
import { nextStep } from "@/lib/classify/explain";
import { CATEGORIES, type Category } from "@/lib/classify/types";
import { Card } from "./layout";

/** What an agent should do next for this failure, following its category, code and retry verdict (nothing for none). */
export function NextStepCard({
  category,
  errorCode,
  retryable,
  silentFailure,
  flags,
  children,
}: {
  category: string | null;
  errorCode?: string | null;
  retryable?: boolean | null;
  /** The call (or the signature) is a success Faultline judged a failure. */
  silentFailure?: boolean;
  /** A call's flags: what its verdict rests on. */
  flags?: readonly string[];
  children?: ReactNode;
}) {
  if (!category || !(CATEGORIES as readonly string[]).includes(category)) return null;
  const advice = nextStep({ category: category as Category, errorCode, retryable, silentFailure, flags });
  return (
    <Card title="What an agent should do next">
      <p className="font-medium" data-testid="next-step">
        {advice.action}
      </p>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{advice.detail}</p>
      {children}
    </Card>
  );
}
