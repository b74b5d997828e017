import type { Category, Flag } from "./types";

// Words for people: each flag as a sentence, and what an agent should do next per category.

export const FLAG_SENTENCES: Record<Flag, string> = {
  error_text: "The tool said it succeeded, but its text reads as an error or exception.",
  http_error_text:
    "The tool said it succeeded, but its text is an HTTP error status (such as 403 Forbidden).",
  error_object: "The tool said it succeeded, but it returned an error object with no data.",
  graphql_errors_no_data: "The tool said it succeeded, but the GraphQL answer carried errors and no data.",
  identity_null:
    "An identity tool answered with nobody (null, or a session status saying no one is signed in) — usually an expired or missing credential.",
  structured_error_ignored: "The result carried structuredContent.error, yet isError was not set.",
  nested_error_flag:
    "isError was set one level down, in result.toolResult (the 2024-10-07 revision's result shape): a client of a later revision reads the result as a success.",
  graphql_partial: "A partial answer: some GraphQL fields failed while the rest came back.",
  empty_result: "A valid empty answer: the tool ran and found nothing. Not a failure.",
  opaque_error: "The error message is generic; an agent cannot tell what went wrong or what to do.",
  no_error_code: "The failure carries no machine-readable error code.",
  raw_exception: "A raw exception or stack trace was shown to the agent.",
  protocol_error_in_result: "A JSON-RPC error code appeared only inside the tool's error text.",
  client_rejected_result:
    "The server answered, but the client library rejected the result and showed its own error instead.",
  validation_as_protocol_error:
    "Bad argument values were reported as a JSON-RPC error; since 2025-11-25 they belong in an isError result.",
  wasted_retry: "The same tool was called again in this session after a failure that a retry cannot fix.",
  text_truncated: "The text was longer than 512 characters; only the beginning is kept.",
  silent_failure_dismissed:
    "This would have been flagged as a silent failure, but people dismissed that group.",
  retry_hint:
    "The failure says whether a retry can help: an explicit retryable verdict, a Retry-After, or a code that means try later.",
  code_in_prose:
    "The error code was found only in the words of the message; no field (structuredContent.error.code, a JSON code) carried it.",
  secret_masked: "A secret in the text (a token, a password, a key) was masked before it was stored.",
  invalid_value:
    "The tool said it succeeded, but the value it answered is none: NaN, Invalid Date or undefined where a number, a date or a value was asked for.",
  empty_lookup:
    "The tool said it succeeded, but a lookup of one named thing came back empty: Faultline judged that the thing was not found.",
  nothing_generated:
    'The tool said it succeeded, but its own words say it generated nothing ("No image was generated"): the call did not do its work.',
  nothing_measured:
    "The tool said it succeeded, but every score it was asked to measure is none (an audit whose every score is null): Faultline judged that it measured nothing, and the answer does not say why.",
  batch_failed:
    "The tool said it succeeded, but its own tally says every item of the batch failed (none succeeded): the call did none of its work.",
  duplicate_request:
    "The same tool was called with the same arguments in the same session while an identical call was still running: two requests were on the wire (a host that dispatches a call twice), so they are two calls.",
};

export const NEXT_STEPS: Record<Category, { action: string; detail: string }> = {
  transient: {
    action: "Wait and retry",
    detail:
      "The failure is temporary (timeout, unavailable upstream). Retry with backoff; on writes, check whether the change landed first.",
  },
  rate_limited: {
    action: "Retry after a wait",
    detail: "Too many calls. Wait for Retry-After (or retry_after_seconds) before calling again.",
  },
  validation: {
    action: "Fix the input",
    detail:
      "The arguments were wrong. Correct them (or ask the user) and call again; the same call will fail the same way.",
  },
  unknown_tool: {
    action: "Use another tool",
    detail: "The tool does not exist on this server. Re-list the tools and pick one that does.",
  },
  business: {
    action: "Explain the policy",
    detail:
      "A policy or account state refused the operation. Do not retry; tell the user what rule applies and what would change it.",
  },
  permission: {
    action: "Escalate",
    detail:
      "The credential is valid but not allowed to do this. Do not retry; ask someone with access or explain the limit.",
  },
  auth: {
    action: "Re-authenticate",
    detail:
      "The credential is missing, expired or revoked. Reconnect or refresh the credential, then try again.",
  },
  internal: {
    action: "Retry once, then escalate",
    detail:
      "The server failed unexpectedly. One retry may help; if it fails again, report it to the server's owners.",
  },
  launch: {
    action: "Fix the server's command",
    detail:
      "The server never started: its command was not found or could not run, or it exited before answering initialize. Retrying changes nothing; fix the client's configuration (the command, its arguments, its environment) — the text has what the server said on stderr.",
  },
  unknown: {
    action: "Escalate",
    detail:
      "The failure carries no usable signal. Look at the text, and ask the server's owners for error codes.",
  },
};

