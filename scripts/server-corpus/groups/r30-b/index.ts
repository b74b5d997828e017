// Group r30-b: books, films and TV databases — Open Library's book and author catalogue (@geobio/mcp-open-library:
// titles, authors, author records, editions by ISBN/OLID, cover and photo URLs), TMDB's film, TV and people database
// (tmdb-mcp-server: search, details, discover, recommendations, trending, credits) and a self-hosted Calibre ebook
// library (access-calibre: libraries, book search and lists, metadata, EPUB chapters, in-book search, covers): each
// published MCP server behind a loopback stand-in that answers with the real service's bodies and error bodies
// (standins.ts).
//
//   (cd scripts/server-corpus/groups/r30-b && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r30-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  BOOK_FLATLAND,
  BOOK_MISSING,
  BOOK_SLOW,
  BOOK_TIME_MACHINE,
  CALIBRE_PORT,
  CAL_FORBIDDEN_LIBRARY,
  CAL_LIBRARY,
  CAL_PASSWORD,
  CAL_USER,
  CERT,
  DATA,
  MOVIE_ARRIVAL,
  MOVIE_MISSING,
  OL_AUTHOR,
  OL_AUTHOR_MISSING,
  OL_EDITION,
  OL_ISBN,
  OL_ISBN_MISSING,
  OL_PROXY_PORT,
  OL_SLOW_TITLE,
  PERSON_VILLENEUVE,
  SLOW_QUERY,
  TMDB_PROXY_PORT,
  TMDB_TOKEN,
  TV_SEVERANCE,
  calibreStandin,
  clearTimers,
  ensureCertificate,
  openLibraryStandin,
  resetCounters,
  state,
  tmdbStandin,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@geobio/mcp-open-library": "0.1.6",
  "tmdb-mcp-server": "0.1.1",
  "access-calibre": "1.3.3",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

// ------------------------------------------------------------------------------- @geobio/mcp-open-library (stdio)

