// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - Open Library (`openlibrary.org`: `/search.json`, `/search/authors.json`, `/authors/{olid}.json`,
//   `/api/volumes/brief/{type}/{value}.json`) for @geobio/mcp-open-library, whose host is written into it: a forward
//   proxy the server reaches by `HTTPS_PROXY` (axios sends it absolute-form requests). Its 429 is the nginx body
//   Open Library answers, its 403 the nginx page for a blocked client, its 503 HAProxy's page.
// - TMDB's API v3 (`api.themoviedb.org/3/…`) for tmdb-mcp-server, whose host is written into it and which calls Node's
//   own fetch: a forward proxy reached through a preload that sets undici's ProxyAgent (proxy-preload.mjs), with a
//   certificate the server trusts by NODE_EXTRA_CA_CERTS. Its 502 is the CloudFront page in front of the API.
// - A Calibre Content Server (`calibre-server --auth-mode basic`, `/interface-data/init`, `/ajax/search`,
//   `/ajax/books/{library}`, `/ajax/book/{id}/{library}`, `/get/{fmt}/{id}/{library}`) for access-calibre, whose base
//   URL is its documented CALIBRE_URL: a plain HTTP listener. Its 429 and 502 come from the nginx reverse proxy a
//   self-hosted Calibre usually sits behind.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import {
  certificate,
  forwardProxy,
  httpStandin,
  json,
  later,
  text,
  type Certificate,
} from "../../standin-kit.js";
import { clearTimers } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r30-b";

export const OL_PROXY_PORT = 42450;
export const TMDB_PROXY_PORT = 42451;
export const CALIBRE_PORT = 42452;

export const CERT = `${DATA}/standin-cert.pem`;
export const ensureCertificate = (): Certificate =>
  certificate(DATA, ["openlibrary.org", "api.themoviedb.org"]);

export const state = {
  olRateLimited: false,
  olForbidden: false,
  olUnavailable: false,
  olServerError: false,
  olBadGateway: false,
  tmKeyRevoked: false,
  tmKeySuspended: false,
  tmRateLimited: false,
  tmServerError: false,
  tmBadGateway: false,
  calPasswordChanged: false,
  calRateLimited: false,
  calServerError: false,
  calBadGateway: false,
};

export const unknownRequests: string[] = [];

