// Loopback stand-in for the service behind this group's server, answering with the real service's bodies and
// error bodies (README.md cites where each comes from):
// - GetCourse (an online-school LMS: students, groups, course offers and their orders) for
//   @theyahia/getcourse-mcp. Its API lives on each school's own host, `https://<school>.getcourse.ru/pl/api/…`,
//   with the secret key as a `key` query parameter. Users and deals are read through GetCourse's asynchronous
//   export API: `GET /pl/api/account/users` or `/account/deals` starts an export and answers
//   `{"success":true,"info":{"export_id":N}}`; failures are mostly HTTP 200 with `{"success":false,
//   "error_code"?,"error_message"|"error"}`. Users are created through the import API, whose answer nests its
//   own result: `{"success":true,"action":"add","result":{"success","user_id","user_status",…}}`.
//   The server builds `https://${GETCOURSE_DOMAIN}/pl/api` and calls it with Node's own fetch, so the school's
//   host reaches this stand-in through a forward proxy (standin-kit's `forwardProxy`, CONNECT terminated with
//   the stand-in certificate) and the group's proxy-preload.mjs.
//
// `state` is switched by the session's hooks.

import type http from "node:http";
import path from "node:path";
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

export const DATA = "/tmp/faultline-corpus-r23-c";
export const CERT = path.join(DATA, "standin-cert.pem");

export const GC_PROXY_PORT = 41450;
export const GC_SCHOOL = "lingvaschool.getcourse.ru";
export const GC_KEY = "Vq7xK2mLp9Rt4WzN8bYc3HdE6fJs1AgUo5TiQe0XrPlMnBvCk";

export const ensureCertificate = (): Certificate => certificate(DATA, [GC_SCHOOL]);

export const state = {
  /** An export started a moment ago is still being built (error 905). */
  exportBusy: false,
  /** The school's API key was regenerated in the account settings: the old one is refused. */
  keyRevoked: false,
  /** The export API's own quota (100 requests in 2 hours) is spent: HTTP 200, success false. */
  quotaSpent: false,
  /** The front answers 429 with Retry-After. */
  tooManyRequests: false,
  /** The application answers 500. */
  serverError: false,
  /** nginx in front of the school answers an HTML 502. */
  badGateway: false,
  /** GetCourse's maintenance page: an HTML 503. */
  maintenance: false,
  /** The export request takes 20 s to be accepted. */
  slow: false,
};

let exportId = 31874022;
let userId = 418830551;
let dealId = 2270481;

const NGINX_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx</center>
</body>
</html>
`;

const MAINTENANCE_503 = `<!DOCTYPE html>
<html lang="ru">
<head><meta charset="utf-8"><title>Технические работы</title></head>
<body>
<div class="maintenance">
<h1>Ведутся технические работы</h1>
<p>Сервис временно недоступен. Пожалуйста, попробуйте зайти через несколько минут.</p>
</div>
</body>
</html>
`;

/** Users known to the school, by e-mail (the import API answers "updated" for them). */
const KNOWN_USERS = new Map<string, number>([["anna.sokolova@example.ru", 402117336]]);

function gcHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (url.hostname !== GC_SCHOOL) return text(res, 502, "unknown host", "text/plain");
  const route = url.pathname;
  if (!route.startsWith("/pl/api/")) return text(res, 404, "Not Found", "text/html; charset=utf-8");

  if (state.badGateway) return text(res, 502, NGINX_502, "text/html");
  if (state.maintenance)
    return text(res, 503, MAINTENANCE_503, "text/html; charset=utf-8", { "retry-after": "600" });
  if (state.tooManyRequests)
    return text(
      res,
      429,
      "<html><head><title>429 Too Many Requests</title></head><body><center><h1>429 Too Many Requests</h1></center><hr><center>nginx</center></body></html>\n",
      "text/html",
      {
        "retry-after": "120",
      },
    );
  if (state.serverError)
    return json(res, 500, { success: false, error_message: "Внутренняя ошибка сервера", error: true });

  const key = url.searchParams.get("key");
  if (key !== GC_KEY || state.keyRevoked)
    return json(res, 200, { success: false, error_message: "Не авторизовано", error: true });

  const answer = () => {
    // The export API: GET starts an export of users or deals (the school's filters go in the query).
    if (req.method === "GET" && (route === "/pl/api/account/users" || route === "/pl/api/account/deals")) {
      if (state.quotaSpent)
        return json(res, 200, {
          success: false,
          error_message: "Слишком много запросов. Лимит: 100 запросов за 2 часа",
          error: true,
        });
      if (state.exportBusy)
        return json(res, 200, { success: false, error_code: 905, error: "Уже запущен один экспорт" });
      return json(res, 200, { success: true, info: { export_id: exportId++ } });
    }
    const exportMatch = /^\/pl\/api\/account\/exports\/(\d+)$/.exec(route);
    if (req.method === "GET" && exportMatch)
      return json(res, 200, {
        success: false,
        error_code: 909,
        error_message: "Файл еще не создан",
        error: true,
      });

    // The import API for users (the server posts the user object to /account/users).
    if (req.method === "POST" && route === "/pl/api/account/users") {
      const params = parse(body) as {
        user?: { email?: string; phone?: string };
        system?: { addToGroup?: string; deal_offer_code?: string };
      };
      const email = params.user?.email ?? "";
      if (params.system?.deal_offer_code === "ESP-B1-LEGACY")
        return json(res, 200, {
          success: false,
          error_message: "Предложение с кодом ESP-B1-LEGACY не найдено или находится в архиве",
          error: true,
        });
      const known = KNOWN_USERS.get(email);
      const id = known ?? userId++;
      const result: Record<string, unknown> = {
        success: true,
        user_id: id,
        user_status: known ? "updated" : "added",
        error_message: "",
        error: false,
      };
      if (params.system?.addToGroup) result.added_to_group = true;
      if (params.system?.deal_offer_code) {
        result.added_to_deal = true;
        result.deal_id = dealId++;
        result.deal_number = 104312 + (dealId % 100);
      }
      return json(res, 200, { success: true, action: "add", result });
    }
    return text(res, 404, "Not Found", "text/html; charset=utf-8");
  };

  if (state.slow) return later(20_000, answer);
  answer();
}

export const gcStandin = forwardProxy(GC_PROXY_PORT, ensureCertificate, gcHandler);

export const ALL_STANDINS = [gcStandin];