const openLibrary: SessionSpec = {
  label: "r30-b-openlibrary",
  server: "@geobio/mcp-open-library",
  transport: "stdio",
  start: stdioServer("r30-b-openlibrary", "@geobio/mcp-open-library", {
    from: FROM,
    cwd: DATA,
    // axios honours HTTPS_PROXY and sends the proxy absolute-form requests for https://openlibrary.org/….
    env: { HOME, HTTPS_PROXY: `http://127.0.0.1:${OL_PROXY_PORT}`, NODE_EXTRA_CA_CERTS: CERT },
  }),
  steps: [
    step("ol-001", "get_book_by_title", { title: "The Left Hand of Darkness" }, "books matching a title"),
    step(
      "ol-002",
      "get_book_by_title",
      { title: "Zzqxv Quorum Handbook" },
      "a title no book has (numFound 0)",
    ),
    step("ol-003", "get_authors_by_name", { name: "Ursula K. Le Guin" }, "authors matching a name"),
    step("ol-004", "get_authors_by_name", { name: "Qzxv Nobody" }, "a name no author has"),
    step("ol-005", "get_author_info", { author_key: OL_AUTHOR }, "one author's record, bio flattened"),
    step(
      "ol-006",
      "get_author_info",
      { author_key: OL_AUTHOR_MISSING },
      "an author key that does not exist (404 notfound)",
    ),
    step(
      "ol-007",
      "get_author_info",
      { author_key: OL_AUTHOR_MISSING },
      "the same call again, key unchanged",
    ),
    step(
      "ol-008",
      "get_author_info",
      { author_key: "le-guin-ursula" },
      "a slug where an OLID is expected (the server's own zod check)",
    ),
    step("ol-009", "get_book_by_id", { idType: "isbn", idValue: OL_ISBN }, "an edition by ISBN-13"),
    step(
      "ol-010",
      "get_book_by_id",
      { idType: "isbn", idValue: OL_ISBN_MISSING },
      "an ISBN Open Library does not know (the Read API answers [])",
    ),
    step("ol-011", "get_book_by_id", { idType: "olid", idValue: OL_EDITION }, "an edition by its OLID"),
    step(
      "ol-012",
      "get_book_by_id",
      { idType: "asin", idValue: "B000FC1JAI" },
      "an identifier type the tool does not support",
    ),
    step(
      "ol-013",
      "get_book_cover",
      { key: "ISBN", value: OL_ISBN, size: "M" },
      "a cover URL (built locally, nothing fetched)",
    ),
    step("ol-014", "get_author_photo", { olid: OL_AUTHOR }, "an author photo URL (built locally)"),
    step("ol-015", "get_book_by_title", {}, "a search without its required title"),
    step(
      "ol-016",
      "get_book_by_title",
      { title: "The Dispossessed" },
      "a search while Open Library answers 429 (nginx, Retry-After 60)",
      flag("olRateLimited"),
    ),
    step(
      "ol-017",
      "get_authors_by_name",
      { name: "Octavia E. Butler" },
      "an author search while Open Library's nginx refuses the client (403, a blocked user agent)",
      flag("olForbidden"),
    ),
    step(
      "ol-018",
      "get_book_by_id",
      { idType: "isbn", idValue: OL_ISBN },
      "an edition while HAProxy answers 503 (no application server available)",
      flag("olUnavailable"),
    ),
    step(
      "ol-019",
      "get_author_info",
      { author_key: OL_AUTHOR },
      "an author while Open Library answers 500",
      flag("olServerError"),
    ),
    step(
      "ol-020",
      "get_book_by_title",
      { title: "The Lathe of Heaven" },
      "a search while nginx answers its 502 page",
      flag("olBadGateway"),
    ),
    step(
      "ol-021",
      "get_book_by_title",
      { title: OL_SLOW_TITLE },
      "a search Open Library takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "ol-022",
      "get_authors_by_name",
      { name: "Ursula K. Le Guin" },
      "an author search while the way to Open Library is down (the proxy refuses connections)",
      down(openLibraryStandin),
    ),
    step("ol-023", "get_book_editions", { work_key: "OL59863W" }, "a tool the server does not have"),
  ],
};

// ------------------------------------------------------------------------------------------ tmdb-mcp-server (stdio)

const tmdbEnv = () => ({
  HOME,
  TMDB_ACCESS_TOKEN: TMDB_TOKEN,
  HTTPS_PROXY: `http://127.0.0.1:${TMDB_PROXY_PORT}`,
  NODE_EXTRA_CA_CERTS: CERT,
  NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
});

