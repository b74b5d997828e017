// Verdicts for group r44-h, written from the captured exchanges (test/fixtures/server-corpus/groups/r44-h.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, silent, tool, wire } from "../../verdict-helpers.js";

const WASTED =
  "The same tool with the same arguments failed non-retryably before in this session, and fails again.";
const DRT_API = (text: string) =>
  `an ok result (isError false) whose whole payload is [{"error": "${text}"}]: no hotel, only the server's error string`;

export const VERDICTS: Record<string, Verdict> = {
  // drtrips-hotel-mcp: its own argument checks (dates, adults) and an unknown tool come back as isError text "Error: …"
  // / "Unknown tool: …". Every upstream failure (RapidAPI's 401/403/429, a 500, a 502 page, an unreachable host) is
  // caught inside the search and returned as an ok result whose JSON is [{"error": "<sentence quoting the status>"}].
  "h-drt-001": ok(
    "three Lisbon hotels with location, room, price for three nights, facilities and booking links",
  ),
  "h-drt-002": ok(
    "markdown: two Porto hotels found (five were asked for, two exist), each with price and link",
  ),
  "h-drt-003": ok("one Kyoto family room for four nights, priced in JPY"),
  "h-drt-004": ok('"[]": Booking.com knows no destination of that name; a search that found nothing', true),
  "h-drt-005": ok(
    '"[]": the destination exists but no property has a room for those dates; a search that found nothing',
    true,
  ),
  "h-drt-006": tool(
    "validation",
    null,
    false,
    'isError: "Error: Invalid \\"check_in_date\\": cannot be in the past. Today is 2026-12-07…": a bad argument, no code',
  ),
  "h-drt-007": tool("validation", null, false, `The same past-date refusal. ${WASTED}`, true),
  "h-drt-008": tool(
    "validation",
    null,
    false,
    'isError: "Error: Invalid \\"check_out_date\\": must be after check-in date…": a bad argument',
  ),
  "h-drt-009": ok("one Kyoto hotel for one night, priced in JPY"),
  "h-drt-010": ok("markdown: four Lisbon hotels with prices, facilities and booking links"),
  "h-drt-011": ok("the two Porto hotels for three adults in two rooms, four nights"),
  "h-drt-012": ok("one Lisbon hotel, as max_results 1 asked"),
  "h-drt-013": silent(
    "rate_limited",
    "http_429",
    true,
    `${DRT_API("API rate limit exceeded (status 429). Please wait a moment and try again…")}; the quoted status is the code`,
  ),
  "h-drt-014": silent(
    "internal",
    "http_500",
    true,
    `${DRT_API("Hotel search API request failed with status 500. Please try again in a moment.")}: the upstream's 500, internal by the contract`,
  ),
  "h-drt-015": silent(
    "transient",
    "http_502",
    true,
    `${DRT_API("API request failed with status 502. Please try again in a moment…")}: a bad gateway in front of the API`,
  ),
  "h-drt-016": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "h-drt-017": silent(
    "transient",
    null,
    true,
    `${DRT_API("API request failed with status undefined. Please try again in a moment. If the issue persists, check the RapidAPI service status.")}: no HTTP answer at all (the host was unreachable), so no status and no code; the words point at the service being unavailable`,
  ),
  "h-drt-018": tool(
    "validation",
    null,
    false,
    'isError: "Error: Invalid \\"check_in_date\\" parameter: must be a string in YYYY-MM-DD format": the dates are missing',
  ),
  "h-drt-019": tool(
    "unknown_tool",
    null,
    false,
    'isError: "Unknown tool: get_hotel_details": the server has only search_hotels',
  ),
  "h-drt-020": ok("the two Porto hotels again, after the failures"),
  "h-drt-021": ok("the top Porto hotel for a week"),
  "h-drt-022": ok("two Lisbon hotels for two adults and a child, in EUR"),
  "h-drt-023": ok("markdown: the Kyoto hotel (the lower-case name found the destination)"),
  "h-drt-024": silent(
    "auth",
    "http_401",
    false,
    `${DRT_API("API authentication failed (status 401). Please check that your RAPID_API_KEY is valid and has remaining quota…")}: the key was refused`,
  ),
  "h-drt-025": silent(
    "permission",
    "http_403",
    false,
    `${DRT_API("API authentication failed (status 403). Please check that your RAPID_API_KEY is valid and has remaining quota…")}: the key is known but not allowed this API (RapidAPI's 403); the status, not the server's "authentication" wording, says which`,
  ),

  // @mikerob/lodgify-mcp: every failure is isError text "MCP error <code>: …" (the server throws McpErrors, the SDK
  // turns them into tool results). Lodgify's error body is appended as JSON, with its "code" member (NotFound,
  // MinStayRequired, NotAuthorized, Unknown); a get_property failure is wrapped as a whole "failed" response envelope.
  "h-lg-001": ok(
    'the account\'s three properties (count 3) with address, prices and currency; the summary says "Retrieved 1 property" (it counts the one page), the data holds all three',
  ),
  "h-lg-002": ok("the cabin with its one room type"),
  "h-lg-003": ok(
    '"Retrieved room types for property" with data {}: the answer carries no room type; read as a listing that came back empty (the server drops Lodgify\'s array, nothing on the wire says so)',
    true,
  ),
  "h-lg-004": ok('one property found by name ("Old Town Loft")'),
  "h-lg-005": ok(
    'properties [] and "No properties found matching \\"castle\\"": a search that found nothing',
    true,
  ),
  "h-lg-006": tool(
    "validation",
    "-32603",
    false,
    'isError: "MCP error -32603: MCP error -32603: {… \\"status\\": \\"failed\\", \\"summary\\": \\"Failed to retrieve property 999001\\", \\"data\\": {\\"error\\": \\"Property 999001 not found.\\"}}": the property does not exist; no code member, the quoted JSON-RPC code',
  ),
  "h-lg-007": ok(
    'the three upcoming bookings with guests and amounts (the summary "Retrieved 1 bookings" counts the one page)',
  ),
  "h-lg-008": ok("count 0, items []: no past bookings", true),
  "h-lg-009": ok("the booking with its guest, dates, room and amounts"),
  "h-lg-010": tool(
    "validation",
    "NotFound",
    false,
    'isError: "MCP error -32601: Booking not found: {\\"code\\":\\"NotFound\\",…}": the booking id does not exist; the body\'s code member wins, and the words decide over the -32601 wrapper (not an unknown tool)',
  ),
  "h-lg-011": tool("validation", "NotFound", false, `The same NotFound. ${WASTED}`, true),
  "h-lg-012": ok("the cabin's calendar: free 4–6 January, booked from the 7th"),
  "h-lg-013": ok("four days of nightly rates with min/max stay and the rate settings"),
  "h-lg-014": tool(
    "validation",
    "MinStayRequired",
    false,
    'isError: "MCP error -32602: The minimum stay for the selected dates is 3 nights.: {\\"code\\":\\"MinStayRequired\\",…}": the dates break the property\'s minimum stay; a request to change, with the body\'s code',
  ),
  "h-lg-015": ok("a four-night quote: CHF 1,040 including VAT"),
  "h-lg-016": ok("Booking has been successfully created, with its new id 18833001"),
  "h-lg-017": ok('"Retrieved 0 webhooks": none subscribed', true),
  "h-lg-018": ok("the thread with its two messages"),
  "h-lg-019": tool(
    "rate_limited",
    "Unknown",
    true,
    'isError after about 15 s of the client\'s own retries: "MCP error -32603: API calls quota exceeded! maximum admitted 200 per minute.: {\\"code\\":\\"Unknown\\",…}": a per-minute limit; the body\'s code member is the literal "Unknown", which the convention takes as the code',
  ),
  "h-lg-020": tool(
    "internal",
    "-32603",
    true,
    'isError after about 15 s of retries: "MCP error -32603: MCP error -32603: {… \\"summary\\": \\"Failed to retrieve property 412880\\", \\"data\\": {\\"error\\": \\"An error has occurred.\\"}}": Lodgify\'s 500 message, no status quoted; internal, the JSON-RPC code',
  ),
  "h-lg-021": tool(
    "transient",
    "http_502",
    true,
    'isError after about 15 s of retries: "MCP error -32603: Lodgify 502: Bad Gateway: <!DOCTYPE html>… Cloudflare …": a bad gateway in front of Lodgify',
  ),
  "h-lg-022": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "h-lg-023": tool(
    "transient",
    "-32603",
    true,
    'isError: "MCP error -32603: fetch failed": Lodgify could not be reached (undici\'s fetch failure, its cause not shown); the JSON-RPC code quoted',
  ),
  "h-lg-024": tool(
    "validation",
    "-32602",
    false,
    "isError: MCP error -32602 Input validation error … Required at propertyId: a missing argument",
  ),
  "h-lg-025": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError: "MCP error -32602: Tool lodgify_cancel_booking not found": the words decide over the code',
  ),
  "h-lg-026": tool(
    "auth",
    "NotAuthorized",
    false,
    'isError: "MCP error -32600: Provided API key is not valid.: {\\"code\\":\\"NotAuthorized\\",…}": the key was regenerated; the body\'s code member',
  ),
};
