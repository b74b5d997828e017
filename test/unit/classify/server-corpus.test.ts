import { describe, expect, it } from "vitest";
import {
  BY_SERVER,
  HELD_OUT,
  LINES,
  macro,
  METRICS,
  micro,
  score,
  SERVERS,
  type Metric,
  type Score,
} from "./server-scores";

// Scores Faultline on calls captured from published MCP servers run here (real servers, the real
// SDK client, through the reporter: test/fixtures/server-corpus/README.md), each with a verdict a
// careful reader wrote from the wire before Faultline was run on it. By server: every server of
// the newest round (XLIV) is held out whole, their calls never read while
// rules were written: their macro average (each server counted once) is the honest figure. Calls go through ingest's own
// preparation and, in session order, its wasted-retry marking, as they would be stored.

const roundThree = LINES.filter((line) => line.round === "III");
const heldOutThree = score(roundThree.filter((line) => line.split === "held-out"));
const allThree = score(roundThree);
const heldOutIds = new Set(roundThree.filter((line) => line.split === "held-out").map((line) => line.id));

/** Round III's own floors (its split was by call; every one of its servers was tuned on). */
const FLOORS_III = {
  "held-out": { category: 0.95, retryable: 0.96, errorCode: 1, empty: 1 },
  all: { category: 0.96, retryable: 0.97, errorCode: 1, empty: 1 },
};
const TARGETS_III = { category: 0.9, retryable: 0.95, errorCode: 0.9 };

