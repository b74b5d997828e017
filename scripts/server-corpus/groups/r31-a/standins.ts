// Loopback stand-ins for the services behind this group's servers, answering with the real services' shapes and
// error bodies (README.md says where each comes from, and which wordings could not be sourced):
// - tl;dv's public API (`pasta.tldv.io/v1alpha1`: `/meetings`, `/meetings/{id}`, `/meetings/{id}/transcript`,
//   `/meetings/{id}/highlights`) for tldv-mcp, whose host is written into it. Its axios client follows HTTPS_PROXY,
//   sending absolute-form requests to standin-kit's `forwardProxy` on 42550, which answers them directly.
// - Gilbert's API (`gilbert-assistant.ovh/api/v1`: `/meetings`, `/meetings/search`, `/meetings/{id}`,
//   `/meetings/{id}/transcript`, `/meetings/{id}/summary`, `/folders`, `/folders/{id}/meetings`) for gilbert-mcp,
//   whose base URL is configurable (GILBERT_BASE_URL), so it is a plain HTTP stand-in on 42551.
//
// `state` is switched by the sessions' hooks.

import path from "node:path";
import {
  certificate,
  clearTimers,
  cloudflare502,
  forwardProxy,
  httpStandin,
  json,
  later,
  text,
  type Certificate,
  type Handler,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r31-a";
export const CERT = path.join(DATA, "standin-cert.pem");

export const TLDV_PROXY_PORT = 42550;
export const GILBERT_PORT = 42551;

export const ensureCertificate = (): Certificate => certificate(DATA, ["pasta.tldv.io"]);

export const state = {
  tldvKeyRevoked: false,
  tldvThrottled: false,
  tldvThrottledOnce: false,
  tldvServerError: false,
  tldvBadGateway: false,
  gilKeyRevoked: false,
  gilQuota: false,
  gilThrottled: false,
  gilServerError: false,
  gilBadGateway: false,
};

export const unknownRequests: string[] = [];

/** How many requests each stand-in saw for a path (for the README's notes). */
export const seen = new Map<string, number>();
export function resetCounters() {
  seen.clear();
  unknownRequests.length = 0;
}
function count(key: string) {
  seen.set(key, (seen.get(key) ?? 0) + 1);
}

// ------------------------------------------------------------------------------------------------------- tl;dv

export const TLDV_KEY = "b7e2c1d4-5f6a-4e8b-9c0d-1a2b3c4d5e6f";

const TL = {
  pricing: "6741c0e2a9f3b8001d4e7a21",
  standup: "6742a8d1c3e5f7002b9a0c44",
  customer: "6743f1b2d4a6c8003e1b2d57",
  noHighlights: "6744b3c5e7a9d1004f2c3e68",
  missing: "6745aaaaaaaaaaaaaaaaaaaa",
  otherWorkspace: "65f0e9d8c7b6a5001a2b3c4d",
  slow: "6746d5e7f9b1c3005a4d5f79",
};

const AVA = { name: "Ava Lindqvist", email: "ava@northwind.io" };
const RAJ = { name: "Raj Patel", email: "raj@northwind.io" };
const MEI = { name: "Mei Tanaka", email: "mei.tanaka@contoso.com" };
const TOM = { name: "Tom Becker", email: "tom@northwind.io" };

function tldvMeeting(id: string) {
  switch (id) {
    case TL.pricing:
      return {
        id,
        name: "Pricing review — Q1 packaging",
        happenedAt: "2026-12-02T14:00:00.000Z",
        url: `https://tldv.io/app/meetings/${id}`,
        organizer: AVA,
        invitees: [RAJ, TOM],
        template: { id: "meeting-notes", label: "Meeting Notes" },
        duration: 2712,
      };
    case TL.standup:
      return {
        id,
        name: "Platform stand-up",
        happenedAt: "2026-12-04T08:30:00.000Z",
        url: `https://tldv.io/app/meetings/${id}`,
        organizer: RAJ,
        invitees: [AVA, TOM],
        template: { id: "daily-standup", label: "Daily Stand-up" },
        duration: 904,
      };
    case TL.customer:
      return {
        id,
        name: "Contoso onboarding call",
        happenedAt: "2026-12-05T16:00:00.000Z",
        url: `https://tldv.io/app/meetings/${id}`,
        organizer: AVA,
        invitees: [MEI],
        template: { id: "customer-onboarding", label: "Customer Onboarding" },
        duration: 1980,
      };
    case TL.noHighlights:
      return {
        id,
        name: "1:1 Ava / Tom",
        happenedAt: "2026-12-05T10:00:00.000Z",
        url: `https://tldv.io/app/meetings/${id}`,
        organizer: AVA,
        invitees: [TOM],
        template: { id: "one-on-one", label: "1:1" },
        duration: 1204,
      };
    default:
      return undefined;
  }
}

function meetingsPage(url: URL) {
  const query = (url.searchParams.get("query") ?? "").toLowerCase();
  const type = url.searchParams.get("meetingType");
  const page = Number(url.searchParams.get("page") ?? "1");
  const limit = Number(url.searchParams.get("limit") ?? "50");
  let all = [TL.customer, TL.noHighlights, TL.standup, TL.pricing].map((id) => tldvMeeting(id)!);
  if (query) all = all.filter((m) => m.name.toLowerCase().includes(query));
  if (type === "external")
    all = all.filter((m) => m.invitees.some((i) => !i.email.endsWith("@northwind.io")));
  if (type === "internal")
    all = all.filter((m) => m.invitees.every((i) => i.email.endsWith("@northwind.io")));
  // The external filter is paged by 1 here so that page 2 exists.
  const pageSize = type === "external" ? 1 : limit;
  const total = type === "external" ? 2 : all.length;
  const results =
    type === "external" ? (page === 2 ? [tldvMeeting(TL.pricing)] : all.slice(0, 1)) : all.slice(0, pageSize);
  return { page, pages: Math.max(1, Math.ceil(total / pageSize)), total, pageSize, results };
}

function transcript(id: string) {
  return {
    id: "6741c3f0a9f3b8001d4e7b90",
    meetingId: id,
    data: [
      {
        speaker: "Ava Lindqvist",
        text: "Let's start with the Team tier. We said last time we'd test nineteen euros per seat.",
        startTime: 12,
        endTime: 19,
      },
      {
        speaker: "Raj Patel",
        text: "The trial data says annual conversions dropped when we showed the monthly price first.",
        startTime: 20,
        endTime: 27,
      },
      {
        speaker: "Tom Becker",
        text: "So we lead with annual and keep monthly one click away. I can ship that behind a flag this week.",
        startTime: 28,
        endTime: 36,
      },
      {
        speaker: "Ava Lindqvist",
        text: "Good. Action item for Tom: annual-first pricing page behind the flag by Friday.",
        startTime: 37,
        endTime: 43,
      },
    ],
  };
}

function highlights(id: string) {
  if (id === TL.noHighlights) return { meetingId: id, data: [] };
  return {
    meetingId: id,
    data: [
      {
        text: "Test the Team tier at 19 EUR per seat, annual price shown first.",
        startTime: 12,
        source: "auto",
        topic: {
          title: "Pricing decision",
          summary: "Team tier priced at 19 EUR/seat; lead with annual billing.",
        },
      },
      {
        text: "Tom ships the annual-first pricing page behind a feature flag by Friday.",
        startTime: 37,
        source: "manual",
        topic: {
          title: "Action items",
          summary: "Tom: annual-first pricing page behind a flag, due Friday.",
        },
      },
    ],
  };
}

/** tl;dv's error bodies, in the shapes its API documents (tldv-mcp's schemas.ts: BasicErrorResponse). */
const tldvError = (name: string, message: string) => ({ name, message });

const tldvHandler: Handler = (req, url, _body, res) => {
  const p = url.pathname;
  count(`tldv ${p}`);
  if (url.hostname !== "pasta.tldv.io") {
    unknownRequests.push(`${url.hostname} ${p}`);
    return res.destroy();
  }
  if (state.tldvKeyRevoked || req.headers["x-api-key"] !== TLDV_KEY)
    return json(res, 401, tldvError("UnauthorizedException", "Invalid API key"));
  if (state.tldvThrottledOnce) {
    state.tldvThrottledOnce = false;
    return json(res, 429, tldvError("ThrottlerException", "Too Many Requests"), { "retry-after": "1" });
  }
  if (state.tldvThrottled)
    return json(res, 429, tldvError("ThrottlerException", "Too Many Requests"), { "retry-after": "30" });
  if (state.tldvServerError)
    return json(res, 500, tldvError("InternalServerErrorException", "Internal server error"));
  if (state.tldvBadGateway)
    return text(res, 502, cloudflare502("pasta.tldv.io", "8e9f0a1b2c3d4e5f"), "text/html");
  if (p === "/v1alpha1/meetings") {
    const from = url.searchParams.get("from");
    if (from && Number.isNaN(Date.parse(from)))
      return json(res, 400, {
        message: "Bad Request",
        error: [{ message: "from must be a valid ISO 8601 date string", errors: [] }],
      });
    return json(res, 200, meetingsPage(url));
  }
  const m = /^\/v1alpha1\/meetings\/([^/]+)(?:\/(transcript|highlights))?$/.exec(p);
  if (m) {
    const [, id, sub] = m;
    if (!/^[0-9a-f]{24}$/.test(id!))
      return json(res, 400, {
        message: "Bad Request",
        error: [
          {
            message: "Validation failed",
            errors: [{ property: "meetingId", constraints: { isMongoId: "meetingId must be a mongodb id" } }],
          },
        ],
      });
    if (id === TL.otherWorkspace)
      return json(res, 403, tldvError("ForbiddenException", "You do not have access to this meeting"));
    if (id === TL.slow) return later(15_000, () => json(res, 200, transcript(id)));
    const meeting = tldvMeeting(id!);
    if (!meeting) return json(res, 404, tldvError("NotFoundException", "Meeting not found"));
    if (sub === "transcript") return json(res, 200, transcript(id!));
    if (sub === "highlights") return json(res, 200, highlights(id!));
    return json(res, 200, meeting);
  }
  unknownRequests.push(`tldv ${p}${url.search}`);
  return json(res, 404, tldvError("NotFoundException", `Cannot GET ${p}`));
};

export const TLDV_MEETINGS = TL;
export const tldvProxy = forwardProxy(TLDV_PROXY_PORT, ensureCertificate, tldvHandler);

// ----------------------------------------------------------------------------------------------------- Gilbert

export const GILBERT_KEY = "glbrt_live_7Qm2Xv9Lr4Tz8Nc1Hb6Kd3Wp";

const G = {
  copil: "3f6c2a9e-8b41-4d07-9e25-6a1c0b7d4e83",
  budget: "a12e7c54-0f3b-4b8e-8d61-2c9e5f7a3b10",
  failedSummary: "c7d9e1f3-2a4b-4c6d-8e0f-1a3b5c7d9e2f",
  missing: "00000000-0000-4000-8000-000000000000",
  slow: "5e8a1c3b-7d9f-4b2e-a6c4-8f0d2b4e6a19",
};
const FOLDERS = {
  kickoff: "f1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8",
  shared: "e9d8c7b6-a5f4-4e3d-9c2b-1a0f9e8d7c6b",
};

function gilMeeting(id: string) {
  switch (id) {
    case G.copil:
      return {
        id,
        title: "COPIL projet Atlas — décembre",
        status: "completed",
        created_at: "2026-12-03T09:02:11Z",
        duration_seconds: 3120,
        language: "fr",
        folder_id: FOLDERS.kickoff,
        speakers: 4,
        transcript_text:
          "Speaker 0: Bonjour à tous, on commence par le planning de la phase 2.\nSpeaker 1: La recette a pris une semaine de retard à cause de l'environnement de pré-production.\nSpeaker 0: On décale la mise en production au 19 janvier ?\nSpeaker 2: D'accord, à condition de geler le périmètre dès vendredi.",
        summary_text:
          "## Décisions\n- Mise en production de la phase 2 décalée au 19 janvier.\n- Gel du périmètre vendredi.\n\n## Actions\n- Léa : replanifier la recette (semaine 51).\n- Marc : rétablir l'environnement de pré-production.",
      };
    case G.budget:
      return {
        id,
        title: "Revue budget Q3 — marketing",
        status: "completed",
        created_at: "2026-09-18T14:30:00Z",
        duration_seconds: 2460,
        language: "fr",
        folder_id: null,
        speakers: 3,
        transcript_text:
          "Speaker 0: Le budget Q3 est consommé à 82 %.\nSpeaker 1: Il reste l'enveloppe salon, 18 000 euros.\nSpeaker 0: On la réaffecte aux campagnes LinkedIn.",
        summary_text:
          "## Décisions\n- Enveloppe salon (18 k€) réaffectée aux campagnes LinkedIn.\n\n## Chiffres\n- Budget Q3 consommé à 82 %.",
      };
    case G.failedSummary:
      return {
        id,
        title: "Point hebdo support",
        status: "completed",
        created_at: "2026-12-05T16:00:00Z",
        duration_seconds: 1510,
        language: "fr",
        folder_id: FOLDERS.kickoff,
        speakers: 2,
        transcript_text:
          "Speaker 0: Trente-deux tickets ouverts cette semaine.\nSpeaker 1: Dont six liés à l'export PDF.",
        summary_text: null,
        summary_status: "error",
        summary_error:
          "La génération de la synthèse a échoué (délai dépassé côté modèle). Relancez-la depuis l'application.",
      };
    default:
      return undefined;
  }
}

const listItem = (m: ReturnType<typeof gilMeeting>) => {
  const { transcript_text, summary_text, summary_error, ...rest } = m as Record<string, unknown>;
  void summary_error;
  void summary_text;
  return { ...rest, transcript_text: String(transcript_text).slice(0, 200) };
};

const detail = (message: string) => ({ detail: message });

function gilList(url: URL) {
  const status = url.searchParams.get("status");
  const perPage = Number(url.searchParams.get("per_page") ?? "25");
  const page = Number(url.searchParams.get("page") ?? "1");
  let all = [G.failedSummary, G.copil, G.budget].map((id) => gilMeeting(id)!);
  if (status) all = all.filter((m) => m.status === status);
  const from = url.searchParams.get("from");
  if (from) all = all.filter((m) => m.created_at >= from);
  return { data: all.map(listItem), meta: { page, per_page: perPage, total: all.length } };
}

const gilbertHandler: Handler = (req, url, _body, res) => {
  const p = url.pathname;
  count(`gilbert ${p}`);
  if (state.gilKeyRevoked || req.headers.authorization !== `Bearer ${GILBERT_KEY}`)
    return json(res, 401, detail("Clé API invalide ou révoquée"), { "www-authenticate": "Bearer" });
  if (state.gilQuota)
    return json(
      res,
      402,
      detail(
        "Quota API mensuel atteint (10 000 requêtes, plan Starter). Passez au plan Business pour continuer.",
      ),
    );
  if (state.gilThrottled)
    return json(res, 429, detail("Trop de requêtes : 60 requêtes par minute maximum."), {
      "retry-after": "37",
    });
  // Starlette's ServerErrorMiddleware answers an unhandled exception with a plain-text "Internal Server Error".
  if (state.gilServerError) return text(res, 500, "Internal Server Error", "text/plain; charset=utf-8");
  if (state.gilBadGateway)
    return text(
      res,
      502,
      "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n",
      "text/html",
    );
  if (p === "/api/v1/meetings") {
    for (const key of ["from", "to"]) {
      const value = url.searchParams.get(key);
      if (value && Number.isNaN(Date.parse(value)))
        return json(res, 422, {
          detail: [
            {
              type: "datetime_from_date_parsing",
              loc: ["query", key],
              msg: "Input should be a valid datetime or date, invalid character in year",
              input: value,
            },
          ],
        });
    }
    return json(res, 200, gilList(url));
  }
  if (p === "/api/v1/meetings/search") {
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    const hits = [G.copil, G.budget]
      .map((id) => gilMeeting(id)!)
      .filter((m) =>
        `${m.title} ${m.transcript_text} ${m.summary_text}`.toLowerCase().includes(q.split(" ")[0]!),
      );
    return json(res, 200, {
      data: hits.map((m) => ({
        id: m.id,
        title: m.title,
        created_at: m.created_at,
        snippet:
          m.transcript_text.split("\n").find((l) => l.toLowerCase().includes(q.split(" ")[0]!)) ?? m.title,
      })),
      meta: { page: 1, per_page: Number(url.searchParams.get("per_page") ?? "10"), total: hits.length },
    });
  }
  if (p === "/api/v1/folders")
    return json(res, 200, {
      data: [
        { id: FOLDERS.kickoff, name: "Kick-off projets", meetings_count: 2, parent_id: null, shared: false },
        {
          id: "0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d",
          name: "RH",
          meetings_count: 0,
          parent_id: null,
          shared: false,
        },
      ],
    });
  const fm = /^\/api\/v1\/folders\/([^/]+)\/meetings$/.exec(p);
  if (fm) {
    if (fm[1] === FOLDERS.shared)
      return json(res, 403, detail("Cette clé API ne porte pas le scope shared:read"));
    if (fm[1] === FOLDERS.kickoff)
      return json(res, 200, {
        folder: { id: FOLDERS.kickoff, name: "Kick-off projets" },
        data: [G.failedSummary, G.copil].map((id) => listItem(gilMeeting(id))),
      });
    return json(res, 404, detail("Dossier introuvable"));
  }
  const mm = /^\/api\/v1\/meetings\/([^/]+)(?:\/(transcript|summary))?$/.exec(p);
  if (mm) {
    const [, id, sub] = mm;
    if (id === G.slow) return later(20_000, () => json(res, 200, { meeting_id: id, summary_text: "" }));
    const m = gilMeeting(id!);
    if (!m) return json(res, 404, detail("Réunion introuvable"));
    if (sub === "transcript") return json(res, 200, { meeting_id: id, transcript_text: m.transcript_text });
    if (sub === "summary") return json(res, 200, { meeting_id: id, summary_text: m.summary_text });
    return json(res, 200, m);
  }
  unknownRequests.push(`gilbert ${p}${url.search}`);
  return json(res, 404, detail("Not Found"));
};

export const GILBERT_MEETINGS = G;
export const GILBERT_FOLDERS = FOLDERS;
export const gilbertStandin = httpStandin(GILBERT_PORT, gilbertHandler);

export const ALL_STANDINS = [tldvProxy, gilbertStandin];
