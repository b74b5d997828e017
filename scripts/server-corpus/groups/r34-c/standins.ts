// Loopback stand-in for the Serpstat API v4 (api.serpstat.com/v4, a JSON-RPC-over-HTTP API), for
// @serpstat/serpstat-mcp-server, which reads its base URL from SERPSTAT_API_URL. README.md says where each body comes
// from and which wordings could not be sourced. `state` is switched by the session's hooks.

import { clearTimers, httpStandin, json, later, parse, text } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r34-c";
export const SERPSTAT_PORT = 43100;

/** The API token the stand-in accepts (made up), and one it does not know. */
export const TOKEN = "8f3c2a9d1e7b4c6a5f0e9d8c7b6a5f41";
export const WRONG_TOKEN = "8f3c2a9d1e7b4c6a5f0e9d8c7b6a5f4x";

export const state = {
  rateLimited: false,
  noCredits: false,
  noAccess: false,
  serverError: false,
  badGateway: false,
  slow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

const DOMAINS: Record<string, Record<string, unknown>> = {
  "nike.com": {
    domain: "nike.com",
    visible: 364.6492,
    keywords: 2910594,
    traff: 163283954,
    visible_dynamic: 0.1122,
    keywords_dynamic: 23298,
    traff_dynamic: 656882,
    ads_dynamic: 25,
    new_keywords: 150483,
    out_keywords: 127185,
    rised_keywords: 197848,
    down_keywords: 163764,
    ad_keywords: 307,
    ads: 259,
    prev_date: "2026-11-17",
  },
  "adidas.com": {
    domain: "adidas.com",
    visible: 115.1006,
    keywords: 1747260,
    traff: 46445393,
    visible_dynamic: -1.2324,
    keywords_dynamic: 34073,
    traff_dynamic: 269123,
    ads_dynamic: 125,
    new_keywords: 133070,
    out_keywords: 98997,
    rised_keywords: 134307,
    down_keywords: 116026,
    ad_keywords: 173,
    ads: 138,
    prev_date: "2026-11-17",
  },
};

const rpcError = (id: unknown, code: number, message: string) => ({ id, error: { code, message } });

export const serpstat = httpStandin(SERPSTAT_PORT, (req, url, body, res) => {
  const call = parse(body);
  const id = call.id ?? "1";
  const method = String(call.method ?? "");
  const params = (call.params ?? {}) as Record<string, unknown>;
  seen.push(`${req.method} ${url.pathname} ${method} ${JSON.stringify(params)}`);
  if (url.searchParams.get("token") !== TOKEN) return json(res, 200, rpcError(id, 32001, "Invalid token!"));
  if (state.rateLimited)
    return json(res, 429, rpcError(id, 429, "Too many requests. Please, slow down"), { "Retry-After": "1" });
  if (state.noCredits)
    return json(res, 200, rpcError(id, 32004, "You have run out of API credits. Please upgrade your plan."));
  if (state.noAccess)
    return json(res, 200, rpcError(id, 32003, "Access to this method is not available for your plan"));
  if (state.serverError)
    return text(
      res,
      500,
      "<html><head><title>500 Internal Server Error</title></head><body><center><h1>500 Internal Server Error</h1></center><hr><center>nginx</center></body></html>",
      "text/html",
    );
  if (state.badGateway)
    return text(
      res,
      502,
      "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n",
      "text/html",
    );
  if (state.slow)
    return later(15_000, () =>
      json(res, 200, { id, result: { data: [], summary_info: { page: 1, left_lines: 973400 } } }),
    );
  const summary = { page: 1, left_lines: 973402 };
  switch (method) {
    case "SerpstatDomainProcedure.getDomainsInfo": {
      const domains = (params.domains as string[]) ?? [];
      return json(res, 200, {
        id,
        result: { data: domains.flatMap((d) => (DOMAINS[d] ? [DOMAINS[d]] : [])), summary_info: summary },
      });
    }
    case "SerpstatDomainProcedure.getCompetitors":
      if (params.domain === "zq-no-such-shop-4471.example")
        return json(res, 200, { id, result: { data: [], summary_info: { ...summary, total: 0 } } });
      return json(res, 200, {
        id,
        result: {
          data: [
            {
              domain: "adidas.com",
              visible: 115.1,
              keywords: 1747260,
              traff: 46445393,
              relevance: 38,
              common_keywords: 412310,
            },
            {
              domain: "footlocker.com",
              visible: 41.2,
              keywords: 690211,
              traff: 12034411,
              relevance: 22,
              common_keywords: 201994,
            },
          ],
          summary_info: { ...summary, total: 2 },
        },
      });
    case "SerpstatDomainProcedure.getDomainKeywords":
      if (params.domain === "zq-no-such-shop-4471.example")
        return json(res, 200, { id, result: { data: [], summary_info: { ...summary, total: 0 } } });
      return json(res, 200, {
        id,
        result: {
          data: [
            {
              domain: "nike.com",
              keyword: "nike",
              position: 1,
              url: "https://www.nike.com/",
              region_queries_count: 9140000,
              cost: 0.45,
              concurrency: 100,
              traff: 2461000,
            },
            {
              domain: "nike.com",
              keyword: "running shoes",
              position: 3,
              url: "https://www.nike.com/w/running-shoes",
              region_queries_count: 301000,
              cost: 1.12,
              concurrency: 100,
              traff: 27090,
            },
          ],
          summary_info: { ...summary, total: 2910594 },
        },
      });
    case "SerpstatBacklinksProcedure.getSummaryV2":
    case "SerpstatBacklinksProcedure.getSummary":
      return json(res, 200, {
        id,
        result: {
          data: {
            referring_domains: 412881,
            referring_subdomains: 90211,
            referring_links: 21004512,
            noFollowLinks: 5033120,
            doFollowLinks: 15971392,
            referring_ips: 130442,
            referring_subnets: 61021,
            outlinking_domains: 3021,
            outgoing_links: 40211,
            external_domains: 3021,
            domainRank: 91,
          },
          summary_info: summary,
        },
      });
    case "SerpstatLimitsProcedure.getStats":
      return json(res, 200, {
        id,
        result: {
          user_id: 104211,
          max_lines: 1000000,
          used_lines: 26598,
          left_lines: 973402,
          user_plan: "Team",
        },
      });
    case "SerpstatDomainProcedure.getMarketCategories":
      return json(res, 200, {
        id,
        result: [
          { category_id: "3", name: "Apparel" },
          { category_id: "3.1", name: "Apparel / Footwear" },
        ],
      });
    case "ProjectProcedure.getProjects":
      return json(res, 200, { id, result: { data: [], summary_info: { page: 1, count: 0, total: 0 } } });
    default:
      unknownRequests.push(method);
      return json(res, 200, rpcError(id, -32601, "Method not found"));
  }
});

export const ALL_STANDINS = [serpstat];

export function resetCounters() {
  seen.length = 0;
  unknownRequests.length = 0;
  for (const key of Object.keys(state) as (keyof typeof state)[]) state[key] = false;
}