/** What issue 32 asks of the held-out servers, macro-averaged. */
const TARGETS: Record<Metric, number> = {
  precision: 0.98,
  recall: 0.95,
  category: 0.9,
  retryable: 0.93,
  errorCode: 0.95,
  empty: 0.97,
};
/**
 * What the held-out servers reach today: no change may fall below. Raise a floor only when a rule
 * written without reading the held-out calls lifts it. Round XLIV's 12 (NetSuite; Yahoo Finance and Alpha Vantage;
 * CloudWatch Logs and Datadog's logs; FreshRSS; ComfyUI; BrowserStack and an Android device through mobile-mcp; Whop;
 * two lodging servers, Booking.com's hotels through RapidAPI and Lodgify), measured the day they were captured,
 * before anyone read them, with round XLIII's rules in: precision 1.000, recall 0.876, category 0.832, retryable
 * 0.923, errorCode 0.847, empty 0.974 — the same without round XLIII's rules. Round XLIII, once read (an upstream's
 * code as key=value, statuses as clients quote them, vault and push services' refusals, an audit that scored
 * nothing): 1.000, 0.995, 0.967, 0.990, 0.936, 0.994 — no longer a blind figure. Round XLIII's 13 (Clockify; two
 * Lighthouse auditors; Firebase
 * Cloud Messaging through the Firebase CLI; Chatwoot; Shipeasy's flags; Agent Secret Store and 1Password; Basecamp,
 * Microsoft To Do and Google Tasks; a Telegram bot; Dataiku), measured the day they were captured, before anyone read
 * them, with round XLII's rules in: precision 1.000, recall 0.962, category 0.846, retryable 0.958, errorCode 0.793,
 * empty 0.984 — the same without round XLII's rules. Round XLII, once read (a status that is a sentence, a status's
 * name as an error's type, a plan's limit under a generic code, framework defaults, echoed windows): 1.000, 1.000,
 * 0.976, 1.000, 1.000, 1.000 — no longer a blind figure. Round XLII's 9 (PayPal; Mux and a Loom transcript server;
 * Excalidraw and SVGMaker; Salesforce's Code Analyzer; Langfuse; Fireberry and HNBCRM), measured the day they were
 * captured, before anyone read them, with round XLI's rules in: precision 1.000, recall 0.922, category 0.892,
 * retryable 0.948, errorCode 0.991, empty 0.982 — without round XLI's rules category 0.884, the rest the same. Round
 * XLI, once read (an integration platform's failed runs, error tags, piped codes, privileges in capitals): 1.000,
 * 0.992, 0.962, 0.980, 0.949, 0.983 — no longer a blind figure. Round XLI's 7 (Zoho Books and Mastodon through
 * Pipedream's
 * server; a UniFi network; Databricks; Falconer's knowledge base; Cakemail; Nextcloud and Dropbox), measured the day
 * they were captured, before anyone read them, with round XL's rules in: precision 1.000, recall 0.920, category
 * 0.811, retryable 0.892, errorCode 0.735, empty 0.983 — without round XL's rules the same but errorCode 0.681 (the
 * first round whose blind figures the previous round's rules moved since round XXVIII); the category and errorCode
 * floors came down to them. Round XL, once read (failed sources, result sets, relayed bodies, reason phrases as
 * labels, Japanese): 1.000, 1.000, 0.975, 0.995, 0.990, 0.994 — no longer a blind figure. Round XL's 7 (Microsoft
 * Bookings and Entra ID through one
 * Graph server, Lokka; search analytics, Search Console and Bing; Metabase; Nx Cloud's CI; Clerk; commercetools;
 * freee's HR API), measured the day they were captured, before anyone read them, with round XXXIX's rules in:
 * precision 1.000, recall 0.884, category 0.932, retryable 0.986, errorCode 0.881, empty 0.977 — the same without
 * round XXXIX's rules. Round XXXIX, once read (a problem document's own code, a lookup's list of names not found, a
 * client's words about a status, preconditions): 1.000, 1.000, 0.973, 0.988, 0.932, 1.000 — no longer a blind
 * figure. Round XXXIX's 5 (Datadog's incidents and monitors; a
 * translation manager, Translatize; Zilliz's code search over Milvus; Umbraco's own CMS server; a PDF maker, pdf
 * noodle), measured the day they were captured, before anyone read them, with round XXXVIII's rules in: precision
 * 1.000, recall 0.985, category 0.918, retryable 0.974, errorCode 0.860, empty 0.984 — the same without round
 * XXXVIII's rules. Round XXXVIII, once read (output framed for a model, codes after "Error ID:", an MCP server's
 * banner, a credential named by its variable, a report's verdict line): 1.000, 0.950, 0.986, 1.000, 0.967, 0.956 —
 * no longer a blind figure. Round XXXVIII's 5 (a YouTube summarizer over its caption
 * library; background jobs: an Inngest server, Trigger.dev's own CLI; an e-mail verifier, DeliverIQ; Heroku's own
 * server over its CLI), measured the day they were captured, before anyone read them, with round XXXVII's rules in:
 * precision 1.000, recall 0.925, category 0.854, retryable 0.897, errorCode 0.833, empty 0.940 — the same without
 * round XXXVII's rules; the category, retryable and empty floors came down to them. Round XXXVII, once read (an error
 * status beside the request's echo, CJK failure labels, an account's limit, a search's advice): 1.000, 0.892, 0.974,
 * 0.990, 1.000, 0.987 — no longer a blind figure. Round XXXVII's 6 (people booked for in-person work: two
 * marketplaces; Crossref's works; a 3D print farm; developer documentation: Context7, Ref), measured the day they
 * were captured, before anyone read them, with round XXXVI's rules in: precision 0.980, recall 0.750, category 0.944,
 * retryable 0.978, errorCode 1.000, empty 0.960 — the same without round XXXVI's rules; the precision and recall
 * floors came down to them (their servers report failure as ordinary answers in shapes the corpus had little of).
 * Round XXXVI, once read (App Store Connect's sentences, a toolResult beside empty content, a decoder's JSON parse
 * error, a code-search tool's refusals and searches that say none at both ends): 1.000, 0.987, 0.969, 0.978, 0.908,
 * 0.988 — no longer a blind figure. Round XXXVI's 7 (app stores: App Store Connect, Google Play,
 * RevenueCat; language: Datamuse, Urban Dictionary; developer tools run locally: a JWT decoder, ast-grep), measured
 * the day they were captured, before anyone read them, with round XXXV's rules in: precision 1.000, recall 0.987,
 * category 0.872, retryable 0.905, errorCode 0.908, empty 0.948 — the same without round XXXV's rules; the category,
 * retryable and empty floors came down to them. Round XXXV, once read (an API's own code after the status it quotes, a
 * constraint violation's code, a server's fixed sentences about its upstream): 1.000, 0.986, 1.000, 1.000, 0.974,
 * 1.000 — no longer a blind figure. Round XXXV's 6 (video: Twilio Video's rooms and recordings,
 * Transloadit's encoding; real estate: Stream.estate's French listings, AfAMax's German valuations; documents made
 * locally: a draw.io diagram server, a PDF maker), measured the day they were captured, before anyone read them, with
 * round XXXIV's rules in: precision 1.000, recall 0.986, category 0.949, retryable 0.962, errorCode 0.914, empty
 * 1.000 — the same without round XXXIV's rules. Round XXXIV, once read (a sandbox's SyntaxError in coloured stderr,
 * a usage text, -32603 around the caller's code, "(code: N)", a part filled with defaults after a failed fetch,
 * "total 0"): 1.000, 0.947, 0.970, 0.983, 0.909, 0.991 — no longer a blind figure. Round XXXIV's 5 (code sandboxes: a vm2 JavaScript sandbox,
 * just-bash's Python/JS/bash; brokers: Amazon MQ's MCP-over-AMQP transport on the local RabbitMQ, an ActiveMQ
 * console server; SEO data: Serpstat), measured the day they were captured, before anyone read them, with round
 * XXXIII's rules in: precision 1.000, recall 0.930, category 0.884, retryable 0.930, errorCode 0.818, empty 0.983 —
 * the same without round XXXIII's rules. (The AMQP transport carries round III's memory server, whose words its tool
 * failures are.) Round XXXIII, once read (ESLint's and ajv's words, an absolute path, bounds, a file with no stream,
 * a tool's own session id, Chinese quota, concurrency and key refusals, labelled "None"): 1.000, 0.983, 0.971,
 * 1.000, 1.000, 1.000 — no longer a blind figure. Round XXXIII's 6 (local media tools: ffmpeg, sharp; a
 * linter and a schema browser: ESLint's own server, a GraphQL schema server; maps: the MCP project's
 * Nominatim-backed map server, Baidu Maps), measured the day they were captured, before anyone read them, with round
 * XXXII's rules in: precision 1.000, recall 0.983, category 0.764, retryable 0.986, errorCode 1.000, empty 0.993 —
 * the same without round XXXII's rules. Round XXXII, once read (a server's own "UNKNOWN" category, HRESULTs, SQL
 * Server's words, OData's empty collections): 1.000, 1.000, 1.000, 1.000, 0.986, 0.987 — no longer a blind
 * figure. Round XXXII's 6 (databases: DuckDB, SQL Server; Microsoft
 * Dataverse: two Power Platform servers; wikis: two Wiki.js servers), measured the day they were captured, before
 * anyone read them, with round XXXI's rules in: precision 1.000, recall 1.000, category 0.811, retryable 0.919,
 * errorCode 0.910, empty 0.980 — the same without round XXXI's or round XXX's rules. Round XXXI, once read (a
 * service that rejected the credentials, an unparseable body, a report that returned none above a footer):
 * 1.000, 1.000, 0.986, 1.000, 1.000, 1.000 — no longer a blind figure. Round XXXI's 5 (meeting transcripts: tl;dv, Gilbert; a job
 * board: Adzuna; artifact registries: GitHub Packages through a fork of the reference GitHub server, the OpenTofu
 * Registry), measured the day they were captured, before anyone read them, with round XXX's rules in: precision
 * 1.000, recall 1.000, category 0.936, retryable 0.983, errorCode 1.000, empty 0.975 — the same without round
 * XXX's rules. (The GitHub fork words its failures as the reference server of round X does: its 100% is not a
 * stranger's.) Round XXX, once read (a relayed httpStatusCode, Etherscan's NOTOK, advice beside an answer, a
 * reverted call): 1.000, 1.000, 1.000, 1.000, 0.980, 0.994 — no longer a blind figure. Round XXX's 7 (transit: Transport for London, Singapore's
 * buses and trains; books and films: Open Library, TMDB, a Calibre library; blockchain data: Etherscan, BNB
 * Chain's EVM nodes), measured the day they were captured, before anyone read them, with round XXIX's rules in:
 * precision 1.000, recall 0.878, category 0.851, retryable 0.934, errorCode 0.915, empty 0.983 — the same without
 * round XXIX's rules. Round XXIX, once read (a code word as the error member, catch-all -32600/-32602 around a
 * status, a reason phrase before a colon, reports that count nothing above advice, a lookup by key that found
 * no one): 1.000, 1.000, 1.000, 1.000, 0.972, 1.000 — no longer a blind figure. Round XXIX's 6 (a Jira Service Management help desk through
 * two Jira Cloud servers; product analytics: PostHog, Google Search Console; notes and links: TriliumNext, Dub),
 * measured the day they were captured, before anyone read them, with round XXVIII's rules in: precision 1.000,
 * recall 0.960, category 0.929, retryable 0.957, errorCode 0.814, empty 0.966 — the same without round XXVIII's
 * rules. The second judge agreed with the first on every category and retryable, and on 52 of 59 codes. Round
 * XXVIII, once read (an API's own number under its name, a reason phrase as a body's message, a body's own code
 * beside a quoted status, a plan's limits, reports and last pages that hold nothing): 1.000, 0.987, 1.000,
 * 1.000, 1.000, 0.987 — no longer a blind figure. Round XXVIII's 6 (weather: a National Weather Service and
 * Open-Meteo server, WeatherAPI.com's own; home automation: Home Assistant, UniFi Protect; public records:
 * Companies House, the European Parliament's open data), measured the day they were captured, before anyone
 * read them, with round XXVII's rules in: precision 0.969, recall 0.987, category 0.927, retryable 0.970,
 * errorCode 0.529, empty 0.952 — without round XXVII's rules category 0.908 and errorCode 0.434 (a status carried
 * as a member of a structured error: the first round whose blind figure a previous round's rules moved). The
 * second judge agreed with the first on every category and code, so the gap in codes is Faultline's. Round
 * XXVII, once read (a status member of a structured error, a relayed GraphQL answer, a session signed out, a
 * lookup's named member null): 1.000, 0.959, 0.985, 1.000, 1.000, 0.993 — no longer a blind figure. Round
 * XXVII's 6 (education: Coursera, LeetCode; news and
 * read-later: Karakeep, Hacker News; sports and games: Hevy, a Disney Lorcana play hub), measured the day they
 * were captured, before anyone read them, with round XXVI's rules in: precision 1.000, recall 0.918, category
 * 0.939, retryable 0.970, errorCode 0.938, empty 0.980 — the same without round XXVI's rules. Round XXVI, once
 * read (a server's own code in a field, a refused state transition, a region that may not see a thing, zero
 * counts beside "no results"): 1.000, 0.989, 0.954, 1.000, 1.000, 0.994 — no longer a blind figure. Round XXVI's 8 (music and video: Discogs, two YouTube
 * transcript servers; science and health: PubMed, an arXiv/OpenAlex/Europe PMC search server, FHIRfly's FHIR
 * bridge; store fulfilment back offices: a Shopify server, Headless Commerce), measured the day they were
 * captured, before anyone read them, with round XXV's rules in: precision 1.000, recall 0.976, category 0.827,
 * retryable 0.938, errorCode 0.938, empty 0.989 — the same without round XXV's rules. Round XXV, once read (a
 * failure's fields a line each, capacity shortages, a request beyond its whole limit, a table left empty by
 * failed lookups): 1.000, 0.980, 0.944, 1.000, 1.000, 1.000 — no longer a blind figure. Round XXV's 9 (domains, DNS and hosting panels: a Coolify
 * panel, Vercel's domains through another server, RDAP domain search; ML platforms: Hugging Face's Hub server,
 * Runpod, Groq; food delivery: TGO Yemek, CookUnity, and a Yelp server that answers every call -32601),
 * measured the day they were captured, before anyone read them, with round XXIV's rules in: precision 0.990,
 * recall 0.897, category 0.909, retryable 0.976, errorCode 0.873, empty 0.986 — the same without round XXIV's
 * rules. One of its calls was then read (hfh-003, "No repositories found for the given criteria." from a
 * search): the one wrong fire of the empty_lookup rule, which took that rule under its precision bar; "the given
 * criteria" are a search's, not a named thing (precision 1.000, empty 0.991 since). Round XXIV, once read (a
 * terminal tool's escapes and status footer, an error label before a status and a page or body, a role the
 * caller does not hold, a cadence the API allows): 1.000, 0.963, 0.991, 0.991, 0.988, 0.971 — no longer a blind
 * figure. Round XXIV's 8 (flight data and search: Flightradar24,
 * Variflight, a Booking.com flights server; telephony and voice AI: Vapi, Retell AI, Vonage; social networks
 * for agents and developers: Moltbook, /vibe), measured the day they were captured, before anyone read them,
 * with round XXIII's rules in: precision 0.992, recall 0.926, category 0.898, retryable 0.982, errorCode
 * 0.988, empty 0.961 — the same without round XXIII's rules. One of its calls was then read (frd-007, "Found 0
 * flights (full details):" above []): the one wrong fire of the empty_lookup rule, which took that rule under its
 * precision bar; an answer that counts none of many is a search (precision 1.000, empty 0.966 since). Round
 * XXIII, once read (a server's -32600 for
 * every failure, a vendor's own 4xx, an access key refused, a name the tool does not know, Russian APIs'
 * refusals): 1.000, 0.973, 0.907, 0.962, 0.961, 0.987 — no longer a blind figure. Round XXIII's 7 (e-signature, translation and PDF
 * generation: PandaDoc through Mindstone's server, Lara Translate, PDFCrowd; code security and threat scanning:
 * Codacy, agent-security-scanner-mcp with OSV.dev, Check Point's Threat Emulation; an online-school LMS:
 * GetCourse), measured the day they were captured, before anyone read them, with round XXI's rules in:
 * precision 1.000, recall 0.964, category 0.831, retryable 0.916, errorCode 0.961, empty 0.987 — the same
 * without round XXI's rules, and the same with round XXII's. Round XXII, once read (the status an SDK writes
 * before its message under a tool's label, a wrapper's catch-all beside what it wraps, a tool the server does
 * not have quoted inside another error, an OAuth code inside a wrapper's message, a login that failed, a
 * framework's word for an empty result, a created record's zero counters): 1.000, 0.986, 0.964, 0.990, 1.000,
 * 1.000 — no longer a blind figure. Round XXII's 8 (sales CRM: Pipedrive, HighLevel through
 * 0nmcp; vector and document databases: Astra DB, Mixedbread, Chroma; logs and analytics: Google Cloud
 * Observability, Check Point's management logs, Currents), measured the day they were captured, before anyone
 * read them, with the rules round XX's misses made (none written since round XXI was scored): precision 1.000,
 * recall 0.976, category 0.927, retryable 0.990, errorCode 0.829, empty 0.990 — the same with round XXI's rules,
 * written from its misses once round XXII was captured. Round XXI, once read (a client's exception serialised
 * into an ordinary result, a bulk tally in JSON, "not found" in French, accounts not switched on, rights not
 * granted, a credential's variable not set, the server's own answer refused by its MCP library): 1.000,
 * 0.980, 0.932, 1.000, 0.945, 0.994 — no longer a blind figure. Round XXI's 7 (HR and staffing: BoondManager; ad
 * platforms and customer messaging: Meta Ads, Iterable, Google Ads through TrueClicks' relay; CDN and edge:
 * bunny.net, Vercel, Tencent EdgeOne Pages), measured the day they were captured, before anyone read them,
 * with round XX's rules in: precision 1.000, recall 0.900, category 0.880, retryable 0.991, errorCode
 * 0.913, empty 0.989 — the same without round XX's rules. Round XX's 8 (incident management: Opsgenie,
 * Datadog's incidents and monitors; payments and commerce: Razorpay, eBay's seller APIs, Lemon Squeezy;
 * scraping, browser clouds and geocoding: Bright Data, Hyperbrowser, Google Maps), measured the day they
 * were captured, before anyone read them, with round XIX's rules in: precision 1.000, recall 0.937,
 * category 0.903, retryable 0.959, errorCode 0.866, empty 0.981 — the same without round XIX's rules. Once
 * round XXI was being captured blind and its misses were read (an API's numbers in the errors it relays,
 * lists whose every record or response failed, an identity answer by its own link, hosts that do not
 * resolve, states and caps, wrappers two labels deep, paging): 1.000, 0.969, 0.977, 1.000, 0.964, 0.990 —
 * no longer a blind figure.
 * Round XIX's 9 (publishing: Sanity, Webflow,
 * WordPress through Automattic's remote proxy; back office: QuickBooks, Harvest, InvoiceXpress; shells and
 * analytics: two SSH servers, Google Analytics over gRPC), measured the day they were captured, before
 * anyone read them, with round XVIII's rules in: precision 1.000, recall 0.978, category 0.847, retryable
 * 0.934, errorCode 0.780, empty 0.987 — the same without round XVIII's rules. Once round XX was being
 * captured blind and its misses were read (vendors' numbers and labels beside their status, a relayed
 * JSON-RPC error, reason phrases as clients join them, SSH's words, identity tools for an account, reports
 * and commands that found nothing): 1.000, 0.985, 0.935, 0.979, 1.000, 1.000 — no longer a blind figure
 * (thirteen earlier verdicts were re-judged to the reason-phrase convention then). Round XVIII, once round XIX
 * was being captured blind and its misses were read (Google's error object quoted by a wrapper, a
 * document closing a message, an error object's name, refused results whose block is an error, states,
 * content policies and balances, generations that made nothing, paging numbers): 1.000, 0.994, 0.937,
 * 0.982, 0.982, 0.992 — no longer a blind figure. Round XVIII's 10 (scheduling and forms: Cal.com,
 * Google Forms; AI model and media APIs: fal.ai, MiniMax, Gemini images, OpenAI images; finance: CCXT over
 * Binance, Financial Modeling Prep, Moralis, YNAB), measured the day they were captured, before anyone
 * read them, with round XVII's rules in: precision 0.993, recall 0.962, category 0.826, retryable 0.944,
 * errorCode 0.853, empty 0.971. One of its calls was then read (fmp-013, getFullChart answering [] for
 * future dates): the one wrong fire of the empty_lookup rule, which took that rule under its precision
 * bar; "chart", "series", "candles" now name a whole (precision 1.000, empty 0.976 since). Round XVII, once round XVIII was being captured blind and its misses
 * were read: 1.000, 0.990, 0.948, 0.958, 0.979, 0.990 — no longer a blind figure. Round XVII's 12
 * (spreadsheets, work management
 * and wikis: Google Sheets, Motion, Jira Cloud, Notion; cloud databases: Neon, BigQuery, InstantDB,
 * Firebase; social, media and travel: Strava, ByCrawl, AviationStack, Airbnb), measured the day they
 * were captured, before anyone read them, with round XVI's rules in: precision 1.000, recall 0.966,
 * category 0.830, retryable 0.945, errorCode 0.796, empty 0.972 — and without round XVI's rules the same
 * but category 0.825. Round XVI, once round XVII was being captured blind and its misses were read:
 * 1.000, 0.994, 0.978, 0.965, 1.000, 0.996 — no longer a blind figure. Round XVI's 11 (identity, secrets and
 * verification: Auth0, Keycloak, Bitwarden, Didit; search and storage: Serper, Omnisearch, MinIO,
 * Cloudinary; marketing e-mail: SendGrid, Mailchimp, Mailtrap), measured the day they were captured,
 * before anyone read them, with round XV's rules in: precision 1.000, recall 0.994, category 0.862,
 * retryable 0.909, errorCode 1.000, empty 0.982. Round XV, once round XVI was being captured blind and
 * its misses were read (API codes inside a client's message, reason phrases, -32600's words, Cosmos
 * DB's and Laravel's words, labelled documents): 1.000, 0.994, 0.973, 1.000, 0.994, 1.000 — no
 * longer a blind figure. Round XV's 12 (cloud hosting: Hostinger, two
 * Hetzner servers, Cosmos DB; calendars and productivity: Google Calendar, Microsoft 365, monday.com,
 * Miro; package registries, Maven, BugSnag, Clarity), measured the day they were captured, before
 * anyone read them: precision 0.996, recall 0.990, category 0.818, retryable 0.957, errorCode 0.697,
 * empty 0.990 — and without round XIV's rules the same but empty 0.980. One of its calls was then
 * read (ms-003, get-calendar-view answering {"value": []}): the one wrong fire of the empty_lookup
 * rule, which took that rule under its precision bar; "view", "calendar", "schedule" now name a
 * listing (precision 1.000, empty 0.993 since). Round XIV's 12 (messaging and e-mail: two
 * Discord servers, Teams, Gmail; a graph database, Kafka, a memory API, a search API; design, market
 * data, personal finance, a security scanner), measured the day they were captured, before anyone read
 * them: precision 1.000, recall 0.882, category 0.782, retryable 0.947, errorCode 0.863, empty 0.955 —
 * and without round XIII's rules 1.000, 0.882, 0.789, 0.947, 0.863, 0.955: those rules, written from
 * round XIII's misses while round XIV was being captured, neither lifted nor (but for one call) lowered
 * it. Then, once round XV was being captured blind by helpers who write no rules, round XIV's misses
 * were read and rules written from what the field shares (statuses in parentheses, a field's code in
 * brackets, the words of Kafka, Neo4j, Discord and git, failures without their flag, listings that
 * found nothing beside their metadata): round XIV 1.000, 0.921, 0.959, 0.978, 0.981, 0.969 — no longer
 * a blind figure; its recall stops at 15 of Mem0's calls, which its server answers as successes.
 * Round XIII's 8 (maps, translation, a web
 * reader, weather; Reddit, Discourse, YouTube, an ATS), measured the day they were captured, before
 * anyone read them: precision 0.993, recall 0.933, category 0.773, retryable 0.949, errorCode 0.744,
 * empty 0.971 — the same without round XII's rules, and with round XI's category 0.767, retryable
 * 0.943. Then, once round XIV was being captured blind by helpers who write no rules, round XIII's misses
 * were read and rules written from what the field shares (a status name closing what failed, a code in
 * parentheses, an API's number extending its status, zod's issues, an HTML page where JSON was expected,
 * a record with no field set, the words of keys, projects and quotas): round XIII 1.000, 0.967, 0.973,
 * 0.994, 1.000, 0.990 — no longer a blind figure. Round XII's 10 (five business apps, five
 * CI/CD and deployment servers), measured the day they were captured, before anyone read them:
 * precision 1.000, recall 0.988, category 0.960, retryable 0.979, errorCode 0.803, empty 0.966 — the
 * same with and without the rules written from round XI's misses; once its misses were read (round
 * XIII being captured): 1.000, 0.988, 0.973, 0.993, 1.000, 0.966. Round XI's 10, measured the day they were
 * captured, before anyone read them: precision 1.000, recall 0.874, category 0.835, retryable
 * 0.942, errorCode 0.965, empty 0.882 — the same with and without the rules written from round X's
 * misses, as round X was with and without round IX's. Then, once round XII was being captured by
 * helpers who write no rules, round XI's misses were read and rules written from what the field
 * shares (the 2024-10-07 result shape, results the client refused, results whose own members are the
 * answer, an API's error envelope after the words, guessing failures): round XI 1.000, 0.978, 0.934,
 * 0.974, 0.957, 0.964 — no longer a blind figure; its code floor is 0.95 because the failures now
 * caught (13 of Cloudflare's) bring codes into the measure. Round X's 12, measured the day they were
 * captured, before anyone read them: precision 1.000, recall 0.894, category 0.894, retryable 0.946,
 * errorCode 0.962, empty 0.972 — the same with and without the rules written from round IX's
 * misses (which lifted round IX itself from 0.866 to 0.933 on category and 0.826 to 0.988 on code).
 * Then round X's misses were read (a second judge had written its verdicts blind: the judges agree on
 * category 0.859, retryable 0.968, errorCode 0.976) and rules written from what the field shares: round
 * X 0.950, 0.938, 0.978, 0.981, 0.979 — no longer a blind figure. Tuning now.
 * Round IX's 12, measured blind: 1.000, 0.972, 0.866, 0.923, 0.826, 0.982, the same before and
 * after round VIII's lessons; two judges agreed on them: failed-or-not 1.000/0.995, category 0.948,
 * retryable 1.000, errorCode 0.867, empty 0.997. Round VIII's 18, measured blind: 1.000, 0.886,
 * 0.917, 0.961, 0.885, 0.960; judges agreed on category 0.917, retryable 0.952, errorCode 0.914.
 * Earlier held-out sets, since read and tuned on, with their figures when they were measured
 * (before → rules written blind to them): round VII's 16: 1.000, 0.939, 0.904 → 0.909, 0.957,
 * 0.743, 0.978; round VI's 16: 1.000 → 1.000, 0.875 → 0.891, 0.827 → 0.889, 0.957 → 0.960, 0.911 →
 * 0.911, 0.965 → 0.965; round V's 18: 1.000 → 1.000, 0.917 → 0.925, 0.870 → 0.891, 0.949 → 0.954,
 * 0.870 → 0.865, 0.962 → 0.965; round IV's 12: 0.976 → 1.000, 0.891 → 0.885, 0.727 → 0.791, 0.940 →
 * 0.947, 0.908 → 0.925, 0.967 → 0.967.
 */