const tmdb: SessionSpec = {
  label: "r30-b-tmdb",
  server: "tmdb-mcp-server",
  transport: "stdio",
  start: stdioServer("r30-b-tmdb", "tmdb-mcp-server", { from: FROM, cwd: DATA, env: tmdbEnv() }),
  steps: [
    step("tm-001", "search_movies", { query: "Arrival" }, "movies matching a title"),
    step("tm-002", "search_movies", { query: "Zzqxv Quorum" }, "a title no movie has"),
    step("tm-003", "get_movie_details", { movie_id: MOVIE_ARRIVAL }, "one movie's details"),
    step(
      "tm-004",
      "get_movie_details",
      { movie_id: MOVIE_MISSING },
      "a movie id that does not exist (404, status_code 34)",
    ),
    step("tm-005", "get_movie_details", { movie_id: MOVIE_MISSING }, "the same call again, id unchanged"),
    step("tm-006", "get_movie_details", { movie_id: "arrival" }, "a title where the numeric id is expected"),
    step(
      "tm-007",
      "discover_movies",
      { with_genres: "878", min_year: 2015, min_rating: 7, sort_by: "vote_average.desc" },
      "science fiction from 2015 on rated 7 or more",
    ),
    step("tm-008", "get_recommendations", { movie_id: MOVIE_ARRIVAL }, "movies recommended after one"),
    step("tm-009", "get_trending", { media_type: "all", time_window: "week" }, "this week's trending titles"),
    step("tm-010", "get_movie_credits", { movie_id: MOVIE_ARRIVAL }, "a movie's cast and key crew"),
    step("tm-011", "search_tv_shows", { query: "Severance" }, "TV shows matching a name"),
    step("tm-012", "get_tv_details", { tv_id: TV_SEVERANCE }, "one show's details"),
    step(
      "tm-013",
      "discover_tv_shows",
      { with_original_language: "is", year: 1990 },
      "Icelandic-language series first aired in 1990: none",
    ),
    step(
      "tm-014",
      "get_tv_recommendations",
      { tv_id: TV_SEVERANCE },
      "shows recommended after one: none yet",
    ),
    step("tm-015", "search_people", { query: "Denis Villeneuve" }, "people matching a name"),
    step("tm-016", "get_person_details", { person_id: PERSON_VILLENEUVE }, "one person's details"),
    step(
      "tm-017",
      "search_movies",
      { query: "Arrival", page: 501 },
      "a page past TMDB's last (400, status_code 22)",
    ),
    step(
      "tm-018",
      "get_movie_credits",
      { movie_id: MOVIE_ARRIVAL },
      "credits after the read access token was regenerated (401, status_code 7)",
      flag("tmKeyRevoked"),
    ),
    step(
      "tm-019",
      "search_tv_shows",
      { query: "Severance" },
      "a search after TMDB suspended the account's API key (401, status_code 10)",
      flag("tmKeySuspended"),
    ),
    step(
      "tm-020",
      "get_trending",
      { media_type: "movie", time_window: "day" },
      "trending while the request count is over the limit (429, status_code 25, Retry-After 10)",
      flag("tmRateLimited"),
    ),
    step(
      "tm-021",
      "get_person_details",
      { person_id: PERSON_VILLENEUVE },
      "a person while TMDB answers 500 (status_code 11)",
      flag("tmServerError"),
    ),
    step(
      "tm-022",
      "get_tv_details",
      { tv_id: TV_SEVERANCE },
      "a show while CloudFront answers its 502 page",
      flag("tmBadGateway"),
    ),
    step(
      "tm-023",
      "search_movies",
      { query: SLOW_QUERY },
      "a search TMDB takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "tm-024",
      "search_people",
      { query: "Amy Adams" },
      "a search while the way to TMDB is down (the proxy refuses connections)",
      down(tmdbStandin),
    ),
    step("tm-025", "get_watch_providers", { movie_id: MOVIE_ARRIVAL }, "a tool the server does not have"),
  ],
};

// ------------------------------------------------------------------------------------------- access-calibre (stdio)