// nginx's own pages (the reverse proxy in front of Open Library and of a self-hosted Calibre).
const nginxPage = (status: string) =>
  `<html>\r\n<head><title>${status}</title></head>\r\n<body>\r\n<center><h1>${status}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;

// ------------------------------------------------------------------------------------------------- Open Library

export const OL_AUTHOR = "OL1220897A";
export const OL_AUTHOR_MISSING = "OL99999999A";
export const OL_ISBN = "9780441478125";
export const OL_ISBN_MISSING = "9780000000002";
export const OL_EDITION = "OL24211463M";
export const OL_SLOW_TITLE = "Always Coming Home";

const OL_WORKS = [
  {
    key: "/works/OL59863W",
    type: "work",
    title: "The Left Hand of Darkness",
    author_name: ["Ursula K. Le Guin"],
    author_key: [OL_AUTHOR],
    first_publish_year: 1969,
    edition_count: 143,
    cover_i: 12634552,
    has_fulltext: true,
    ebook_access: "borrowable",
    language: ["eng", "spa", "fre", "ger"],
    public_scan_b: false,
  },
  {
    key: "/works/OL20031227W",
    type: "work",
    title: "The Left Hand of Darkness (50th Anniversary Edition)",
    author_name: ["Ursula K. Le Guin", "Charlie Jane Anders"],
    author_key: [OL_AUTHOR, "OL7477772A"],
    first_publish_year: 2019,
    edition_count: 2,
    cover_i: 9272331,
    has_fulltext: false,
    ebook_access: "no_ebook",
    language: ["eng"],
    public_scan_b: false,
  },
  {
    key: "/works/OL17866431W",
    type: "work",
    title: "Ursula K. Le Guin's The Left Hand of Darkness",
    author_name: ["Harold Bloom"],
    author_key: ["OL29438A"],
    first_publish_year: 1987,
    edition_count: 1,
    has_fulltext: true,
    ebook_access: "printdisabled",
    language: ["eng"],
    public_scan_b: false,
  },
];

const olSearch = (docs: unknown[], q: Record<string, string>) => ({
  numFound: docs.length,
  start: 0,
  numFoundExact: true,
  num_found: docs.length,
  documentation_url: "https://openlibrary.org/dev/docs/api/search",
  q: "",
  offset: null,
  docs,
  ...q,
});

const OL_AUTHOR_DOCS = [
  {
    key: OL_AUTHOR,
    type: "author",
    name: "Ursula K. Le Guin",
    alternate_names: ["Ursula Kroeber Le Guin", "Ursula K. LeGuin", "Ursula Le Guin", "URSULA K. LE GUIN"],
    birth_date: "21 October 1929",
    death_date: "22 January 2018",
    top_work: "A Wizard of Earthsea",
    work_count: 472,
    top_subjects: ["Fiction", "Fantasy fiction", "Science fiction", "Earthsea (Imaginary place)", "Wizards"],
    _version_: 1813567202335637504,
  },
  {
    key: "OL10590624A",
    type: "author",
    name: "Ursula Le Guin",
    work_count: 3,
    top_work: "Lavinia",
    top_subjects: ["Fiction"],
    _version_: 1813567202336686080,
  },
];

const OL_AUTHOR_RECORD = {
  key: `/authors/${OL_AUTHOR}`,
  name: "Ursula K. Le Guin",
  personal_name: "Ursula K. Le Guin",
  fuller_name: "Ursula Kroeber Le Guin",
  alternate_names: ["Ursula Kroeber Le Guin", "Ursula K. LeGuin", "Ursula Le Guin"],
  birth_date: "21 October 1929",
  death_date: "22 January 2018",
  bio: {
    type: "/type/text",
    value:
      "Ursula Kroeber Le Guin was an American author of novels, children's books, and short stories, mainly in the genres of fantasy and science fiction.",
  },
  links: [{ title: "Official Site", url: "http://www.ursulakleguin.com/", type: { key: "/type/link" } }],
  photos: [6434017, 6434018],
  remote_ids: { viaf: "109263138", wikidata: "Q181659", isni: "0000000121226442" },
  source_records: ["bwb:9780441478125"],
  type: { key: "/type/author" },
  latest_revision: 41,
  revision: 41,
  created: { type: "/type/datetime", value: "2008-04-01T03:28:50.625462" },
  last_modified: { type: "/type/datetime", value: "2026-05-14T11:02:37.118843" },
};

const olBrief = (bibkey: string) => ({
  records: {
    [`/books/${OL_EDITION}`]: {
      isbns: ["0441478123", OL_ISBN],
      issns: [],
      lccns: ["76001395"],
      oclcs: ["2427066"],
      olids: [OL_EDITION],
      publishDates: ["1976"],
      recordURL: `https://openlibrary.org/books/${OL_EDITION}/The_Left_Hand_of_Darkness`,
      data: {
        url: `https://openlibrary.org/books/${OL_EDITION}/The_Left_Hand_of_Darkness`,
        key: `/books/${OL_EDITION}`,
        title: "The Left Hand of Darkness",
        authors: [
          {
            url: `https://openlibrary.org/authors/${OL_AUTHOR}/Ursula_K._Le_Guin`,
            name: "Ursula K. Le Guin",
          },
        ],
        number_of_pages: 304,
        identifiers: {
          isbn_10: ["0441478123"],
          isbn_13: [OL_ISBN],
          lccn: ["76001395"],
          oclc: ["2427066"],
          openlibrary: [OL_EDITION],
        },
        publishers: [{ name: "Ace Books" }],
        publish_date: "1976",
        subjects: [{ name: "Science fiction", url: "https://openlibrary.org/subjects/science_fiction" }],
        cover: {
          small: "https://covers.openlibrary.org/b/id/12634552-S.jpg",
          medium: "https://covers.openlibrary.org/b/id/12634552-M.jpg",
          large: "https://covers.openlibrary.org/b/id/12634552-L.jpg",
        },
      },
      details: {
        bib_key: bibkey,
        info_url: `https://openlibrary.org/books/${OL_EDITION}/The_Left_Hand_of_Darkness`,
        preview: "borrow",
        preview_url: "https://archive.org/details/lefthandofdarkne00legu",
        thumbnail_url: "https://covers.openlibrary.org/b/id/12634552-S.jpg",
        details: {
          key: `/books/${OL_EDITION}`,
          title: "The Left Hand of Darkness",
          number_of_pages: 304,
          isbn_10: ["0441478123"],
          isbn_13: [OL_ISBN],
          works: [{ key: "/works/OL59863W" }],
          publishers: ["Ace Books"],
          publish_date: "1976",
        },
      },
    },
  },
  items: [
    {
      match: "exact",
      status: "restricted",
      itemURL: "https://archive.org/details/lefthandofdarkne00legu",
      fromRecord: `/books/${OL_EDITION}`,
      "ol-edition-id": OL_EDITION,
      "ol-work-id": "OL59863W",
      publishDate: "1976",
      contributor: "",
    },
  ],
});

// HAProxy's own 503 page ("No server is available to handle this request."), which Open Library answers when its
// application servers are overloaded.
const HAPROXY_503 =
  "<html><body><h1>503 Service Unavailable</h1>\nNo server is available to handle this request.\n</body></html>\n";

function openLibraryHandler(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  const p = url.pathname;
  if (state.olBadGateway) return text(res, 502, nginxPage("502 Bad Gateway"), "text/html");
  if (state.olRateLimited)
    return json(
      res,
      429,
      { status: 429, message: "Too Many Requests. Consider using https://openlibrary.org/developers/dumps." },
      { "retry-after": "60", server: "nginx" },
    );
  if (state.olForbidden) return text(res, 403, nginxPage("403 Forbidden"), "text/html", { server: "nginx" });
  if (state.olUnavailable) return text(res, 503, HAPROXY_503, "text/html", { "cache-control": "no-cache" });
  if (state.olServerError) return text(res, 500, "internal server error", "text/html; charset=utf-8");

  if (req.method === "GET" && p === "/search.json") {
    const title = (url.searchParams.get("title") ?? "").toLowerCase();
    if (title === OL_SLOW_TITLE.toLowerCase())
      return later(15_000, () => json(res, 200, olSearch([], { q: "" })));
    if (title.includes("left hand of darkness")) return json(res, 200, olSearch(OL_WORKS, {}));
    return json(res, 200, olSearch([], {}));
  }
  if (req.method === "GET" && p === "/search/authors.json") {
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    const docs = q.includes("le guin") ? OL_AUTHOR_DOCS : [];
    return json(res, 200, { numFound: docs.length, start: 0, numFoundExact: true, docs });
  }
  let m = /^\/authors\/(OL\d+A)\.json$/.exec(p);
  if (m && req.method === "GET") {
    if (m[1] === OL_AUTHOR) return json(res, 200, OL_AUTHOR_RECORD);
    return json(res, 404, { error: "notfound", key: `/authors/${m[1]}` });
  }
  m = /^\/api\/volumes\/brief\/(isbn|lccn|oclc|olid)\/([^/]+)\.json$/.exec(p);
  if (m && req.method === "GET") {
    const value = decodeURIComponent(m[2] ?? "");
    if ((m[1] === "isbn" && value === OL_ISBN) || (m[1] === "olid" && value === OL_EDITION))
      return json(res, 200, olBrief(`${m[1]}:${value}`));
    // The Read API answers an identifier it does not know with an empty list (readlinks.py: `return []`).
    return json(res, 200, []);
  }
  unknownRequests.push(`OL ${req.method} ${url.host}${p}${url.search}`);
  return text(res, 404, nginxPage("404 Not Found"), "text/html");
}