const FLOORS_HELD_OUT: Record<Metric, number> = {
  precision: 0.98,
  recall: 0.75,
  category: 0.81,
  retryable: 0.89,
  errorCode: 0.73,
  empty: 0.93,
};

/**
 * Verdicts Faultline does not reach, on purpose; each a round III tuning line. A new miss fails the
 * test, and so does one of these once it is reached (remove it here then).
 */
const KNOWN_DISAGREEMENTS: Record<string, string> = {
  // The demo tool was asked for a sample error and returned "Error: Operation failed" as a success:
  // from the exchange alone it is an error text like any other.
  "ev-008": "flagged silent; the judge's ok rests on knowing what the caller asked for",
  // The failure is a 404 page inside a base64 gzip blob: Faultline does not decompress what a tool returns.
  "ev-018": "judged a silent failure from inside a compressed resource",
};

/**
 * Round IV tuning lines flagged wasted_retry that the judge did not count: between the two calls the
 * client changed its credential or the service behind was stopped (what Faultline never sees: a
 * header, the environment), and the judge compares a call with the one just before it, Faultline
 * with the last call with the same arguments.
 */
const KNOWN_WASTED_DISAGREEMENTS = ["nth-008", "nth-010", "rest-015"];
/**
 * wasted_retry flags the judge did not make, today (ceilings): on the held-out calls (not read), and on the
 * tuning calls — the three above, round V's seven, round VI's two and round VII's one, counted while each
 * was held out and not yet examined; round VIII's were six while it was blind, nine once its
 * knowledge-base failures were read as failures (three repeats with the same arguments while the
 * service behind changed: throttled, a revoked key, a 500, refused — what the judge saw and Faultline
 * cannot); with rounds IX's and X's since read, 33 today. Round XI's ten are its own (not read).
 */