/** What a failure carries that the advice must follow (a call, or a signature's calls). */
export interface FailureFacts {
  category: Category;
  errorCode?: string | null;
  /** The call's verdict; a signature has none of its own. */
  retryable?: boolean | null;
  /** The server reported success and Faultline judged it a failure (a signature knows this too). */
  silentFailure?: boolean;
  /** A call's flags: they say what the verdict rests on (its code's field, a retry hint). A signature has none. */
  flags?: readonly string[];
}

const RETRIED_BY_DEFAULT: ReadonlySet<Category> = new Set(["transient", "rate_limited", "internal"]);

/**
 * Whose words the verdict is: the server's (a code in a field of its answer, a retry hint it gave)
 * or Faultline's judgement (what its words read as; a success Faultline called a failure). Advice
 * never asserts that the server said what only Faultline concluded.
 */
function basis(
  facts: FailureFacts,
  code: string | undefined,
): { sentence: string; serverSaidRetry: boolean } {
  const flags = facts.flags;
  const serverSaidRetry = !facts.silentFailure && !!flags?.includes("retry_hint");
  if (facts.silentFailure)
    return {
      sentence: "The server reported success; Faultline judged from its answer that the call failed.",
      serverSaidRetry,
    };
  if (flags === undefined) return { sentence: "", serverSaidRetry };
  const codeFromField = code !== undefined && !flags.includes("code_in_prose");
  return {
    sentence: codeFromField
      ? `The server's answer carries its code, ${code}.`
      : "Faultline judged what kind of failure this is from the failure's words.",
    serverSaidRetry,
  };
}

/** The retry verdict, as the server's words when it gave them, else as Faultline's judgement. */
function retrySentence(retryable: boolean, serverSaid: boolean): string {
  if (serverSaid)
    return retryable ? "The server said this can succeed later." : "The server said a retry cannot help.";
  return retryable
    ? "Faultline judged that the same call can succeed later."
    : "Faultline judged that a retry will not help.";
}

const joined = (...parts: string[]) => parts.filter((part) => part !== "").join(" ");

/**
 * What an agent should do next, following what the failure itself says: the category's advice,
 * unless the call carries a machine code the category does not account for (branch on it), or a
 * retry verdict that overrules the category's default. Every sentence says whose it is: the
 * server's words, or Faultline's judgement.
 */
export function nextStep(facts: FailureFacts): { action: string; detail: string } {
  const code = facts.errorCode?.trim() || undefined;
  const advice = NEXT_STEPS[facts.category];
  const { sentence, serverSaidRetry } = basis(facts, code);
  if (facts.category === "unknown" && code) {
    const retry =
      facts.retryable === false || facts.retryable === true
        ? retrySentence(facts.retryable, serverSaidRetry)
        : "";
    return {
      action: facts.retryable === true ? "Retry after a wait, on its code" : "Branch on its code",
      detail: joined(
        sentence,
        `The failure names its own code, ${code}, but not what kind of failure it is. Handle ${code} as the server documents it, and ask the server's owners to say which kind it is (errorCategory).`,
        retry,
      ),
    };
  }
  if (facts.retryable === false && RETRIED_BY_DEFAULT.has(facts.category)) {
    return {
      action: "Do not retry",
      detail: joined(
        sentence,
        retrySentence(false, serverSaidRetry),
        `Report it to the server's owners${code ? ` (${code})` : ""}, or tell the user what failed.`,
      ),
    };
  }
  if (facts.retryable === true && !RETRIED_BY_DEFAULT.has(facts.category)) {
    return {
      action: "Retry after a wait",
      detail: joined(
        sentence,
        retrySentence(true, serverSaidRetry),
        `Wait as it asks (Retry-After)${code ? ` (${code})` : ""}, then call again.`,
        advice.detail,
      ),
    };
  }
  const tail = code && facts.category !== "unknown" && !sentence.includes(code) ? ` Its code: ${code}.` : "";
  return sentence === "" && tail === ""
    ? advice
    : { action: advice.action, detail: joined(sentence, `${advice.detail}${tail}`) };
}
