// What a short answer says when the tool found nothing: "No results found", "0 items", "There are no apps in team
// acme." — read by the empty checks (a success that found nothing) and by the payload's wrapper reading.

const EMPTY_TEXT: RegExp[] = [
  /^(no|zero|0)\s+(?!(such|permission|permissions|access|credentials|rights|privileges|valid|auth|authorization|connection|response)\b)([a-z][\w-]*\s+){0,3}?[a-z][\w-]*s(\s+(were|was|have been))?(\s+(found|returned|available|matched|yet|to (show|display|report)))?(\s+(for|in|matching|with|on|from|under)\b.{0,120})?[.!]?$/i,
  /^(no|zero|0)\s+(results?|matches|match|data|records?|entries|items?|hits)\b.{0,150}$/i,
  /^nothing (found|to (show|display|report|return))\b.{0,60}$/i,
  // A heading that counts none: "Task tree (0 tasks):".
  /^[\p{L}\p{N} _-]{1,60}\((?:0|no|zero) [a-z][\w-]*s\)[ \t]*:?$/iu,
  /^found (0|zero|no) \w+.{0,60}$/i,
  // "No previous image found.": one thing looked for and not there, in the singular.
  /^no\s+(?:[a-z][\w-]*\s+){0,3}?[a-z][\w-]*\s+(?:was\s+)?found[.!]?$/i,
  /^(the )?(search|query) returned (no|0|zero) (results?|matches|rows)\b.{0,60}$/i,
  // Nobody matched a search for people ("No one building \"cobol\" right now.").
  /^(?:no ?one|nobody) (?:is )?(?:building|online|here|around|matching|found|available|working on)\b.{0,100}$/i,
  // What an MCP framework says for a tool that returned [] ("Invoked tool returned an empty result").
  /^(?:the )?(?:invoked )?(?:tool|search|query) returned (?:an )?empty (?:result|list|array|response)[.!]?$/i,
  // A named thing that holds none of what was asked ("Event \"Friday Night\" (ID: 223105) has no tournament
  // rounds."), in the plural: a right, a key or a credential it lacks is a refusal, not an empty answer.
  /^[^\n]{1,100}? (?:has|have|contains?) no (?!(?:permissions?|access|rights?|privileges?|credentials?|valid|auth\w*|keys?|tokens?|roles?|scopes?|licen[cs]es?|seats?|credits?|quota|balance|funds)\b)(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*s(?: yet)?[.!]?$/i,
];

/** A short text saying the tool found nothing ("No orders for this customer"). */
export function saysEmpty(text: string): boolean {
  // Under a markdown heading ("### Result"), and its first sentence when advice follows ("No results
  // found for …. Try different search terms.").
  const trimmed = text
    .trim()
    .replace(/^(?:(?:#{1,6} [^\n]{0,80}|={2,} [^\n]{0,80} ={2,})\n+){1,2}/, "")
    .trim();
  if (trimmed.length > 400 || trimmed.includes("\n")) return false;
  const sentence = /^(.{1,160}?[.!])\s+\S/.exec(trimmed)?.[1];
  for (const whole of sentence ? [trimmed, sentence] : [trimmed]) {
    if (whole.length > 160) continue;
    if (EMPTY_TEXT.some((pattern) => pattern.test(whole))) return true;
    // After an emoji or a symbol ("🔍 No results found"), a short label ("Search: no matches"), or "there are"
    // ("There are no apps in team acme.").
    const bare = whole.replace(/^[^\p{L}\p{N}]{1,8}/u, "");
    const unlabelled = bare.replace(/^[\p{L}\p{N} _-]{1,40}:\s*/u, "");
    const stated = bare.replace(/^there (?:are|is|were|was) (?:currently |still )?(?=no\b)/i, "");
    if (
      [bare, unlabelled, stated].some(
        (candidate) => candidate !== whole && EMPTY_TEXT.some((pattern) => pattern.test(candidate)),
      )
    )
      return true;
  }
  return false;
}