// Round XLIV's, blind: none. Round XLIII's, blind: none; none once read.
// Round XLII's, blind: one (c-svg-014 repeats a generation after its refused key and is rate-limited the second
// time: a wasted retry by the definition as written, which the second judge applied and the first did not).
// Round XLI's, blind: none; two once its misses were read (md-023 and dbx-024 each repeat a call whose failure now
// reads as the final refusal it is, and fail again another way: wasted retries by the definition as written, which
// the second judge applied and the first did not).
// Round XL's, blind: none.
// Round XXXIX's, blind: one (pdn-024 repeats list_templates after its refused key, the API unreachable the second
// time: a wasted retry by the definition as written, which the second judge applied and the first did not).
// Round XXXVIII's, blind: one (yt-017 repeats a call whose 403 was final and fails again: a wasted retry by the
// definition as written, which the second judge applied and the first did not; read only to set this ceiling).
// Round XXXVII's, blind: none. Round XXXVI's, blind: none. Round XXXV's, blind: two (afa-014 and afa-016 each repeat a valuation whose failure Faultline reads as not
// retryable, validation and unknown, where the judge read a retryable internal one: read only to set this ceiling).
// Round XXXIV's, blind: none. Round XXXIII's, blind: none. Round XXXII's, blind: one (mss-023 repeats get-tables after its non-retryable failure, other calls between: a
// wasted retry by CAPTURING.md's definition since round XXXI, which its judge did not apply). Round XXXI's, blind:
// one (adz-023: it repeated a search after a failure Faultline read as unknown, not retryable, where the judge read a
// retryable internal one; gone once that category miss was read). Round XXX's, blind: one (cal-022 repeats get_book_metadata after its refused key, other tools' calls between;
// the same reading as gsc-024's). Round XXIX's, blind: one (gsc-024 repeats list_sites after its refused grant, another tool's timeout between: the
// judge compares a call with the one just before it, Faultline with the last call with the same arguments, as the
// design says). Round XXVIII's, blind: none. Round XXVII's, blind: none. Round XXVI's, blind: one (among the tuning calls' now). Round XXV's, blind: four (among the tuning calls' now). Round XXIV's, blind: three (among the tuning calls' now). Round XXIII's, blind: five (among the tuning calls' now). Round XXII's, blind: four (among the tuning calls' now). Round XXI's, blind: one; two once its misses were read (itb-017 repeats a call
// whose refused key now reads as the failure it is). Round XX's, blind: eleven; ten once its misses were read. Round XIX's, blind: six; seven once its misses were read (qb-025 repeats a call whose 3200 is now read as final, calls later). Round XVIII's, blind: six; seven once its misses were read (ynab-021 repeats ynab-018, a lapsed subscription now judged final, two calls later). Round XVII's, blind: eleven; twelve once its misses were read. Round XVI's, blind: ten; thirteen once its misses were read (failures now judged final, whose repeats count). Round XV's, blind: thirteen; twelve once its misses were read. Round XIV's, blind, were nine; ten once its failures were read as such (aa-020 repeats aa-019 after the key was
// changed, what Faultline cannot see). Round XIII's, blind, were fourteen (now among the tuning calls'). Round XII's were eight; round XI's ten while it was blind, eleven once
// Cloudflare's answers one level down were read as the failures they are (a repeat of worker_list after
// its token was refused now counts as a repeat); they count among the tuning calls' now.
const HELD_OUT_WASTED_FALSE_FLAGS = 0;
const TUNING_WASTED_FALSE_FLAGS = 160;

