// Loopback stand-in for group r38-a, answering as YouTube's web front end answers the caption library inside
// youtube-video-summarizer-mcp (youtube-caption-extractor 1.9.1): the InnerTube endpoints `POST /youtubei/v1/player`,
// `/next` and `/get_transcript` on www.youtube.com, and the caption track download `GET /api/timedtext`. README.md
// says where each body's shape comes from and which wordings were written for the capture.
//
// The host is written into the library, which calls Node's own fetch: a forward proxy reached through a preload that
// sets undici's ProxyAgent (proxy-preload.mjs), with a certificate the server trusts by NODE_EXTRA_CA_CERTS.
//
// `state` is switched by the session's hooks.

import {
  certificate,
  clearTimers,
  forwardProxy,
  json,
  later,
  parse,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r38-a";

export const YOUTUBE_PROXY_PORT = 43650;

export const CERT = `${DATA}/standin-cert.pem`;
export const ensureCertificate = (): Certificate => certificate(DATA, ["www.youtube.com", "youtube.com"]);

export const state = {
  ytRateLimited: false,
  ytServerError: false,
  ytUnavailable: false,
  ytForbidden: false,
  ytConsentPage: false,
  ytSlow: false,
  captionsRateLimited: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

const responseContext = {
  visitorData: "CgtXbE1yZ2p1dGFfbyiJ8tq6BjIKCgJVUxIEGgAgYA%3D%3D",
  serviceTrackingParams: [
    {
      service: "GFEEDBACK",
      params: [
        { key: "is_viewed_live", value: "False" },
        { key: "logged_in", value: "0" },
      ],
    },
    {
      service: "CSI",
      params: [
        { key: "c", value: "WEB" },
        { key: "cver", value: "2.20250222.10.00" },
        { key: "yt_li", value: "0" },
        { key: "GetPlayer_rid", value: "0x5c1f0e7a2b9d4c31" },
      ],
    },
  ],
  maxAgeSeconds: 0,
};

// ── the videos ───────────────────────────────────────────────────────────────────────────────────────────────────────

interface Track {
  lang: string;
  name: string;
  asr?: boolean;
}

interface Video {
  title: string;
  author: string;
  channelId: string;
  lengthSeconds: string;
  viewCount: string;
  shortDescription: string;
  tracks: Track[];
  lines: Record<string, [string, string, string][]>;
}

const VIDEOS: Record<string, Video> = {
  aB3dE5fG7hJ: {
    title: "How adaptive bitrate streaming works (HLS and DASH in 6 minutes)",
    author: "Streaming Engineering Notes",
    channelId: "UCx3Lq0p9Vb2nQ7mTz4sWe1A",
    lengthSeconds: "371",
    viewCount: "48213",
    shortDescription:
      "A short walk through adaptive bitrate streaming: renditions, segments, manifests and how the player picks a bitrate.\n\n0:00 Intro\n1:12 Renditions\n3:05 Manifests\n4:40 Switching",
    tracks: [
      { lang: "en", name: "English" },
      { lang: "es", name: "Spanish" },
    ],
    lines: {
      en: [
        ["0.24", "3.12", "Hi everyone, today we&#39;re looking at adaptive bitrate streaming."],
        ["3.36", "4.08", "The encoder makes several renditions of the same video,"],
        ["7.44", "3.6", "each at a different resolution and bitrate."],
        ["11.04", "4.2", "The player reads a manifest &amp; picks the segment that fits the bandwidth."],
      ],
      es: [
        ["0.24", "3.12", "Hola a todos, hoy vemos el streaming con bitrate adaptativo."],
        ["3.36", "4.08", "El codificador crea varias versiones del mismo video,"],
        ["7.44", "3.6", "cada una con una resolución y un bitrate distintos."],
      ],
    },
  },
  Tm8kW2xR5pQ: {
    title: "Live stream ingest: RTMP vs SRT vs WebRTC",
    author: "Streaming Engineering Notes",
    channelId: "UCx3Lq0p9Vb2nQ7mTz4sWe1A",
    lengthSeconds: "842",
    viewCount: "12904",
    shortDescription: "Comparing three ways to get a live feed into a streaming platform.",
    tracks: [{ lang: "en", name: "English (auto-generated)", asr: true }],
    lines: {
      en: [
        ["0.0", "2.8", "so today we compare three ingest protocols"],
        ["2.8", "3.4", "RTMP is the oldest and still the most common"],
        ["6.2", "3.9", "SRT handles packet loss much better over long distances"],
      ],
    },
  },
  Kq9ZtX2mP4w: {
    title: "B-roll: city timelapse 4K (no narration)",
    author: "Open Footage Library",
    channelId: "UC7pR2vN0kLm3Qz8Yt1bXw5E",
    lengthSeconds: "94",
    viewCount: "3188",
    shortDescription: "Free-to-use timelapse footage. No audio track, no captions.",
    tracks: [],
    lines: {},
  },
};

const captionBase = (videoId: string, t: Track) =>
  `https://www.youtube.com/api/timedtext?v=${videoId}&ei=V5hcZ8KvNJqH9fwPq4mG0Ac&caps=asr&opi=112496729&xoaf=5&hl=en&ip=0.0.0.0&ipbits=0&expire=1765155511&sparams=ip,ipbits,expire,v,ei,caps,opi,xoaf&signature=4A1F0C2B7E9D3A6F58C1B0E2D4F6A8C0E2B4D6F8.1C3E5A7B9D0F2A4C6E8B0D2F4A6C8E0B2D4F6A8C&key=yt8&${t.asr ? "kind=asr&" : ""}lang=${t.lang}&fmt=srv3`;

function playerOk(videoId: string, v: Video) {
  const body: Record<string, unknown> = {
    responseContext,
    playabilityStatus: {
      status: "OK",
      playableInEmbed: true,
      miniplayer: { miniplayerRenderer: { playbackMode: "PLAYBACK_MODE_ALLOW" } },
      contextParams: "Q0FFU0FnZ0M=",
    },
    videoDetails: {
      videoId,
      title: v.title,
      lengthSeconds: v.lengthSeconds,
      keywords: ["streaming", "video"],
      channelId: v.channelId,
      isOwnerViewing: false,
      shortDescription: v.shortDescription,
      isCrawlable: true,
      allowRatings: true,
      viewCount: v.viewCount,
      author: v.author,
      isPrivate: false,
      isUnpluggedCorpus: false,
      isLiveContent: false,
    },
    trackingParams: "CAAQu2kiEwiK2Pj3qcSJAxVXQ_EFHRdDAXM=",
  };
  if (v.tracks.length) {
    body.captions = {
      playerCaptionsTracklistRenderer: {
        captionTracks: v.tracks.map((t) => ({
          baseUrl: captionBase(videoId, t),
          name: { simpleText: t.name },
          vssId: `${t.asr ? "a" : ""}.${t.lang}`,
          languageCode: t.lang,
          ...(t.asr ? { kind: "asr" } : {}),
          isTranslatable: true,
          trackName: "",
        })),
        audioTracks: [{ captionTrackIndices: v.tracks.map((_, i) => i), defaultCaptionTrackIndex: 0 }],
        translationLanguages: [
          { languageCode: "de", languageName: { simpleText: "German" } },
          { languageCode: "fr", languageName: { simpleText: "French" } },
        ],
        defaultAudioTrackIndex: 0,
      },
    };
  }
  return body;
}

// A video taken down: the player's ERROR status, with the reasons YouTube's web player shows.
const playerUnavailable = {
  responseContext,
  playabilityStatus: {
    status: "ERROR",
    reason: "Video unavailable",
    errorScreen: {
      playerErrorMessageRenderer: {
        subreason: {
          runs: [
            {
              text: "This video is no longer available because the YouTube account associated with this video has been terminated.",
            },
          ],
        },
        reason: { simpleText: "Video unavailable" },
        icon: { iconType: "ERROR_OUTLINE" },
      },
    },
    contextParams: "Q0FFU0FnZ0M=",
  },
  trackingParams: "CAAQu2kiEwjQqvn3qcSJAxVxR_EFHQ0rCCs=",
};

// The bot check YouTube answers to clients it does not trust: LOGIN_REQUIRED with no videoDetails and no captions.
const LOGIN_VIDEO = "Lg1nR3qd8Xy";
const playerLoginRequired = {
  responseContext,
  playabilityStatus: {
    status: "LOGIN_REQUIRED",
    reason: "Sign in to confirm you’re not a bot",
    errorScreen: {
      playerErrorMessageRenderer: {
        subreason: { runs: [{ text: "This helps protect our community. Learn more" }] },
        reason: { runs: [{ text: "Sign in to confirm you’re not a bot" }] },
        icon: { iconType: "ERROR_OUTLINE" },
      },
    },
    contextParams: "Q0FFU0FnZ0M=",
  },
  trackingParams: "CAAQu2kiEwi4ufn3qcSJAxUUTfEFHYq3Fhk=",
};

const TRANSCRIPT_PARAMS =
  "CgtMZzFuUjNxZDhYeRISQ2dOaGMzSVNBbVZ1R2dBJTNEGAEqM2VuZ2FnZW1lbnQtcGFuZWwtc2VhcmNoYWJsZS10cmFuc2NyaXB0LXNlYXJjaC1wYW5lbDABOAFAAQ%3D%3D";

const nextWithTranscript = {
  responseContext,
  contents: {
    twoColumnWatchNextResults: {
      results: {
        results: {
          contents: [
            {
              videoPrimaryInfoRenderer: {
                title: { runs: [{ text: "Encoding ladders explained: choosing renditions for VOD" }] },
                viewCount: {
                  videoViewCountRenderer: {
                    viewCount: { simpleText: "21,477 views" },
                    originalViewCount: "0",
                  },
                },
              },
            },
            {
              videoSecondaryInfoRenderer: {
                owner: { videoOwnerRenderer: { title: { runs: [{ text: "Streaming Engineering Notes" }] } } },
                attributedDescription: {
                  content:
                    "How many renditions a VOD ladder needs, and how per-title encoding changes the answer.",
                },
              },
            },
          ],
        },
      },
    },
  },
  engagementPanels: [
    {
      engagementPanelSectionListRenderer: {
        panelIdentifier: "engagement-panel-searchable-transcript",
        header: {
          engagementPanelTitleHeaderRenderer: { title: { runs: [{ text: "Transcript" }] } },
        },
        content: {
          continuationItemRenderer: {
            trigger: "CONTINUATION_TRIGGER_ON_ITEM_SHOWN",
            continuationEndpoint: {
              clickTrackingParams: "CBYQ040EGAMiEwiK2Pj3qcSJAxVXQ_EFHRdDAXM=",
              commandMetadata: {
                webCommandMetadata: { sendPost: true, apiUrl: "/youtubei/v1/get_transcript" },
              },
              getTranscriptEndpoint: { params: TRANSCRIPT_PARAMS },
            },
          },
        },
        veType: 99999,
        targetId: "engagement-panel-searchable-transcript",
        visibility: "ENGAGEMENT_PANEL_VISIBILITY_HIDDEN",
      },
    },
  ],
  trackingParams: "CAAQg2ciEwiK2Pj3qcSJAxVXQ_EFHRdDAXM=",
};

const segment = (startMs: number, endMs: number, words: string, time: string) => ({
  transcriptSegmentRenderer: {
    startMs: String(startMs),
    endMs: String(endMs),
    snippet: { runs: [{ text: words }] },
    startTimeText: { simpleText: time },
    trackingParams: "CBoQ0-8HGAAiEwiK2Pj3qcSJAxVXQ_EFHRdDAXM=",
    accessibility: { accessibilityData: { label: `${time.replace(":", " minutes ")} seconds ${words}` } },
    targetId: `${LOGIN_VIDEO}.CgNhc3ISAmVuGgA%3D.${startMs}.${endMs}`,
  },
});

const transcript = {
  responseContext,
  actions: [
    {
      clickTrackingParams: "CAAQw7wCIhMIitj496nEiQMVV0PxBR0XQwFz",
      updateEngagementPanelAction: {
        targetId: "engagement-panel-searchable-transcript",
        content: {
          transcriptRenderer: {
            trackingParams: "CAEQ8bsCIhMIitj496nEiQMVV0PxBR0XQwFz",
            content: {
              transcriptSearchPanelRenderer: {
                body: {
                  transcriptSegmentListRenderer: {
                    initialSegments: [
                      segment(80, 3920, "an encoding ladder is the list of renditions you publish", "0:00"),
                      segment(3920, 7600, "for most catalogs five or six rungs are enough", "0:03"),
                      segment(7600, 12240, "per-title encoding moves the rungs to fit each video", "0:07"),
                    ],
                    noResultLabel: { runs: [{ text: "No results found" }] },
                    retryLabel: { runs: [{ text: "RETRY" }] },
                    touchCaptionsEnabled: false,
                  },
                },
                trackingParams: "CAIQ40EiEwiK2Pj3qcSJAxVXQ_EFHRdDAXM=",
                targetId: "engagement-panel-searchable-transcript-search-panel",
              },
            },
          },
        },
      },
    },
  ],
  trackingParams: "CAAQw7wCIhMIitj496nEiQMVV0PxBR0XQwFz",
};

function timedtext(lines: [string, string, string][]) {
  return (
    '<?xml version="1.0" encoding="utf-8" ?><transcript>' +
    lines.map(([start, dur, words]) => `<text start="${start}" dur="${dur}">${words}</text>`).join("") +
    "</transcript>"
  );
}

// Google's front end error bodies (the API error model: {"error": {code, message, errors?, status}}).
const googleError = (code: number, message: string, status: string, reason?: string) => ({
  error: {
    code,
    message,
    ...(reason ? { errors: [{ message, domain: "global", reason }] } : {}),
    status,
  },
});

// Google's "unusual traffic" page, which youtube.com answers with 429 when it throttles a client.
const sorryPage = `<html>
<head><meta http-equiv="content-type" content="text/html; charset=utf-8"><meta name="viewport" content="initial-scale=1"><title>https://www.youtube.com/youtubei/v1/player?key=AIzaSyAO_FJ2SlqU8Q4STEHLGCilw_Y9_11qcW8</title></head>
<body style="font-family: arial, sans-serif; background-color: #fff; color: #000; padding:20px; font-size:18px;" onload="e=document.getElementById('captcha');if(e){e.focus();}">
<div style="max-width:400px;">
<hr noshade size="1" style="color:#ccc; background-color:#ccc;"><br>
<div style="font-size:13px;">
Our systems have detected unusual traffic from your computer network.  This page checks to see if it&#39;s really you sending the requests, and not a robot.  <a href="#" onclick="document.getElementById('infoDiv').style.display='block';">Why did this happen?</a><br><br>
<div id="infoDiv" style="display:none; background-color:#eee; padding:10px; margin:0 0 15px 0; line-height:1.4em;">
This page appears when Google automatically detects requests coming from your computer network which appear to be in violation of the <a href="//www.google.com/policies/terms/">Terms of Service</a>. The block will expire shortly after those requests stop.
</div>
IP address: 203.0.113.42<br>Time: 2026-12-07T11:40:12Z<br>URL: https://www.youtube.com/youtubei/v1/player?key=AIzaSyAO_FJ2SlqU8Q4STEHLGCilw_Y9_11qcW8<br>
</div>
</div>
</body>
</html>
`;

// The EU consent interstitial ("Before you continue to YouTube"), answered 200 as HTML to a client with no consent cookie.
const consentPage = `<!DOCTYPE html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>Before you continue to YouTube</title><meta name="viewport" content="initial-scale=1, maximum-scale=5, width=device-width"></head><body><div class="signin"><a href="https://accounts.google.com/ServiceLogin?service=youtube&amp;continue=https://www.youtube.com/">Sign in</a></div><div class="main"><h1>Before you continue to YouTube</h1><p>We use cookies and data to deliver and maintain Google services, track outages and protect against spam, fraud and abuse, and measure audience engagement and site statistics to understand how our services are used and enhance the quality of those services.</p><form action="https://consent.youtube.com/save" method="POST"><input type="hidden" name="gl" value="DE"><input type="hidden" name="hl" value="en"><input type="hidden" name="continue" value="https://www.youtube.com/"><button type="submit" name="set_eom" value="true">Reject all</button><button type="submit" name="set_eom" value="false">Accept all</button></form></div></body></html>`;

export const youtubeProxy = forwardProxy(YOUTUBE_PROXY_PORT, ensureCertificate, (req, url, body, res) => {
  seen.push(`${req.method} ${url.host}${url.pathname}${url.search.slice(0, 80)}`);
  if (url.host !== "www.youtube.com") {
    unknownRequests.push(`${req.method} ${url.href}`);
    return text(res, 404, "not in the stand-in");
  }
  if (req.method === "POST" && url.pathname.startsWith("/youtubei/v1/")) {
    const endpoint = url.pathname.slice("/youtubei/v1/".length);
    const payload = parse(body);
    if (state.ytSlow)
      return later(15000, () => json(res, 200, playerOk(String(payload.videoId), VIDEOS.aB3dE5fG7hJ!)));
    if (state.ytRateLimited)
      return text(res, 429, sorryPage, "text/html; charset=UTF-8", { "retry-after": "3600" });
    if (state.ytServerError)
      return json(res, 500, googleError(500, "Internal error encountered.", "INTERNAL", "backendError"));
    if (state.ytUnavailable)
      return json(
        res,
        503,
        googleError(503, "The service is currently unavailable.", "UNAVAILABLE", "backendError"),
      );
    if (state.ytForbidden)
      return json(
        res,
        403,
        googleError(403, "The caller does not have permission", "PERMISSION_DENIED", "forbidden"),
      );
    if (state.ytConsentPage) return text(res, 200, consentPage, "text/html; charset=utf-8");
    if (endpoint === "player") {
      const videoId = String(payload.videoId);
      if (videoId === LOGIN_VIDEO) return json(res, 200, playerLoginRequired);
      const video = VIDEOS[videoId];
      return json(res, 200, video ? playerOk(videoId, video) : playerUnavailable);
    }
    if (endpoint === "next" && String(payload.videoId) === LOGIN_VIDEO)
      return json(res, 200, nextWithTranscript);
    if (endpoint === "next")
      return json(res, 200, { responseContext, trackingParams: "CAAQg2ciEwiK2Pj3qcSJAxVXQ_EFHRdDAXM=" });
    if (endpoint === "get_transcript" && payload.params === TRANSCRIPT_PARAMS)
      return json(res, 200, transcript);
    return json(
      res,
      400,
      googleError(400, "Request contains an invalid argument.", "INVALID_ARGUMENT", "badRequest"),
    );
  }
  if (req.method === "GET" && url.pathname === "/api/timedtext") {
    if (state.captionsRateLimited)
      return text(
        res,
        429,
        sorryPage.replaceAll("/youtubei/v1/player", "/api/timedtext"),
        "text/html; charset=UTF-8",
      );
    const video = VIDEOS[url.searchParams.get("v") ?? ""];
    const lines = video?.lines[url.searchParams.get("lang") ?? ""];
    if (!lines) return text(res, 200, "", "text/xml; charset=UTF-8");
    return text(res, 200, timedtext(lines), "text/xml; charset=UTF-8");
  }
  unknownRequests.push(`${req.method} ${url.href}`);
  return text(res, 404, "not in the stand-in");
});

export const ALL_STANDINS = [youtubeProxy];
