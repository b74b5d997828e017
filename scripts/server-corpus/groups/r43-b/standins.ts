// Loopback stand-ins for group r43-b: the web sites a synthetic check audits.
//
// Both servers drive Debian's Chromium through Lighthouse against a URL the call names, so what stands behind them is
// a site, not an API: a small storefront ("Northwind Outfitters") on a plain HTTP port, and the same storefront on an
// HTTPS port whose certificate is the kit's self-signed stand-in certificate, which Chromium does not trust (a site
// whose certificate a check meets as invalid). Error pages are the ones the web servers in front of such a site
// answer with: nginx's default error pages (500, 401, 404, 429, 503 — the exact markup nginx builds them from, with
// its padding comment), Cloudflare's 502 page (the kit's copy), Express's `Cannot GET` 404. README.md says where each
// comes from. Every request is logged to `seen`.

import type http from "node:http";
import {
  certificate,
  clearTimers,
  cloudflare502,
  httpStandin,
  later,
  text,
  tlsStandin,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r43-b";

export const SITE_PORT = 45250;
export const TLS_SITE_PORT = 45251;
/** Nothing listens here: a site whose server is gone. */
export const DEAD_PORT = 45259;

export const ensureCertificate = (): Certificate => certificate(DATA, ["shop.northwind.test"]);

export const seen: string[] = [];

const HTML = "text/html; charset=utf-8";
const NGINX = { server: "nginx/1.24.0" };

/** nginx's default error page (ngx_http_special_response.c): title, centred h1, the version line, the MSIE padding. */
function nginxPage(status: string): string {
  const padding = "<!-- a padding to disable MSIE and Chrome friendly error page -->\r\n".repeat(6);
  return (
    `<html>\r\n<head><title>${status}</title></head>\r\n<body>\r\n<center><h1>${status}</h1></center>\r\n` +
    `<hr><center>nginx/1.24.0</center>\r\n</body>\r\n</html>\r\n${padding}`
  );
}

const HOME = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Northwind Outfitters — Trail and camp gear</title>
<meta name="description" content="Tents, packs and trail shoes, shipped from Portland in two days.">
<link rel="canonical" href="/">
<style>
body{font-family:system-ui,sans-serif;margin:0;color:#1d2a21;background:#fbfaf6}
header{background:#23442f;color:#fff;padding:16px 24px}
main{max-width:960px;margin:0 auto;padding:24px}
a{color:#1a5e33}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:16px}
.card{background:#fff;border:1px solid #d8dccf;border-radius:8px;padding:16px}
</style>
</head>
<body>
<header><h1>Northwind Outfitters</h1><nav><a href="/pricing" style="color:#fff">Memberships</a> · <a href="/blog/spring-trail-report" style="color:#fff">Trail report</a></nav></header>
<main>
<h2>Spring arrivals</h2>
<div class="grid">
<div class="card"><h3>Ridgeline 2P tent</h3><p>1.6 kg, two doors, $389.</p><a href="/p/ridgeline-2p">View the Ridgeline 2P tent</a></div>
<div class="card"><h3>Cascade 45 pack</h3><p>Adjustable torso, $219.</p><a href="/p/cascade-45">View the Cascade 45 pack</a></div>
<div class="card"><h3>Talus trail shoe</h3><p>Vibram sole, $149.</p><a href="/p/talus">View the Talus trail shoe</a></div>
</div>
</main>
</body>
</html>
`;

// A heavy page: a large bundle most of which never runs and whose start-up blocks the main thread, a hero image with no size and no alt text that shifts the
// layout when it arrives, a render-blocking stylesheet served late.
const PRICING = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Memberships — Northwind Outfitters</title>
<meta name="description" content="Trail Club membership: free shipping, member pricing and gear repairs.">
<link rel="stylesheet" href="/static/theme.css">
<script src="/static/vendor.bundle.js"></script>
</head>
<body>
<h1>Trail Club memberships</h1>
<img src="/static/hero.svg">
<p>Members get free two-day shipping, 10% off every order and one free gear repair a year.</p>
<table><tr><th>Plan</th><th>Price</th></tr><tr><td>Day Hiker</td><td>$29 a year</td></tr><tr><td>Thru Hiker</td><td>$79 a year</td></tr></table>
<button onclick="window.NW && NW.openCheckout()">Join</button>
</body>
</html>
`;

// An article without a meta description, a link with no descriptive text and an image without alt text.
const BLOG = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Spring trail report</title>
</head>
<body>
<article>
<h1>Spring trail report: the Timberline Trail reopens</h1>
<img src="/static/hero.svg" width="640" height="320">
<p>Snow is off the south side below 6,000 feet; the Eliot crossing is still rough. Read the ranger notes <a href="/blog/ranger-notes">here</a>.</p>
<p>Permits are not needed for day hikes. Overnight groups of more than twelve need one from the Zigzag station.</p>
</article>
</body>
</html>
`;

/**
 * An unused 400 KB bundle: one small function is called, the rest is dead code, and its start-up work holds the main
 * thread for about 900 ms (a long task that blocks the first paint).
 */
const VENDOR_BUNDLE = (() => {
  const lines = [
    "window.NW={openCheckout:function(){location.href='/checkout'}};",
    "(function(){var t=Date.now(),n=0;while(Date.now()-t<900){n+=Math.sqrt(n+1)}window.NW.boot=n})();",
  ];
  for (let i = 0; i < 2400; i++) {
    lines.push(
      `function nwWidget${i}(el,opts){var o=Object.assign({id:${i},label:"widget-${i}",retries:3,delay:${i % 97}},opts||{});` +
        `for(var k=0;k<o.retries;k++){if(el&&el.dataset){el.dataset["w${i}"]=String(k)}}return o}`,
    );
  }
  return lines.join("\n") + "\n";
})();

const HERO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600" viewBox="0 0 1200 600"><rect width="1200" height="600" fill="#23442f"/><path d="M0 480 L300 220 L520 420 L760 160 L1200 520 L1200 600 L0 600 Z" fill="#6f8f72"/></svg>`;

function site(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  seen.push(`${req.method} ${url.host}${url.pathname}`);
  switch (url.pathname) {
    case "/":
      return text(res, 200, HOME, HTML, NGINX);
    case "/pricing":
      return text(res, 200, PRICING, HTML, NGINX);
    case "/blog/spring-trail-report":
      return text(res, 200, BLOG, HTML, NGINX);
    case "/static/vendor.bundle.js":
      return text(res, 200, VENDOR_BUNDLE, "application/javascript", NGINX);
    case "/static/theme.css":
      // A stylesheet that arrives late and blocks the first paint.
      return later(1200, () =>
        text(res, 200, "body{font-family:Georgia,serif;margin:24px}", "text/css", NGINX),
      );
    case "/static/hero.svg":
      return later(900, () => text(res, 200, HERO_SVG, "image/svg+xml", NGINX));
    case "/robots.txt":
      return text(res, 200, "User-agent: *\nDisallow: /checkout\n", "text/plain", NGINX);
    case "/summer-sale":
      // A campaign page that moved: nginx's 301.
      res.writeHead(301, { ...NGINX, "content-type": "text/html", location: "/" });
      return res.end(nginxPage("301 Moved Permanently"));
    case "/checkout":
      // The application behind nginx crashed: nginx's own 500 page.
      return text(res, 500, nginxPage("500 Internal Server Error"), "text/html", NGINX);
    case "/p/ridgeline-3p":
      // A product page that was removed: the Express application answers its default 404.
      return text(
        res,
        404,
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot GET /p/ridgeline-3p</pre>\n</body>\n</html>\n',
        HTML,
        {
          "x-powered-by": "Express",
          "content-security-policy": "default-src 'none'",
          "x-content-type-options": "nosniff",
        },
      );
    case "/account":
      // The account area is closed for a deploy: nginx's 503 with Retry-After.
      return text(res, 503, nginxPage("503 Service Temporarily Unavailable"), "text/html", {
        ...NGINX,
        "retry-after": "1800",
      });
    case "/admin":
      // HTTP basic authentication in front of the back office.
      return text(res, 401, nginxPage("401 Authorization Required"), "text/html", {
        ...NGINX,
        "www-authenticate": 'Basic realm="Northwind back office"',
      });
    case "/search":
      // nginx's limit_req answering 429 to a crawler that asks too often.
      return text(res, 429, nginxPage("429 Too Many Requests"), "text/html", NGINX);
    case "/stores":
      // The store locator's origin is down behind Cloudflare.
      return text(
        res,
        502,
        cloudflare502("shop.northwind.test", "8c2e4f1a9b7d3e60"),
        "text/html; charset=UTF-8",
        {
          server: "cloudflare",
          "cf-ray": "8c2e4f1a9b7d3e60-SEA",
        },
      );
    case "/lookbook":
      // A page whose server takes 40 s to send its first byte.
      return later(40_000, () => text(res, 200, HOME, HTML, NGINX));
  }
  // Everything else (favicon, product pages linked from the home page) is nginx's 404.
  text(res, 404, nginxPage("404 Not Found"), "text/html", NGINX);
}

export const siteStandin = httpStandin(SITE_PORT, site);
export const tlsSiteStandin = tlsStandin(TLS_SITE_PORT, ensureCertificate, site);

export const ALL_STANDINS = [siteStandin, tlsSiteStandin];