const percent = (value: number) => `${(100 * value).toFixed(1)}%`;
const cell = (s: Score, metric: Metric) => {
  const [right, of] = s.counts[metric];
  return of === 0 ? "—" : `${right}/${of}`;
};
const heldOutScores = SERVERS.filter((server) => HELD_OUT.has(server)).map((server) =>
  BY_SERVER.get(server)!,
);
const tuningScores = SERVERS.filter((server) => !HELD_OUT.has(server)).map((server) =>
  BY_SERVER.get(server)!,
);
const heldOutMacro = Object.fromEntries(
  METRICS.map((metric) => [metric, macro(heldOutScores, metric)]),
) as Record<Metric, number>;

console.log(
  [
    `Faultline on the server corpus: ${LINES.length} calls to ${SERVERS.length} published MCP servers, ${HELD_OUT.size} held out whole`,
    `server                                          split     lines  ${METRICS.map((metric) => metric.padStart(10)).join(" ")}`,
    ...SERVERS.map((server) => {
      const s = BY_SERVER.get(server)!;
      return `${server.slice(0, 46).padEnd(47)} ${(HELD_OUT.has(server) ? "held-out" : "tuning").padEnd(9)} ${String(s.lines).padStart(5)}  ${METRICS.map((metric) => cell(s, metric).padStart(10)).join(" ")}`;
    }),
    ...(
      [
        ["held-out", heldOutScores],
        ["tuning", tuningScores],
      ] as const
    ).map(
      ([name, scores]) =>
        `macro ${name.padEnd(41)} ${String(scores.length).padStart(3)} servers  ${METRICS.map((metric) => percent(macro(scores, metric)).padStart(10)).join(" ")}`,
    ),
    `targets (held-out macro)                                        ${METRICS.map((metric) => `${heldOutMacro[metric] >= TARGETS[metric] ? "met" : "MISSED"} ${percent(TARGETS[metric])}`.padStart(10)).join(" ")}`,
    `wasted_retry flags the judge did not make: held-out ${heldOutScores.reduce((n, s) => n + s.wastedFalseFlags.length, 0)}, tuning ${tuningScores.reduce((n, s) => n + s.wastedFalseFlags.length, 0)}; missed: held-out ${heldOutScores.reduce((n, s) => n + s.wastedMissed.length, 0)}, tuning ${tuningScores.reduce((n, s) => n + s.wastedMissed.length, 0)}`,
    ...Object.entries(allThree.wrong).map(
      ([what, ids]) => `round III, wrong ${what}: ${ids.join(", ") || "none"}`,
    ),
  ].join("\n"),
);