const calibre: SessionSpec = {
  label: "r30-b-calibre",
  server: "access-calibre",
  transport: "stdio",
  start: stdioServer("r30-b-calibre", "access-calibre", {
    from: FROM,
    cwd: DATA,
    env: {
      HOME,
      CALIBRE_URL: `http://127.0.0.1:${CALIBRE_PORT}/`,
      CALIBRE_USERNAME: CAL_USER,
      CALIBRE_PASSWORD: CAL_PASSWORD,
    },
  }),
  steps: [
    step("cal-001", "list_libraries", {}, "the libraries the user may read, with book counts"),
    step(
      "cal-002",
      "search_books",
      { query: 'author:"Wells"' },
      "books by an author (Calibre search syntax)",
    ),
    step("cal-003", "search_books", { query: 'title:"Necronomicon"' }, "a title the library does not have"),
    step("cal-004", "list_books", { libraryId: CAL_LIBRARY, limit: 10 }, "ten books of the library"),
    step(
      "cal-005",
      "get_book_metadata",
      { libraryId: CAL_LIBRARY, bookId: BOOK_TIME_MACHINE },
      "one book's full metadata",
    ),
    step(
      "cal-006",
      "get_book_metadata",
      { libraryId: CAL_LIBRARY, bookId: BOOK_MISSING },
      "a book id the library does not have (404)",
    ),
    step(
      "cal-007",
      "get_book_metadata",
      { libraryId: CAL_LIBRARY, bookId: BOOK_MISSING },
      "the same call again, id unchanged",
    ),
    step(
      "cal-008",
      "list_chapters",
      { libraryId: CAL_LIBRARY, bookId: BOOK_TIME_MACHINE },
      "the chapters of an EPUB in reading order",
    ),
    step(
      "cal-009",
      "get_chapter_content_markdown",
      { libraryId: CAL_LIBRARY, bookId: BOOK_TIME_MACHINE, path: "OEBPS/Text/chapter03.xhtml", length: 1500 },
      "the first 1500 characters of a long chapter as Markdown",
    ),
    step(
      "cal-010",
      "get_chapter_content_markdown",
      {
        libraryId: CAL_LIBRARY,
        bookId: BOOK_TIME_MACHINE,
        path: "OEBPS/Text/chapter03.xhtml",
        offset: 90000,
      },
      "an offset past the chapter's end",
    ),
    step(
      "cal-011",
      "search_in_book",
      { libraryId: CAL_LIBRARY, bookId: BOOK_TIME_MACHINE, query: "Weena" },
      "a word in the book's text",
    ),
    step(
      "cal-012",
      "search_in_book",
      { libraryId: CAL_LIBRARY, bookId: BOOK_TIME_MACHINE, query: "submarine" },
      "a word the book does not contain",
    ),
    step(
      "cal-013",
      "search_in_book",
      { libraryId: CAL_LIBRARY, bookId: BOOK_TIME_MACHINE, query: '"Eloi" AND "Morlocks"' },
      "a boolean query the tool refuses",
    ),
    step(
      "cal-014",
      "list_chapters",
      { libraryId: CAL_LIBRARY, bookId: BOOK_FLATLAND },
      "chapters of a book that exists only as PDF",
    ),
    step(
      "cal-015",
      "get_book_cover",
      { libraryId: CAL_LIBRARY, bookId: BOOK_TIME_MACHINE },
      "a book's cover image",
    ),
    step(
      "cal-016",
      "render_chapter_page",
      { libraryId: CAL_LIBRARY, bookId: BOOK_TIME_MACHINE, path: "OEBPS/Text/chapter01.xhtml" },
      "a chapter page rendered to PNG (needs a Playwright Chromium the install did not bring)",
    ),
    step("cal-017", "search_books", {}, "a search without its required query"),
    step(
      "cal-018",
      "list_books",
      { libraryId: CAL_FORBIDDEN_LIBRARY },
      "a library the user is not allowed to read (403)",
    ),
    step(
      "cal-019",
      "get_book_metadata",
      { libraryId: CAL_LIBRARY, bookId: BOOK_TIME_MACHINE },
      "metadata after the user's password was changed on the server (401)",
      flag("calPasswordChanged"),
    ),
    step(
      "cal-020",
      "list_libraries",
      {},
      "libraries while nginx's rate limit answers 429 with Retry-After",
      flag("calRateLimited"),
    ),
    step(
      "cal-021",
      "search_books",
      { query: "tag:Classics" },
      "a search while calibre-server answers 500",
      flag("calServerError"),
    ),
    step(
      "cal-022",
      "get_book_metadata",
      { libraryId: CAL_LIBRARY, bookId: BOOK_TIME_MACHINE },
      "metadata while nginx answers its 502 page",
      flag("calBadGateway"),
    ),
    step(
      "cal-023",
      "list_chapters",
      { libraryId: CAL_LIBRARY, bookId: BOOK_SLOW },
      "chapters of a book whose metadata takes 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "cal-024",
      "list_libraries",
      {},
      "libraries while calibre-server is not running",
      down(calibreStandin),
    ),
    step(
      "cal-025",
      "convert_book",
      { libraryId: CAL_LIBRARY, bookId: 2, format: "pdf" },
      "a tool the server does not have",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [openLibrary, tmdb, calibre];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  resetCounters();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
