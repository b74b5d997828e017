import { changeSignatureStatusAction } from "@/app/(dashboard)/failures/actions";
import { DEFAULT_IGNORE, IGNORE_CHOICES } from "@/lib/failures/lifecycle";

// Resolve / ignore / reopen buttons for one failure signature: plain forms posting a server
// action, so they work without JavaScript.

const button =
  "rounded-md border border-zinc-300 px-2 py-1 text-xs font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800";

export function SignatureActions({
  signature,
  status,
  subject,
  detailed = false,
}: {
  signature: string;
  status: string;
  /** What the buttons act on, for their accessible names ("crm/lookup · rate_limited"): a list has many. */
  subject?: string;
  /** Offer every ignore choice (the signature's page) rather than only the bounded default. */
  detailed?: boolean;
}) {
  // The visible word first (what a speech user says), then which signature: "Resolve crm/lookup · rate_limited".
  const named = (action: string) => (subject ? `${action} ${subject}` : undefined);
  return (
    <div className="flex flex-wrap items-center gap-1.5" data-testid="signature-actions">
      {status !== "resolved" ? (
        <form action={changeSignatureStatusAction}>
          <input type="hidden" name="signature" value={signature} />
          <input type="hidden" name="status" value="resolved" />
          <button type="submit" className={button} aria-label={named("Resolve")}>
            Resolve
          </button>
        </form>
      ) : null}
      {status !== "ignored" ? (
        <form action={changeSignatureStatusAction} className="flex items-center gap-1">
          <input type="hidden" name="signature" value={signature} />
          <input type="hidden" name="status" value="ignored" />
          {detailed ? (
            <>
              <label className="sr-only" htmlFor={`ignore-${signature}`}>
                Ignore for how long
              </label>
              <select
                id={`ignore-${signature}`}
                name="ignore"
                defaultValue={DEFAULT_IGNORE}
                className="rounded-md border border-zinc-300 bg-white px-1.5 py-1 text-xs dark:border-zinc-700 dark:bg-zinc-900"
              >
                {Object.entries(IGNORE_CHOICES).map(([value, choice]) => (
                  <option key={value} value={value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </>
          ) : (
            <input type="hidden" name="ignore" value={DEFAULT_IGNORE} />
          )}
          {/* What one click does is on the button: never a silent "forever". */}
          <button
            type="submit"
            className={button}
            aria-label={named(detailed ? "Ignore" : `Ignore ${IGNORE_CHOICES[DEFAULT_IGNORE].label}`)}
          >
            {detailed ? "Ignore" : `Ignore ${IGNORE_CHOICES[DEFAULT_IGNORE].label}`}
          </button>
        </form>
      ) : null}
      {status === "resolved" || status === "ignored" ? (
        <form action={changeSignatureStatusAction}>
          <input type="hidden" name="signature" value={signature} />
          <input type="hidden" name="status" value="open" />
          <button type="submit" className={button} aria-label={named("Reopen")}>
            Reopen
          </button>
        </form>
      ) : null}
    </div>
  );
}
