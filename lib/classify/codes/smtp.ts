import type { Category } from "../types";

// SMTP replies as mail libraries quote them: a three-digit reply code (RFC 5321 §4.2) followed by
// an enhanced status code class.subject.detail (RFC 3463, the IANA "SMTP Enhanced Status Codes"
// registry): "550 5.1.1 <x@y>: Recipient address rejected: User unknown", "421 4.7.0 … try again
// later". The class says whether the same message can succeed later (4: persistent transient, 5:
// permanent); the subject and detail say what failed. The reply code is not an HTTP status: a
// text with an enhanced code is read by this table, never as "http_550".
// Sources: https://www.rfc-editor.org/rfc/rfc3463, https://www.rfc-editor.org/rfc/rfc5321,
// https://www.iana.org/assignments/smtp-enhanced-status-codes

/** Subject.detail with a meaning of its own, whatever the class. */
const DETAIL: Record<string, Category> = {
  "1.0": "validation", // other address status
  "1.1": "validation", // bad destination mailbox address
  "1.2": "validation", // bad destination system address
  "1.3": "validation", // bad destination mailbox address syntax
  "1.6": "validation", // destination mailbox has moved
  "1.7": "validation", // bad sender's mailbox address syntax
  "1.8": "validation", // bad sender's system address
  "1.10": "validation", // recipient address has null MX
  "2.1": "business", // mailbox disabled, not accepting messages
  "2.2": "business", // mailbox full
  "2.3": "validation", // message length exceeds administrative limit
  "2.4": "internal", // mailing list expansion problem
  "3.1": "internal", // mail system full
  "3.4": "validation", // message too big for system
  "4.1": "transient", // no answer from host
  "4.2": "transient", // bad connection
  "4.4": "transient", // unable to route
  "4.7": "transient", // delivery time expired
  "5.1": "validation", // invalid command
  "5.2": "validation", // syntax error
  "5.3": "validation", // too many recipients
  "5.4": "validation", // invalid command arguments
  "6.0": "validation", // other or undefined media error
  "7.1": "permission", // delivery not authorized, message refused
  "7.8": "auth", // authentication credentials invalid
  "7.9": "auth", // authentication mechanism is too weak
  "7.11": "permission", // encryption required for requested authentication mechanism
  "7.13": "permission", // user account disabled
  "7.26": "permission", // multiple authentication checks failed
};

/** Subject alone (RFC 3463 §3): what class of thing failed. */
const SUBJECT: Record<string, Category> = {
  "1": "validation", // addressing
  "2": "business", // mailbox status
  "3": "internal", // mail system status
  "4": "transient", // network and routing
  "5": "validation", // mail delivery protocol
  "6": "validation", // message content or media
  "7": "permission", // security or policy
};

export interface SmtpReply {
  /** The reply code (RFC 5321), e.g. 550. */
  reply: number;
  /** The enhanced status code (RFC 3463), e.g. "5.7.1": the error code stored. */
  code: string;
}

/**
 * An SMTP reply a failure quotes: a reply code then an enhanced code of the same class ("550
 * 5.1.1", "421-4.7.0"), or an enhanced code after "smtp" ("SMTP error 5.7.8").
 */
export function smtpReplyInText(scan: string): SmtpReply | undefined {
  const match = /\b([245])(\d\d)[ \t-]([245])\.(\d{1,3})\.(\d{1,3})\b/.exec(scan);
  if (match && match[1] === match[3]) {
    return { reply: Number(`${match[1]}${match[2]}`), code: `${match[3]}.${match[4]}.${match[5]}` };
  }
  return undefined;
}

/**
 * The category of an enhanced status code. A mailbox that is full (X.2.2) or a host that does not
 * answer is transient in class 4 and business or validation in class 5. Policy refusals (X.7.1) are
 * permission unless their words say the message itself was refused as spam (business).
 */
export function categoryFromSmtpCode(code: string, words = ""): Category | undefined {
  const [klass, subject, detail] = code.split(".");
  if (klass !== "4" && klass !== "5") return undefined;
  if (subject === "7" && /\b(?:too many|rate|throttl|try again later)\b/i.test(words)) return "rate_limited";
  if (
    subject === "7" &&
    detail === "1" &&
    /\b(?:spam|content|blocked for policy|message rejected)\b/i.test(words)
  )
    return "business";
  const category = DETAIL[`${subject}.${detail}`] ?? SUBJECT[subject ?? ""];
  // A persistent transient failure (class 4) is one the same message can get past later.
  if (klass === "4" && category !== "rate_limited" && category !== "auth" && category !== "permission")
    return "transient";
  return category;
}
