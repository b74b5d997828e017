// Verdicts for group r27-c, written from the captured exchanges (test/fixtures/server-corpus/groups/r27-c.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, silent, tool, wire } from "../../verdict-helpers.js";

const WASTED =
  "The previous call in this session was the same tool with the same arguments and failed non-retryably: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // ------------------------------------------------------------------------------ hevy-mcp (Streamable HTTP)
  "hvy-001": ok("two workouts summarised (duration, exercise and set counts), text and structuredContent"),
  "hvy-002": ok("the Push Day workout in full: exercises, sets, weights, reps and RPE"),
  "hvy-003": silent(
    "validation",
    null,
    false,
    'an ok result "Workout with ID 9a8b7c6d-… not found" with structuredContent {"workout": null}: the API answered 404 and the server turned it into ordinary text; the one workout asked for does not exist',
  ),
  "hvy-004": silent(
    "validation",
    null,
    false,
    `The same "Workout with ID … not found" as an ok result as hvy-003. ${WASTED}`,
    true,
  ),
  "hvy-005": ok("three workout events since 30 November: two updated workouts in full and one deleted id"),
  "hvy-006": tool(
    "validation",
    null,
    false,
    'isError "Input validation error: Invalid arguments for tool get-routines: page: Invalid input: expected number, received NaN": the optional page was left out and the server\'s own schema turned it into NaN; no code in the payload',
  ),
  "hvy-007": ok("two routines summarised once page 1 is named"),
  "hvy-008": ok("the Push A routine with its rep ranges and rest times"),
  "hvy-009": ok('one routine matching "push", with the scan statistics'),
  "hvy-010": ok("three bench press exercise templates"),
  "hvy-011": ok(
    'No exercise templates found matching "zercher lunge", exercise_templates []: a search that found nothing',
    true,
  ),
  "hvy-012": ok("the Bench Press (Barbell) template"),
  "hvy-013": ok("three bench press sets logged in the date range"),
  "hvy-014": ok(
    '"No exercise history found for template A1B2C3D4", exercise_history []: the sets logged for an exercise never done, a list that is empty',
    true,
  ),
  "hvy-015": ok("three body measurements"),
  "hvy-016": ok("the workout created and echoed back with its id"),
  "hvy-017": tool(
    "validation",
    "http_400",
    false,
    'isError "The request failed Hevy validation … Detail: End time must be after start time", structuredContent error.status 400 (errorType VALIDATION_ERROR, no code member): the API refused the body',
  ),
  "hvy-018": tool(
    "auth",
    "http_403",
    false,
    'isError "The Hevy API key is invalid or has expired. Check HEVY_API_KEY." with structuredContent error.status 403: the API answered 403 {"error": "Routine limit exceeded"}, which the server words as a bad key. Judged by the words the agent sees (auth), code the quoted status',
  ),
  "hvy-019": ok("the four-week training summary: two sessions, volume, exercise variety, measurement trend"),
  "hvy-020": tool(
    "auth",
    "http_401",
    false,
    'isError "The Hevy API key is invalid or has expired. Check HEVY_API_KEY.", structuredContent error.status 401: the key was regenerated',
  ),
  "hvy-021": tool(
    "rate_limited",
    "HEVY_RETRY_EXHAUSTED",
    true,
    'isError "Unable to complete the request after 4 attempts to the Hevy API due to transient failures. Please try again shortly.", structuredContent error.code HEVY_RETRY_EXHAUSTED, status 429, errorType RATE_LIMIT; safe_to_retry false is the server\'s own retry budget spent, the call can succeed later',
  ),
  "hvy-022": tool(
    "transient",
    "HEVY_RETRY_EXHAUSTED",
    true,
    'isError "Hevy API experienced an error. Please retry later.", structuredContent error.code HEVY_RETRY_EXHAUSTED, status 502: the load balancer\'s 502 page on every attempt',
  ),
  "hvy-023": wire("transient", "timeout", true, "the client's -32001 Request timed out after 3 s"),
  "hvy-024": tool(
    "transient",
    "HEVY_RETRY_EXHAUSTED",
    true,
    'isError "Unable to complete the request after 4 attempts … due to transient failures. Please try again shortly.", code HEVY_RETRY_EXHAUSTED, errorType NETWORK_ERROR, no status: api.hevyapp.com could not be reached',
  ),
  "hvy-025": rpc("unknown_tool", "-32602", false, 'JSON-RPC error -32602 "Tool delete-workout not found"'),

  // ------------------------------------------------------------------- unofficial-ravensburger-playhub-mcp (stdio)
  "rph-001": ok("three formats and three categories with the statuses"),
  "rph-002": ok("three events near Detroit, MI, USA, one with its tournament rounds"),
  "rph-003": ok(
    '"No events found matching your criteria. Try expanding your search radius or adjusting filters.": a search that found nothing',
    true,
  ),
  "rph-004": ok("the set championship in full with its two Swiss round ids"),
  "rph-005": ok("the final round's standings: four players with records, match points, OMWP and GWP"),
  "rph-006": ok("three pairings of the final round: a win 2-1, an intentional draw, a bye"),
  "rph-007": ok(
    '"No standings found for round 431002. The round may not exist or may not have standings yet.": the round is being played and its standings list is empty',
    true,
  ),
  "rph-008": tool(
    "validation",
    "http_404",
    false,
    'isError "Error fetching round matches: API request failed: 404 Not Found - {"detail":"Not found."}": round 1 does not exist',
  ),
  "rph-009": ok("three registrations, one waitlisted"),
  "rph-010": ok(
    'Event "Friday Night Lorcana" has no tournament rounds: the standings of an event that has none yet, an empty answer',
    true,
  ),
  "rph-011": tool(
    "validation",
    "http_404",
    false,
    'isError "Error fetching event details: API request failed: 404 Not Found - {"detail":"Not found."}": the event does not exist',
  ),
  "rph-012": tool(
    "validation",
    "http_404",
    false,
    `The same 404 for the missing event as rph-011. ${WASTED}`,
    true,
  ),
  "rph-013": tool(
    "validation",
    null,
    false,
    'isError "Unknown format(s). Use list_filters for valid names: Sealed Deck": a format name not on the list',
  ),
  "rph-014": ok("three Elsa cards with ids, sets, rarities and inks"),
  "rph-015": ok("one card in full: type, cost, strength, willpower, lore, rules text"),
  "rph-016": ok('two stores whose names contain "dragon"'),
  "rph-017": ok("two events at Dragon's Lair Games"),
  "rph-018": tool(
    "validation",
    null,
    false,
    'isError "Could not find location: Xyzzyville, ZZ. Try being more specific": the geocoder answered {"data": null}',
  ),
  "rph-019": ok("two place suggestions for Detroit with place ids"),
  "rph-020": ok("the place's address, coordinates, types and bounds"),
  "rph-021": tool(
    "rate_limited",
    "http_429",
    true,
    'isError "Failed to fetch quick filters: 429 Too Many Requests - <Cloudflare Error 1015 page: You are being rate limited>": the server retried once after Retry-After and got the same',
  ),
  "rph-022": tool(
    "transient",
    "http_502",
    true,
    'isError "Error searching stores: API request failed: 502 Bad Gateway - <Cloudflare 502 page>" after one retry',
  ),
  "rph-023": wire("transient", "timeout", true, "the client's -32001 Request timed out after 3 s"),
  "rph-024": tool(
    "transient",
    null,
    true,
    'isError "Error fetching games: fetch failed": Play Hub could not be reached (connection refused, retried once)',
  ),
  "rph-025": tool("unknown_tool", "-32602", false, 'isError "MCP error -32602: Tool get_deck not found"'),
};
