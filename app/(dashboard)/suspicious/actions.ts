"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { dashboardContext } from "@/lib/dashboard-context";
import { hasNoNul } from "@/lib/schemas/strings";
import { REVIEW_STATUSES, setSilentGroupStatus } from "@/lib/queries/silent-groups";
import { submittedForm } from "@/lib/http/form";

const groupSchema = z.object({
  server: z.string().min(1).max(200).refine(hasNoNul),
  tool: z.string().max(200).refine(hasNoNul),
  reason: z.string().min(1).max(60).refine(hasNoNul),
  status: z.enum(REVIEW_STATUSES),
});

// Confirm, dismiss or reopen a silent-success group. A dismissed group stops flagging new calls.
export async function reviewSilentGroup(formData: FormData): Promise<void> {
  const form = submittedForm(formData);
  const parsed = groupSchema.safeParse(Object.fromEntries(form));
  // Only a forged form can fail this; there is nothing useful to tell it.
  if (!parsed.success) return;
  const group = parsed.data;
  const { database, project } = await dashboardContext(Promise.resolve({}));
  if (!project) return;
  await setSilentGroupStatus(database.pool, project.id, group, group.status);
  revalidatePath("/suspicious");
}