export const openLibraryStandin = forwardProxy(OL_PROXY_PORT, ensureCertificate, openLibraryHandler);

// --------------------------------------------------------------------------------------------------- TMDB API v3

export const TMDB_TOKEN =
  "eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiI3YjVmMmQ0YzE5YTg0ZTBhOWMzZjZlMmQ4YjFhNGM3NyIsIm5iZiI6MTc2NTA5MjAwMCwic3ViIjoiNjc1NDFhMmJjMGEzZjRlNWQ2Yjc4OTAxIiwic2NvcGVzIjpbImFwaV9yZWFkIl0sInZlcnNpb24iOjF9.q9Jx2mV7nK4pR8sT1wY6zB3cD5fH0jL2gN7uE9aX4iO";

export const MOVIE_ARRIVAL = 329865;
export const MOVIE_MISSING = 99999999;
export const TV_SEVERANCE = 95396;
export const PERSON_VILLENEUVE = 137427;
export const SLOW_QUERY = "Solaris";

const tmdbError = (res: http.ServerResponse, status: number, code: number, message: string, headers = {}) =>
  json(res, status, { success: false, status_code: code, status_message: message }, headers);

// CloudFront's 502 page (api.themoviedb.org is served through Amazon CloudFront).
const CLOUDFRONT_502 = `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">
<HTML><HEAD><META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=iso-8859-1">
<TITLE>ERROR: The request could not be satisfied</TITLE>
</HEAD><BODY>
<H1>502 ERROR</H1>
<H2>The request could not be satisfied.</H2>
<HR noshade size="1px">
CloudFront wasn't able to connect to the origin.
We can't connect to the server for this app or website at this time. There might be too much traffic or a configuration error. Try again later, or contact the app or website owner.
<BR clear="all">
If you provide content to customers through CloudFront, you can find steps to troubleshoot and help prevent this error by reviewing the CloudFront documentation.
<BR clear="all">
<HR noshade size="1px">
<PRE>
Generated by cloudfront (CloudFront)
Request ID: 3xQ9mZ7rT2vK8pW1nB4cD6fH0jL5gS9uE2aY7iO3kR1tV8wX6zA==
</PRE>
<ADDRESS>
</ADDRESS>
</BODY></HTML>`;

const movie = (
  id: number,
  title: string,
  date: string,
  vote: number,
  count: number,
  popularity: number,
  overview: string,
  poster: string,
) => ({
  adult: false,
  backdrop_path: `/b${poster.slice(2)}`,
  genre_ids: [18, 878, 9648],
  id,
  original_language: "en",
  original_title: title,
  overview,
  popularity,
  poster_path: poster,
  release_date: date,
  title,
  video: false,
  vote_average: vote,
  vote_count: count,
});

const ARRIVAL = movie(
  MOVIE_ARRIVAL,
  "Arrival",
  "2016-11-10",
  7.597,
  18204,
  38.112,
  "Taking place after alien crafts land around the world, an expert linguist is recruited by the military to determine whether they come in peace or are a threat.",
  "/x2FJsf1ElAgr63Y3PNPtJrcmpoe.jpg",
);
const MOVIES = [
  ARRIVAL,
  movie(
    1018,
    "Mulholland Drive",
    "2001-10-06",
    7.7,
    6002,
    21.4,
    "A woman, amnesiac after a car crash, and an aspiring actress search the city for clues.",
    "/x7A59t6ySylr1L7aubOQEA480vM.jpg",
  ),
  movie(
    335984,
    "Blade Runner 2049",
    "2017-10-04",
    7.577,
    14329,
    52.86,
    "Thirty years after the events of the first film, a new blade runner unearths a long-buried secret.",
    "/gajva2L0rPYkEWjzgFlBXCAVBE5.jpg",
  ),
  movie(
    438631,
    "Dune",
    "2021-09-15",
    7.781,
    13107,
    88.02,
    "Paul Atreides, a brilliant and gifted young man born into a great destiny, travels to the most dangerous planet in the universe.",
    "/d5NXSklXo0qyIYkgV94XAgMIckC.jpg",
  ),
];

const page = (results: unknown[]) => ({
  page: 1,
  results,
  total_pages: results.length ? 1 : 1,
  total_results: results.length,
});

const ARRIVAL_DETAILS = {
  ...ARRIVAL,
  belongs_to_collection: null,
  budget: 47000000,
  genres: [
    { id: 18, name: "Drama" },
    { id: 878, name: "Science Fiction" },
    { id: 9648, name: "Mystery" },
  ],
  homepage: "https://www.paramount.com/movies/arrival",
  imdb_id: "tt2543164",
  origin_country: ["US"],
  production_companies: [
    { id: 10288, logo_path: null, name: "FilmNation Entertainment", origin_country: "US" },
    { id: 23450, logo_path: null, name: "Lava Bear Films", origin_country: "US" },
    { id: 58115, logo_path: null, name: "21 Laps Entertainment", origin_country: "US" },
  ],
  production_countries: [{ iso_3166_1: "US", name: "United States of America" }],
  revenue: 203388186,
  runtime: 116,
  spoken_languages: [{ english_name: "English", iso_639_1: "en", name: "English" }],
  status: "Released",
  tagline: "Why are they here?",
};

