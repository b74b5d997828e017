import { getEnv } from "@/lib/env";
import { apiRoute } from "@/lib/http/api-route";
import { HttpError, jsonResponse } from "@/lib/http/errors";
import { instanceOrigin } from "@/lib/http/instance-origin";
import { parseQuery } from "@/lib/http/query";
import { serverCard } from "@/lib/insight/card";
import { gradingUrl } from "@/lib/insight/grading";
import { cardMarkdown } from "@/lib/insight/markdown";
import { requestedWindow } from "@/lib/insight/window";
import { serversQuerySchema } from "@/lib/schemas/read";

export const dynamic = "force-dynamic";

// GET /api/v1/servers/{server} — one server's report card (JSON, or Markdown with format=markdown)
export const GET = apiRoute("read", async ({ request, key, database, params }) => {
  const query = parseQuery(request, serversQuerySchema);
  const server = params.server ?? "";
  const window = requestedWindow(query.from, query.to);
  const card = server.length <= 200 ? await serverCard(database.reads, key.projectId, server, window) : null;
  if (!card)
    throw new HttpError(404, "not_found", `no tool calls of server "${server.slice(0, 200)}" in this period`);
  if (query.format === "markdown") {
    const grading = gradingUrl(instanceOrigin(request.headers, getEnv().FAULTLINE_PUBLIC_URL));
    return new Response(cardMarkdown(card, { grading }), {
      status: 200,
      headers: {
        "content-type": "text/markdown; charset=utf-8",
        "content-disposition": `attachment; filename="${fileName(server)}-report-card.md"`,
      },
    });
  }
  return jsonResponse(200, card);
});

/** A file name any system accepts: the server's name with everything but letters, digits, - and _ replaced. */
function fileName(server: string): string {
  return server.replace(/[^A-Za-z0-9_-]+/g, "_").slice(0, 80) || "server";
}
