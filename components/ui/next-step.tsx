import type { ReactNode } from "react";
import { NEXT_STEPS } from "@/lib/classify/explain";
import type { Category } from "@/lib/classify/types";
import { Card } from "./layout";

/** What an agent should do next for a failure of this category (nothing for none). */
export function NextStepCard({ category, children }: { category: string | null; children?: ReactNode }) {
  const advice = category ? NEXT_STEPS[category as Category] : undefined;
  if (!advice) return null;
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