const SEVERANCE = {
  adult: false,
  backdrop_path: "/ixgFmf1X59PUZam2qbAfskx2gQr.jpg",
  genre_ids: [18, 9648, 10765],
  id: TV_SEVERANCE,
  origin_country: ["US"],
  original_language: "en",
  original_name: "Severance",
  overview:
    "Mark leads a team of office workers whose memories have been surgically divided between their work and personal lives.",
  popularity: 142.77,
  poster_path: "/pPHpeI2X1qEd1CS1SeyrdhZ4qnT.jpg",
  first_air_date: "2022-02-17",
  name: "Severance",
  vote_average: 8.4,
  vote_count: 2331,
};

const SEVERANCE_DETAILS = {
  ...SEVERANCE,
  created_by: [{ id: 1218092, credit_id: "5d1a4d0b9a3c490017f1c0e1", name: "Dan Erickson", gender: 2 }],
  episode_run_time: [],
  genres: [
    { id: 18, name: "Drama" },
    { id: 9648, name: "Mystery" },
    { id: 10765, name: "Sci-Fi & Fantasy" },
  ],
  homepage: "https://tv.apple.com/show/severance/umc.cmc.1srk2goyh2q2zdxcx605w8vtx",
  in_production: true,
  languages: ["en"],
  last_air_date: "2025-03-21",
  networks: [
    { id: 2552, logo_path: "/4KAy34EHvRM25Ih8wb82AuGU7zJ.png", name: "Apple TV+", origin_country: "" },
  ],
  number_of_episodes: 19,
  number_of_seasons: 2,
  status: "Returning Series",
  tagline: "Work is a mystery.",
  type: "Scripted",
};

const VILLENEUVE = {
  adult: false,
  gender: 2,
  id: PERSON_VILLENEUVE,
  known_for_department: "Directing",
  name: "Denis Villeneuve",
  original_name: "Denis Villeneuve",
  popularity: 9.81,
  profile_path: "/zdDx9Xs93UIrJFWYApYR28J8M6b.jpg",
  known_for: [
    { ...ARRIVAL, media_type: "movie" },
    { ...MOVIES[2], media_type: "movie" },
    { ...MOVIES[3], media_type: "movie" },
  ],
};

const VILLENEUVE_DETAILS = {
  adult: false,
  also_known_as: ["Дені Вільнев", "ドゥニ・ヴィルヌーヴ"],
  biography:
    "Denis Villeneuve is a French-Canadian film director and writer, known for Incendies, Prisoners, Arrival and the Dune films.",
  birthday: "1967-10-03",
  deathday: null,
  gender: 2,
  homepage: null,
  id: PERSON_VILLENEUVE,
  imdb_id: "nm0898288",
  known_for_department: "Directing",
  name: "Denis Villeneuve",
  place_of_birth: "Gentilly, Québec, Canada",
  popularity: 9.81,
  profile_path: "/zdDx9Xs93UIrJFWYApYR28J8M6b.jpg",
};

const castMember = (id: number, name: string, character: string, order: number) => ({
  adult: false,
  gender: 1,
  id,
  known_for_department: "Acting",
  name,
  original_name: name,
  popularity: 20.1 - order,
  profile_path: `/p${id}.jpg`,
  cast_id: order + 1,
  character,
  credit_id: `57${id}c3c9251413e4b00${order}`,
  order,
});
const crewMember = (id: number, name: string, job: string, department: string) => ({
  adult: false,
  gender: 2,
  id,
  known_for_department: department,
  name,
  original_name: name,
  popularity: 3.2,
  profile_path: null,
  credit_id: `58${id}92514${job.length}`,
  department,
  job,
});

const ARRIVAL_CREDITS = {
  id: MOVIE_ARRIVAL,
  cast: [
    castMember(9273, "Amy Adams", "Louise Banks", 0),
    castMember(10859, "Jeremy Renner", "Ian Donnelly", 1),
    castMember(2178, "Forest Whitaker", "Colonel Weber", 2),
    castMember(21356, "Michael Stuhlbarg", "Agent Halpern", 3),
  ],
  crew: [
    crewMember(PERSON_VILLENEUVE, "Denis Villeneuve", "Director", "Directing"),
    crewMember(1129, "Eric Heisserer", "Screenplay", "Writing"),
    crewMember(1130, "Ted Chiang", "Story", "Writing"),
    crewMember(1302, "Jóhann Jóhannsson", "Original Music Composer", "Sound"),
    crewMember(1131, "Shawn Levy", "Producer", "Production"),
  ],
};

