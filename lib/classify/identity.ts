import { MISSING_RESOURCE } from "./category-words";
import { isObject } from "./json";
import { isEmptyStructure } from "./lookup";
import { toolBaseName } from "./names";

// Identity tools (who am I, which account or company this credential is): one that answers nobody
// — null, {}, every field null beside the envelope's own status — says the credential reaches no one.

const IDENTITY_TOOLS = new Set([
  "me",
  "get_me",
  "viewer",
  "get_viewer",
  "whoami",
  "who_am_i",
  "current_user",
  "get_current_user",
  "get_authenticated_user",
  "authenticated_user",
  "get_self",
  "userinfo",
  "user_info",
  "get_user_info",
  "my_profile",
  "get_my_profile",
  // The caller's own id (Clerk's getUserId: the signed-in user's).
  "get_user_id",
  "get_my_user_id",
  // The account or company the credential belongs to (QuickBooks' CompanyInfo, an invoicing API's account).
  "account_info",
  "get_account_info",
  "company_info",
  "get_company_info",
  "organization_info",
  "get_organization_info",
]);

/** Names that say who the caller is wherever they stand in a tool's name ("boond_application_current_user"). */
const IDENTITY_ENDINGS = /(?:^|_)(?:current_user|authenticated_user|who_?am_?i)$/;

/** `viewer`, `getCurrentUser`, `manage__whoami`, `github.me` are identity tools. */
export function isIdentityTool(tool: string | null | undefined): boolean {
  if (!tool) return false;
  const snake = toolBaseName(tool);
  return (
    IDENTITY_TOOLS.has(snake) || IDENTITY_TOOLS.has(snake.replace(/_/g, "")) || IDENTITY_ENDINGS.test(snake)
  );
}

/**
 * The identity answer names no one: null, {}, every field null — or a one-line "not found" ("Entité non
 * trouvée."): the caller the credential should name was not found.
 */
export function answersNull(text: string, documents: unknown[]): boolean {
  const trimmed = text.trim();
  if (trimmed === "" || trimmed === "null" || trimmed === "{}") return true;
  if (trimmed.length <= 120 && !trimmed.includes("\n") && MISSING_RESOURCE.test(trimmed)) return true;
  return documents.some(isNullAnswer);
}

/**
 * null, {}, or an object all of whose leaves are null (`{"data":{"viewer":null}}`), GraphQL's errors and
 * an envelope's own status and time aside (`{"success": true, "account": null}`, `{"CompanyInfo": null,
 * "time": "…"}`).
 */
const GRAPHQL_ASIDE: ReadonlySet<string> = new Set([
  "errors",
  "extensions",
  "success",
  "ok",
  "status",
  "time",
  "timestamp",
  "request_id",
  "requestId",
  // JSON:API's own members beside its data.
  "jsonapi",
  "links",
  "meta",
]);
const isNullAnswer = (value: unknown) =>
  isEmptyStructure(value, GRAPHQL_ASIDE) &&
  // An envelope that is only its status ({"success": true}) answered nothing about anyone, not null.
  (!isObject(value) ||
    Object.keys(value).length === 0 ||
    Object.keys(value).some((key) => !GRAPHQL_ASIDE.has(key)));

/**
 * A JSON:API answer about the caller by its own link (`{"links": {"self": "…/v1/users/me"}, "data": null}`):
 * an identity answer whatever the tool is called.
 */
export function linksToMe(documents: unknown[]): boolean {
  return documents.some((document) => {
    const links = isObject(document) && isObject(document.links) ? document.links : undefined;
    return typeof links?.self === "string" && /\/(?:users?\/)?me\/?(?:[?#].*)?$/.test(links.self);
  });
}

const SIGNED_IN_KEY = /^(?:is_?)?(?:signed_?in|logged_?in|authenticated)$/i;
/** Tools that end a session: their "signed out" is what was asked. */
const ENDS_SESSION = /(?:^|_)(?:log_?out|sign_?out|logoff|disconnect|revoke|deauth\w*)(?:_|$)/;

/**
 * A session's own status saying it signs no one in ({"status": {"isSignedIn": false, "username": ""}}): the
 * credential no longer reaches anyone, whatever the tool is called. Only the answer itself or an object one
 * member down, never an item of a list (a roster's "loggedIn": false is data about others).
 */
export function saysSignedOut(tool: string | null | undefined, documents: unknown[]): boolean {
  if (tool && ENDS_SESSION.test(toolBaseName(tool))) return false;
  const signedOut = (value: unknown) =>
    isObject(value) &&
    Object.keys(value).length <= 12 &&
    Object.entries(value).some(([key, flag]) => SIGNED_IN_KEY.test(key) && flag === false);
  return documents.some(
    (document) =>
      isObject(document) &&
      Object.keys(document).length <= 12 &&
      (signedOut(document) || Object.values(document).some(signedOut)),
  );
}
