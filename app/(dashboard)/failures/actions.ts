"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { dashboardContext } from "@/lib/dashboard-context";
import {
  changeSignatureStatus,
  DEFAULT_IGNORE,
  IGNORE_CHOICES,
  ignoreChange,
  type IgnoreChoice,
} from "@/lib/failures/lifecycle";
import { submittedForm } from "@/lib/http/form";

const changeSchema = z.object({
  signature: z.string().regex(/^[0-9a-f]{1,64}$/),
  status: z.enum(["open", "resolved", "ignored"]),
  ignore: z
    .enum(Object.keys(IGNORE_CHOICES) as [IgnoreChoice, ...IgnoreChoice[]])
    .optional()
    .default(DEFAULT_IGNORE),
});

// Resolve, ignore or reopen a failure signature of the project the user is looking at.
export async function changeSignatureStatusAction(formData: FormData): Promise<void> {
  const form = submittedForm(formData);
  const parsed = changeSchema.safeParse(Object.fromEntries(form));
  // Only a forged form can fail this; there is nothing useful to tell it.
  if (!parsed.success) return;
  const { signature, status, ignore } = parsed.data;
  const { database, project, user } = await dashboardContext(Promise.resolve({}));
  if (!project) return;
  await changeSignatureStatus(
    database.pool,
    project.id,
    signature,
    status === "ignored" ? ignoreChange(ignore) : { status },
    user.email,
  );
  revalidatePath("/failures", "layout");
  revalidatePath("/");
}