function tmdbHandler(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  const p = url.pathname.replace(/^\/3/, "");
  const q = url.searchParams;
  if (state.tmBadGateway)
    return text(res, 502, CLOUDFRONT_502, "text/html", {
      server: "CloudFront",
      "x-cache": "Error from cloudfront",
      via: "1.1 5b2c1d0e8f7a6b4c3d2e1f0a9b8c7d6e.cloudfront.net (CloudFront)",
    });
  if (state.tmKeyRevoked || req.headers.authorization !== `Bearer ${TMDB_TOKEN}`)
    return tmdbError(res, 401, 7, "Invalid API key: You must be granted a valid key.");
  if (state.tmKeySuspended)
    return tmdbError(
      res,
      401,
      10,
      "Suspended API key: Access to your account has been suspended, contact TMDB.",
    );
  if (state.tmRateLimited)
    return tmdbError(res, 429, 25, "Your request count (41) is over the allowed limit of (40).", {
      "retry-after": "10",
      "x-ratelimit-limit": "40",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": "1796634010",
    });
  if (state.tmServerError)
    return tmdbError(res, 500, 11, "Internal error: Something went wrong, contact TMDB.");
  const pageParam = Number(q.get("page") ?? "1");
  if (!Number.isInteger(pageParam) || pageParam < 1 || pageParam > 500)
    return tmdbError(
      res,
      400,
      22,
      "Invalid page: Pages start at 1 and max at 500. They are expected to be an integer.",
    );

  if (p === "/search/movie") {
    const query = (q.get("query") ?? "").toLowerCase();
    if (query === SLOW_QUERY.toLowerCase()) return later(15_000, () => json(res, 200, page([])));
    if (query.includes("arrival")) return json(res, 200, page([ARRIVAL]));
    return json(res, 200, { page: 1, results: [], total_pages: 1, total_results: 0 });
  }
  let m = /^\/movie\/(\d+)$/.exec(p);
  if (m) {
    if (Number(m[1]) === MOVIE_ARRIVAL) return json(res, 200, ARRIVAL_DETAILS);
    return tmdbError(res, 404, 34, "The resource you requested could not be found.");
  }
  m = /^\/movie\/(\d+)\/recommendations$/.exec(p);
  if (m) {
    if (Number(m[1]) === MOVIE_ARRIVAL)
      return json(res, 200, page(MOVIES.slice(1).map((x) => ({ ...x, media_type: "movie" }))));
    return tmdbError(res, 404, 34, "The resource you requested could not be found.");
  }
  m = /^\/movie\/(\d+)\/credits$/.exec(p);
  if (m) {
    if (Number(m[1]) === MOVIE_ARRIVAL) return json(res, 200, ARRIVAL_CREDITS);
    return tmdbError(res, 404, 34, "The resource you requested could not be found.");
  }
  if (p === "/discover/movie") {
    if (q.get("with_genres") === "878") return json(res, 200, page([MOVIES[3], ARRIVAL, MOVIES[2]]));
    return json(res, 200, page(MOVIES));
  }
  m = /^\/trending\/(all|movie|tv|person)\/(day|week)$/.exec(p);
  if (m) {
    const items =
      m[1] === "tv"
        ? [{ ...SEVERANCE, media_type: "tv" }]
        : [
            { ...MOVIES[3], media_type: "movie" },
            { ...SEVERANCE, media_type: "tv" },
            { ...ARRIVAL, media_type: "movie" },
          ].filter((x) => m![1] === "all" || x.media_type === m![1]);
    return json(res, 200, { page: 1, results: items, total_pages: 500, total_results: 10000 });
  }
  if (p === "/search/tv") {
    const query = (q.get("query") ?? "").toLowerCase();
    return json(res, 200, page(query.includes("severance") ? [SEVERANCE] : []));
  }
  m = /^\/tv\/(\d+)$/.exec(p);
  if (m) {
    if (Number(m[1]) === TV_SEVERANCE) return json(res, 200, SEVERANCE_DETAILS);
    return tmdbError(res, 404, 34, "The resource you requested could not be found.");
  }
  if (p === "/discover/tv") {
    // Icelandic-language series first aired in 1990: TMDB has none.
    if (q.get("with_original_language") === "is")
      return json(res, 200, { page: 1, results: [], total_pages: 1, total_results: 0 });
    return json(res, 200, page([SEVERANCE]));
  }
  m = /^\/tv\/(\d+)\/(recommendations|credits)$/.exec(p);
  if (m) {
    if (Number(m[1]) !== TV_SEVERANCE)
      return tmdbError(res, 404, 34, "The resource you requested could not be found.");
    if (m[2] === "credits")
      return json(res, 200, {
        id: TV_SEVERANCE,
        cast: [
          castMember(1223786, "Adam Scott", "Mark Scout", 0),
          castMember(1223787, "Britt Lower", "Helly R.", 1),
        ],
        crew: [crewMember(1218092, "Dan Erickson", "Executive Producer", "Production")],
      });
    return json(res, 200, page([]));
  }
  if (p === "/search/person") {
    const query = (q.get("query") ?? "").toLowerCase();
    return json(res, 200, page(query.includes("villeneuve") ? [VILLENEUVE] : []));
  }
  m = /^\/person\/(\d+)$/.exec(p);
  if (m) {
    if (Number(m[1]) === PERSON_VILLENEUVE) return json(res, 200, VILLENEUVE_DETAILS);
    return tmdbError(res, 404, 34, "The resource you requested could not be found.");
  }
  unknownRequests.push(`TMDB ${req.method} ${url.host}${url.pathname}${url.search}`);
  return tmdbError(res, 404, 34, "The resource you requested could not be found.");
}

export const tmdbStandin = forwardProxy(TMDB_PROXY_PORT, ensureCertificate, tmdbHandler);

// ------------------------------------------------------------------------------------ Calibre Content Server

export const CAL_USER = "reader";
export const CAL_PASSWORD = "Bookshelf-2026";
export const CAL_LIBRARY = "Calibre_Library";
export const CAL_FORBIDDEN_LIBRARY = "Family_Library";
export const BOOK_TIME_MACHINE = 1;
export const BOOK_FLATLAND = 5;
export const BOOK_SLOW = 6;
export const BOOK_MISSING = 999;

