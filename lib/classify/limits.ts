// What a call asks beyond what can be given: a provider out of capacity (the same call succeeds later), one
// request larger than the whole limit it is counted against (only a smaller request or a higher plan helps).
// categories.ts weighs them against the status a failure came with.

/**
 * A provider out of what the call asks for ("There are no longer any instances available with the requested
 * specifications", AWS's InsufficientInstanceCapacity, GCP's ZONE_RESOURCE_POOL_EXHAUSTED): the same request
 * succeeds once capacity frees up, whatever 4xx the API chose for it.
 */
export const CAPACITY_SHORTAGE =
  /\bno (?:longer )?(?:any )?(?:instances?|capacity|gpus?|machines?|nodes?) (?:are |is )?(?:currently |now )?available\b|\b(?:insufficient|not enough|out of) (?:instance |server |compute )?capacity\b|\bcapacity (?:is )?(?:currently |temporarily )?(?:unavailable|exhausted)\b|\bInsufficientInstanceCapacity\b|\bZONE_RESOURCE_POOL_EXHAUSTED\b/i;

/**
 * One request larger than the whole limit it is counted against ("Request too large for model … on tokens per
 * minute (TPM): Limit 70000, Requested 118242"): however the API labels it (a 413, "rate_limit_exceeded"),
 * waiting cannot help — only a smaller request or a higher plan. A limit merely reached ("Limit 250, Used 250,
 * Requested 1") is a rate limit.
 */
export function asksBeyondLimit(words: string): boolean {
  const match =
    /\blimit:?[ \t]*([\d,]{1,15}),[ \t]*(?:used:?[ \t]*[\d,]{1,15},[ \t]*)?requested:?[ \t]*([\d,]{1,15})\b/i.exec(
      words,
    );
  if (!match?.[1] || !match[2]) return false;
  return Number(match[2].replaceAll(",", "")) > Number(match[1].replaceAll(",", ""));
}

/**
 * A plan's limit, said as the reason a call was refused: "upgrade your plan", "requires a higher plan tier", "Free
 * plan environments are limited to 10 assets". Read as `business` among the words, and over a code that only says
 * the request or the caller's rights were refused (categories.ts).
 */
export const PLAN_LIMIT =
  /\b(?:upgrade (?:your |to an? |the )?(?:[\w-]+ )?(?:plan|subscription|tier)|requires? (?:a |an )?(?:higher|paid|premium|pro|business|enterprise|upgraded) (?:plan|tier|subscription)\b|(?:free|trial|starter|hobby) (?:plan|tier)s?\b[^\n.]{0,60}?\b(?:limited|allows?|includes?) (?:to )?(?:up to )?\d)/i;