describe("Faultline on the server corpus", () => {
  // Rounds IV to XII held out 10 to 18 servers; later rounds, captured in shorter windows, 5 to 12 (round XXXI: 5,
  // when the mirror here held only one or two servers of each of its kinds and a sixth was a round XIII server).
  it("has the corpus it scores: 30+ servers, the newest round held out whole (5+ servers)", () => {
    expect(SERVERS.length).toBeGreaterThanOrEqual(30);
    // A third of all servers when the newest round has that many; else all of it (round XXI: 7 of 237).
    expect(HELD_OUT.size).toBeGreaterThanOrEqual(5);
    for (const server of HELD_OUT)
      expect(LINES.some((line) => line.server === server && line.round !== "III")).toBe(true);
  });

  it("stays at or above its floors on the held-out servers (macro), and never flags a repeat that was not one", () => {
    for (const metric of METRICS) {
      const wrong = heldOutScores.flatMap((s) =>
        metric === "precision" || metric === "recall"
          ? s.wrong.failed
          : s.wrong[metric === "errorCode" ? "errorCode" : metric],
      );
      expect(heldOutMacro[metric], `${metric}: ${wrong.length} wrong`).toBeGreaterThanOrEqual(
        FLOORS_HELD_OUT[metric],
      );
    }
    const tuningWasted = tuningScores.flatMap((s) => s.wastedFalseFlags);
    expect(tuningWasted, "wasted_retry on a call that is not a same-arguments repeat").toEqual(
      expect.arrayContaining(KNOWN_WASTED_DISAGREEMENTS),
    );
    expect(tuningWasted.length).toBeLessThanOrEqual(TUNING_WASTED_FALSE_FLAGS);
    // On the held-out servers, counted (their calls are not read): no change may add one.
    expect(heldOutScores.flatMap((s) => s.wastedFalseFlags).length).toBeLessThanOrEqual(
      HELD_OUT_WASTED_FALSE_FLAGS,
    );
  });

  it.each([
    ["held-out", heldOutThree],
    ["all", allThree],
  ] as const)(
    "round III: says whether a call failed as the judge did (but for the known disagreements), and meets its targets, on %s",
    (name, s) => {
      const disagreements = Object.keys(KNOWN_DISAGREEMENTS).filter(
        (id) => name === "all" || heldOutIds.has(id),
      );
      expect(
        s.wrong.failed.map((entry) => entry.split(" ")[0]),
        "failed or not",
      ).toEqual(disagreements);
      const floor = FLOORS_III[name];
      expect(micro(s, "category"), `wrong category: ${s.wrong.category.join(", ")}`).toBeGreaterThanOrEqual(
        Math.max(TARGETS_III.category, floor.category),
      );
      expect(
        micro(s, "retryable"),
        `wrong retryable: ${s.wrong.retryable.join(", ")}`,
      ).toBeGreaterThanOrEqual(Math.max(TARGETS_III.retryable, floor.retryable));
      expect(
        micro(s, "errorCode"),
        `wrong errorCode: ${s.wrong.errorCode.join(", ")}`,
      ).toBeGreaterThanOrEqual(Math.max(TARGETS_III.errorCode, floor.errorCode));
      expect(micro(s, "empty"), `wrong empty: ${s.wrong.empty.join(", ")}`).toBeGreaterThanOrEqual(
        floor.empty,
      );
      expect(s.wastedFalseFlags, "wasted_retry on a call that is not a same-arguments repeat").toEqual([]);
      expect(s.wastedMissed, "wasted_retry missed").toEqual([]);
    },
  );
});