// A stored (uncompressed) ZIP, enough for an EPUB container: local headers, central directory, end record.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function storedZip(entries: Array<[string, string | Buffer]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content, "utf8");
    const nameBytes = Buffer.from(name, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(0, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x5b21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x5b21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((sum, b) => sum + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

const xhtml = (title: string, body: string) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml">\n<head><title>${title}</title><link rel="stylesheet" type="text/css" href="../Styles/stylesheet.css"/></head>\n<body>\n${body}\n</body>\n</html>\n`;

// The Time Machine (H. G. Wells, 1895; public domain), as Calibre's EPUB output lays a book out: a container, an OPF
// with its manifest and spine, an NCX table of contents, XHTML chapters and a stylesheet. The chapter texts are short
// summaries written for the stand-in, the third one repeated so it is long enough to be read in sections.
const CHAPTER_3_PARAGRAPH =
  "<p>The Traveller told them how the laboratory had grown faint and hazy, how the night came like the turning out of a lamp, and how the sun hopped swiftly across the sky until the days merged into a grey twilight. When he stopped the machine the year on the dials was 802,701, and a hail storm beat on the lawn around a great white figure of a sphinx.</p>\n";
const TIME_MACHINE_CHAPTERS: Array<[string, string, string]> = [
  [
    "Text/chapter01.xhtml",
    "I. Introduction",
    '<h2 class="chapter">I. Introduction</h2>\n<p>The Time Traveller was expounding a recondite matter to his guests after dinner: that time is only a fourth dimension of space, and that a machine might travel along it as a balloon travels up and down.</p>\n<p>The Psychologist, the Medical Man and the Provincial Mayor were not convinced, and the Very Young Man suggested one might invest all one\'s money and let it accumulate at interest.</p>',
  ],
  [
    "Text/chapter02.xhtml",
    "II. The Machine",
    '<h2 class="chapter">II. The Machine</h2>\n<p>He showed them a glittering metallic framework, scarcely larger than a small clock, made of ivory and some transparent crystalline substance. At a touch of a lever the model swung round, became indistinct, and was gone.</p>\n<p>In the laboratory stood the full-sized machine, nearly finished, with its twisted crystalline bars, its saddle and its two white levers.</p>',
  ],
  [
    "Text/chapter03.xhtml",
    "III. The Time Traveller Returns",
    `<h2 class="chapter">III. The Time Traveller Returns</h2>\n${CHAPTER_3_PARAGRAPH.repeat(14)}<p>He met the Eloi, small and graceful people who ate fruit in a great hall and feared the dark, and he found that his machine had been dragged into the pedestal of the White Sphinx.</p>`,
  ],
  [
    "Text/chapter04.xhtml",
    "IV. The Morlocks",
    '<h2 class="chapter">IV. The Morlocks</h2>\n<p>Down the wells lived the Morlocks, pale creatures of the dark who tended the machines and came up at night. Weena, the Eloi he had saved from the river, would not go near the wells.</p>\n<p>He lit his matches to drive them back and, at the last, reached the machine inside the pedestal and escaped into the future.</p>',
  ],
];

function epub(
  title: string,
  author: string,
  uuid: string,
  chapters: Array<[string, string, string]>,
): Buffer {
  const manifest = chapters
    .map(([href], i) => `    <item href="${href}" id="ch${i + 1}" media-type="application/xhtml+xml"/>`)
    .join("\n");
  const spine = chapters.map((_, i) => `    <itemref idref="ch${i + 1}"/>`).join("\n");
  const navPoints = chapters
    .map(
      ([href, label], i) =>
        `    <navPoint id="num_${i + 1}" playOrder="${i + 1}">\n      <navLabel>\n        <text>${label}</text>\n      </navLabel>\n      <content src="${href}"/>\n    </navPoint>`,
    )
    .join("\n");
  return storedZip([
    ["mimetype", "application/epub+zip"],
    [
      "META-INF/container.xml",
      '<?xml version="1.0"?>\n<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">\n  <rootfiles>\n    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>\n  </rootfiles>\n</container>\n',
    ],
    [
      "OEBPS/content.opf",
      `<?xml version="1.0" encoding="utf-8"?>\n<package xmlns="http://www.idpf.org/2007/opf" unique-identifier="uuid_id" version="2.0">\n  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">\n    <dc:title>${title}</dc:title>\n    <dc:creator opf:role="aut">${author}</dc:creator>\n    <dc:identifier id="uuid_id" opf:scheme="uuid">${uuid}</dc:identifier>\n    <dc:language>en</dc:language>\n    <meta name="calibre:timestamp" content="2026-03-02T19:12:44+00:00"/>\n  </metadata>\n  <manifest>\n    <item href="toc.ncx" id="ncx" media-type="application/x-dtbncx+xml"/>\n    <item href="Styles/stylesheet.css" id="css" media-type="text/css"/>\n${manifest}\n  </manifest>\n  <spine toc="ncx">\n${spine}\n  </spine>\n</package>\n`,
    ],
    [
      "OEBPS/toc.ncx",
      `<?xml version="1.0" encoding="utf-8"?>\n<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1" xml:lang="en">\n  <head>\n    <meta name="dtb:uid" content="${uuid}"/>\n    <meta name="dtb:depth" content="1"/>\n  </head>\n  <docTitle>\n    <text>${title}</text>\n  </docTitle>\n  <navMap>\n${navPoints}\n  </navMap>\n</ncx>\n`,
    ],
    [
      "OEBPS/Styles/stylesheet.css",
      "body { font-family: serif; margin: 5pt; }\nh2.chapter { text-align: center; page-break-before: always; }\n",
    ],
    ...chapters.map(([href, label, body]): [string, string] => [`OEBPS/${href}`, xhtml(label, body)]),
  ]);
}

const TIME_MACHINE_EPUB = epub(
  "The Time Machine",
  "H. G. Wells",
  "5d0c6b8e-3f2a-4c1e-9b7d-1a2b3c4d5e6f",
  TIME_MACHINE_CHAPTERS,
);

// A 1x1 JPEG (what Calibre's /get/cover answers: the cover as JPEG).
const COVER_JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
  "base64",
);

interface CalBook {
  id: number;
  title: string;
  authors: string[];
  timestamp: string;
  formats: string[];
  series?: string;
  tags: string[];
  publisher?: string;
  pubdate: string;
  isbn?: string;
}

const CAL_BOOKS: CalBook[] = [
  {
    id: 1,
    title: "The Time Machine",
    authors: ["H. G. Wells"],
    timestamp: "2026-03-02T19:12:44+00:00",
    formats: ["epub"],
    tags: ["Science Fiction", "Classics"],
    publisher: "William Heinemann",
    pubdate: "1895-05-07T00:00:00+00:00",
  },
  {
    id: 2,
    title: "The War of the Worlds",
    authors: ["H. G. Wells"],
    timestamp: "2026-03-02T19:13:05+00:00",
    formats: ["epub", "mobi"],
    tags: ["Science Fiction", "Classics"],
    publisher: "William Heinemann",
    pubdate: "1898-01-01T00:00:00+00:00",
  },
  {
    id: 3,
    title: "Frankenstein; or, The Modern Prometheus",
    authors: ["Mary Wollstonecraft Shelley"],
    timestamp: "2026-04-18T08:40:11+00:00",
    formats: ["epub"],
    tags: ["Gothic", "Classics"],
    pubdate: "1818-01-01T00:00:00+00:00",
  },
  {
    id: 4,
    title: "Pride and Prejudice",
    authors: ["Jane Austen"],
    timestamp: "2026-05-30T21:02:57+00:00",
    formats: ["epub", "azw3"],
    tags: ["Romance", "Classics"],
    pubdate: "1813-01-28T00:00:00+00:00",
  },
  {
    id: 5,
    title: "Flatland: A Romance of Many Dimensions",
    authors: ["Edwin A. Abbott"],
    timestamp: "2026-09-12T10:25:31+00:00",
    formats: ["pdf"],
    tags: ["Mathematics", "Satire"],
    pubdate: "1884-01-01T00:00:00+00:00",
  },
  {
    id: 6,
    title: "Moby-Dick; or, The Whale",
    authors: ["Herman Melville"],
    timestamp: "2026-11-20T17:48:09+00:00",
    formats: ["epub"],
    tags: ["Adventure", "Classics"],
    pubdate: "1851-10-18T00:00:00+00:00",
  },
];

// Calibre's default author sort: "H. G. Wells" → "Wells, H. G.".
const authorSort = (author: string) => {
  const parts = author.split(" ");
  const last = parts.pop() ?? "";
  return parts.length ? `${last}, ${parts.join(" ")}` : last;
};

// `book_to_json` of calibre's srv/ajax.py: the book's metadata with cover, thumbnail, formats, main_format,
// other_formats and category_urls (it pops `size`, `db_id`, `lpath`, `mime`).
function calBookJson(book: CalBook) {
  const get = (what: string) => `/get/${what}/${book.id}/${CAL_LIBRARY}`;
  const [main, ...others] = book.formats;
  return {
    application_id: book.id,
    title: book.title,
    title_sort: book.title.replace(/^(The|A) /, ""),
    authors: book.authors,
    author_sort: book.authors.map(authorSort).join(" & "),
    author_sort_map: Object.fromEntries(book.authors.map((a) => [a, authorSort(a)])),
    author_link_map: Object.fromEntries(book.authors.map((a) => [a, ""])),
    uuid: `0c1d2e3f-4a5b-6c7d-8e9f-${String(book.id).padStart(12, "0")}`,
    timestamp: book.timestamp,
    pubdate: book.pubdate,
    last_modified: book.timestamp,
    publisher: book.publisher ?? null,
    series: book.series ?? null,
    series_index: 1.0,
    tags: book.tags,
    languages: ["eng"],
    identifiers: {},
    rating: 0.0,
    comments: null,
    user_categories: {},
    user_metadata: {},
    cover: get("cover"),
    thumbnail: get("thumb"),
    format_metadata: Object.fromEntries(
      book.formats.map((f) => [
        f,
        {
          path: `/srv/calibre/${book.authors[0]}/${book.title} (${book.id})/${book.title}.${f}`,
          size: 214733,
          mtime: book.timestamp,
        },
      ]),
    ),
    formats: book.formats,
    main_format: main ? { [main]: get(main) } : null,
    other_formats: Object.fromEntries(others.map((f) => [f, get(f)])),
    category_urls: {
      authors: Object.fromEntries(
        book.authors.map((a, i) => [a, `/ajax/books_in/617574686f7273/${i + 11}/${CAL_LIBRARY}`]),
      ),
      tags: Object.fromEntries(
        book.tags.map((t, i) => [t, `/ajax/books_in/74616773/${i + 21}/${CAL_LIBRARY}`]),
      ),
    },
  };
}

function calSearch(query: string): number[] {
  const q = query.toLowerCase();
  const match = (book: CalBook) => {
    const m = /^(author|title|tag|series):"?([^"]*)"?$/.exec(q);
    if (m) {
      const needle = m[2] ?? "";
      if (m[1] === "author") return book.authors.some((a) => a.toLowerCase().includes(needle));
      if (m[1] === "title") return book.title.toLowerCase().includes(needle);
      if (m[1] === "tag") return book.tags.some((t) => t.toLowerCase().includes(needle));
      return (book.series ?? "").toLowerCase().includes(needle);
    }
    return [book.title, ...book.authors, ...book.tags].some((x) => x.toLowerCase().includes(q));
  };
  return CAL_BOOKS.filter(match)
    .sort((a, b) => b.timestamp.localeCompare(a.timestamp))
    .map((b) => b.id);
}

