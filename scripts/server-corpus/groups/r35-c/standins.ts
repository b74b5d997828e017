// Loopback stand-in for a web font host (a CDN serving font files, as the Fontsource files on jsDelivr that
// @mcp-z/mcp-pdf's own prompt points to), for the `font` URL that the PDF tools download before rendering. It is the
// only service either server calls; draw.io diagrams and the PDFs themselves are made locally. README.md says where
// each answer comes from. Each path answers one way, so no state is switched between calls.

import fs from "node:fs";
import { clearTimers, httpStandin, later, text } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r35-c";
export const FONT_PORT = 43250;
export const FONT_BASE = `http://127.0.0.1:${FONT_PORT}/npm/@fontsource`;

/** Debian's DejaVu Sans (fonts-dejavu-core), served as the font file a CDN would send. */
export const DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

export const seen: string[] = [];
export const unknownRequests: string[] = [];

// jsDelivr answers a file missing from a package with a 404 and this plain-text body.
const notFound = (file: string, pkg: string) => `Couldn't find the requested file /${file} in ${pkg}.`;

export const fontHost = httpStandin(FONT_PORT, (req, url, _body, res) => {
  seen.push(`${req.method} ${url.pathname}`);
  const route = url.pathname.replace(/^\/npm\/@fontsource\//, "");
  switch (route) {
    case "dejavu-sans/files/dejavu-sans-latin-400-normal.ttf":
    case "dejavu-sans/files/dejavu-sans-latin-700-normal.ttf":
      res.writeHead(200, {
        "content-type": "font/ttf",
        "access-control-allow-origin": "*",
        "cache-control": "public, max-age=31536000, s-maxage=31536000, immutable",
      });
      res.end(fs.readFileSync(DEJAVU));
      return;
    case "inter/files/inter-latin-450-normal.ttf":
      // A weight the package does not ship.
      text(
        res,
        404,
        notFound("files/inter-latin-450-normal.ttf", "@fontsource/inter"),
        "text/plain; charset=utf-8",
        {
          "access-control-allow-origin": "*",
          "cache-control": "public, max-age=604800, s-maxage=43200",
        },
      );
      return;
    case "noto-sans-jp/files/noto-sans-jp-japanese-400-normal.ttf":
      // The CDN throttling this client.
      text(res, 429, "Too Many Requests", "text/plain; charset=utf-8", { "retry-after": "30" });
      return;
    case "roboto/files/roboto-latin-400-normal.ttf":
      // The CDN's origin in maintenance.
      text(res, 503, "Service Unavailable", "text/plain; charset=utf-8", { "retry-after": "120" });
      return;
    case "lora/files/lora-latin-400-normal.ttf":
      // A font host that answers only after 8 s.
      later(8_000, () => {
        if (res.destroyed) return;
        res.writeHead(200, { "content-type": "font/ttf" });
        res.end(fs.readFileSync(DEJAVU));
      });
      return;
    default:
      unknownRequests.push(`${req.method} ${url.pathname}`);
      text(res, 404, notFound(route, "@fontsource"), "text/plain; charset=utf-8");
  }
});