const calText = (
  res: http.ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) => text(res, status, message, "text/plain; charset=UTF-8", headers);

function calibreHandler(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  const p = decodeURIComponent(url.pathname);
  if (state.calBadGateway) return text(res, 502, nginxPage("502 Bad Gateway"), "text/html");
  if (state.calRateLimited)
    // nginx `limit_req` with `limit_req_status 429` in front of calibre-server, and the Retry-After the proxy adds.
    return text(res, 429, nginxPage("429 Too Many Requests"), "text/html", { "retry-after": "30" });
  // calibre-server --auth-mode basic: a missing or wrong password answers 401 with the Basic challenge.
  const expected = `Basic ${Buffer.from(`${CAL_USER}:${state.calPasswordChanged ? "rotated-pass" : CAL_PASSWORD}`).toString("base64")}`;
  if (req.headers.authorization !== expected)
    return calText(res, 401, "", { "www-authenticate": 'Basic realm="calibre"' });
  if (state.calServerError) return calText(res, 500, "");

  const library = (id: string | undefined) => {
    const lib = id || CAL_LIBRARY;
    if (lib === CAL_LIBRARY) return true;
    // handler.py get_library: a logged-in user asking for a library outside their allowed list (or one that does not
    // exist) is refused with 403.
    calText(res, 403, `The user ${CAL_USER} is not allowed to access the library ${lib}`);
    return false;
  };

  if (p === "/interface-data/init") {
    const ids = CAL_BOOKS.map((b) => b.id).sort((a, b) => b - a);
    return json(res, 200, {
      username: CAL_USER,
      output_format: "EPUB",
      input_formats: { EPUB: true, MOBI: true, AZW3: true, PDF: true, TXT: true },
      gui_pubdate_display_format: "MMM yyyy",
      gui_timestamp_display_format: "dd MMM yyyy",
      gui_last_modified_display_format: "dd MMM yyyy",
      use_roman_numerals_for_series_number: true,
      translations: false,
      allow_console_print: false,
      icon_path: "/icon/",
      library_map: { [CAL_LIBRARY]: "Calibre Library" },
      default_library_id: CAL_LIBRARY,
      library_id: CAL_LIBRARY,
      search_result: {
        total_num: ids.length,
        sort_order: "desc",
        num_books_without_search: ids.length,
        offset: 0,
        num: ids.length,
        sort: "timestamp",
        base_url: `/ajax/search/${CAL_LIBRARY}`,
        query: "",
        library_id: CAL_LIBRARY,
        book_ids: ids,
        vl: "",
      },
      sortable_fields: [
        ["authors", "Authors"],
        ["timestamp", "Date"],
        ["title", "Title"],
      ],
      field_metadata: {},
      virtual_libraries: {},
      bools_are_tristate: true,
      book_display_fields: [],
      fts_enabled: false,
    });
  }
  // ajax.py search: `/ajax/search/{library_id=None}` (the library is a path segment; a `library_id` query parameter
  // is not read, so the default library is searched).
  let m = /^\/ajax\/search(?:\/([^/]+))?$/.exec(p);
  if (m) {
    if (!library(m[1])) return;
    const query = url.searchParams.get("query") ?? "";
    const num = Number(url.searchParams.get("num") ?? "100");
    const offset = Number(url.searchParams.get("offset") ?? "0");
    const ids = calSearch(query);
    return json(res, 200, {
      total_num: ids.length,
      sort_order: url.searchParams.get("sort_order") ?? "asc",
      num_books_without_search: CAL_BOOKS.length,
      offset,
      num: ids.slice(offset, offset + num).length,
      sort: url.searchParams.get("sort") ?? "title",
      base_url: `/ajax/search/${CAL_LIBRARY}`,
      query,
      library_id: CAL_LIBRARY,
      book_ids: ids.slice(offset, offset + num),
      vl: "",
    });
  }
  // ajax.py books: every book's metadata as {book_id: data} (`ids` defaults to all; `num` and `start` are not read).
  m = /^\/ajax\/books(?:\/([^/]+))?$/.exec(p);
  if (m) {
    if (!library(m[1])) return;
    return json(res, 200, Object.fromEntries(CAL_BOOKS.map((b) => [String(b.id), calBookJson(b)])));
  }
  m = /^\/ajax\/book\/([^/]+)(?:\/([^/]+))?$/.exec(p);
  if (m) {
    if (!library(m[2])) return;
    const book = CAL_BOOKS.find((b) => String(b.id) === m![1]);
    if (!book) return calText(res, 404, `No book with id: ${m[1]} in library: ${CAL_LIBRARY}`);
    if (book.id === BOOK_SLOW) return later(15_000, () => json(res, 200, calBookJson(book)));
    return json(res, 200, calBookJson(book), { "last-modified": "Fri, 20 Nov 2026 17:48:09 GMT" });
  }
  m = /^\/get\/([^/]+)\/(\d+)(?:\/([^/]+))?$/.exec(p);
  if (m) {
    if (!library(m[3])) return;
    const book = CAL_BOOKS.find((b) => String(b.id) === m![2]);
    if (!book) return calText(res, 404, `No book with id: ${m[2]} in library: ${CAL_LIBRARY}`);
    const what = m[1] ?? "";
    if (what === "cover" || what === "thumb") {
      res.writeHead(200, { "content-type": "image/jpeg", "content-length": String(COVER_JPEG.length) });
      return res.end(COVER_JPEG);
    }
    if (what.toLowerCase() === "epub" && book.formats.includes("epub")) {
      res.writeHead(200, {
        "content-type": "application/epub+zip",
        "content-length": String(TIME_MACHINE_EPUB.length),
        "content-disposition": `attachment; filename="${book.title} - ${book.authors[0]}.epub"`,
      });
      return res.end(TIME_MACHINE_EPUB);
    }
    return calText(res, 404, `No ${what.toUpperCase()} format for the book: ${book.id}`);
  }
  unknownRequests.push(`CAL ${req.method} ${url.pathname}${url.search}`);
  return calText(res, 404, "Not Found");
}

export const calibreStandin = httpStandin(CALIBRE_PORT, calibreHandler);

export const ALL_STANDINS = [openLibraryStandin, tmdbStandin, calibreStandin];

export function resetCounters() {
  unknownRequests.length = 0;
  for (const key of Object.keys(state) as Array<keyof typeof state>) state[key] = false;
}
