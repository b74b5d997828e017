import type { Category } from "./types";
import { INTL_TEXT_RULES } from "./category-words-intl";
import { PLAN_LIMIT } from "./limits";
import { NOT_FOUND_ELSEWHERE } from "./patterns";
import { scanWindow } from "./text";

// The words of a failure and what they mean: the rules (strongest first) and how a text is read
// against them. categories.ts weighs them against codes and statuses.

export const UNKNOWN_TOOL_TEXT =
  /未知工具|工具不存在|\b(unknown (?:or [\w-]+ )?(tool|method)\b|no (?:handler|validator|implementation|schema) (?:found |registered |defined )?for tool\b|unrecogni[sz]ed tool\b|tool\b[^:\n]{0,120}\bnot (found|available|registered)\b|tool ['"`][\w.-]{1,80}['"`] (?:is )?(?:not enabled|disabled)\b|no such (tool|method)\b|tool [^:\n]{0,120} does not exist|tool ['"`][\w.-]{1,80}['"`] (?:could|can)(?:not| not|n't) be found|(?<!\w\s)method (?:[\w./$-]{1,80} )?not found)/i;

// Ordered: the first rule that matches decides. "Invalid token" is auth, not validation.
// The strong rules name who refused the call and why (no tool, too many calls, no or bad
// credential, no right, a policy): they outrank an HTTP status or a JSON-RPC code found in the
// same text ("403 … Unauthorized" is auth). The weak rules describe what went wrong and come after
// a status or code (a 401 that also says "not found" is auth).
/**
 * The server's MCP library refused the server's own answer, or the server's API client refused the API's
 * ("Response validation failed", Speakeasy's SDKs): whatever code or issue list it quotes, not the caller's input.
 */
export const RESULT_REFUSED =
  /\binvalid tools\/call result\b|\boutput validation error\b|\binvalid structured content\b|\bresponse validation failed\b/i;

/**
 * A command's usage printed after its failure ("node: this sandbox uses js-exec instead of node\n\nUsage:
 * js-exec [OPTIONS] …\nLimits:\n  Timeout: …"): the synopsis says the command was called wrong, and what
 * follows it is the command's documentation, not what went wrong ("Timeout" there is an option).
 */
export const USAGE_SYNOPSIS =
  /(?:^|\\n)[ \t]*usage:[ \t]+[\w./-]{1,60}(?:[ \t]+[\w./-]{1,60}){0,2}[ \t]+[[<{-]/im;

export const STRONG_TEXT_RULES: [RegExp, Category][] = [
  [UNKNOWN_TOOL_TEXT, "unknown_tool"],
  // A server's dispatcher that has no handler for a tool it listed: "Invalid method read_order" (a tool's name,
  // snake_case; not an HTTP method, "Invalid method GET").
  [
    /^(?:error:[ \t]*)?(?:invalid|unknown|unsupported) (?:method|function|action) ['"`]?[a-z][a-z0-9]*(?:_[a-z0-9]+)+['"`]?[.!]?$/i,
    "unknown_tool",
  ],
  // The server's MCP library refused the server's own answer ("MCP error -32602: Invalid tools/call
  // result: …", whatever code it sent it with): the server's bug, not the caller's arguments.
  [RESULT_REFUSED, "internal"],
  // "Issue does not exist or you do not have permission to see it" (Jira's 404, which hides whether the
  // thing exists), "Object with ID '…' does not exist, cannot be loaded due to missing permissions, or
  // does not support this operation" (the Graph API's): the caller named something it cannot reach —
  // not found first, permissions only as one of the alternatives.
  [
    /\b(?:does not|doesn't) exist or (?:you )?(?:do not|don't) have (?:the )?(?:permission|access)\b|\b(?:does not|doesn't) exist, [^.\n]{0,80}?\bpermissions?\b[^.\n]{0,20}, or\b/i,
    "validation",
  ],
  // A syntax error is the caller's statement, whatever else it says ("Multi-statements are not allowed"); so is an
  // interpreter's SyntaxError ("SyntaxError: '(' was never closed", also on a line of a JSON string's stderr), unless
  // it is a JSON parser's about an answer.
  [
    /\bsyntax error\b|(?:\b|(?<=\\n))SyntaxError:[ \t]*(?![^\n]{0,200}\bJSON\b)(?=\S)|\bincorrect syntax near\b|\bmismatched (?:input|character|token)\b|\bno viable alternative at\b|\bextraneous input\b/i,
    "validation",
  ],
  // Values the input may not hold ("Duplicate choice option values are not allowed", "Spaces are not
  // allowed in names"): the input's form, not a right the caller lacks.
  [
    /\bduplicate [\w -]{0,40}?(?:is|are) not (?:allowed|permitted)\b|\b(?:values?|characters?|whitespace|spaces|special characters|empty (?:values?|strings?|names?)|negative (?:values?|numbers?)) (?:is|are) not (?:allowed|permitted)\b/i,
    "validation",
  ],
  // PostgreSQL refusing a login at connect ("FATAL: role \"x\" does not exist", SQLSTATE 28000):
  // the credentials name nobody, whatever the same words mean in a statement.
  [
    /\b(?:connect|connecting|connection|login|authenticat\w*)\b[^\n]{0,80}\brole ["'][^"'\n]{1,80}["'] does not exist\b|\binvalid (?:username|user name|e-?mail|login)(?:,| or| and| ?\/)(?: ?(?:username|user name|e-?mail|login)(?:,| or| and| ?\/))? ?password\b|\blogin failed for user\b|\b(?:incorrect|wrong) (?:username|user name|email|login) or password\b/i,
    "auth",
  ],
  // Access the caller's plan does not include ("API key does not have access to the resource. Please check pricing
  // page for what is allowed in your API subscription plan"): the plan refused it, before the access words.
  [
    /\b(?:check|see|visit|view) (?:the |our )?pricing(?: page)?\b|\b(?:allowed|included|available) (?:in|on|with|for) your (?:[\w-]+ ){0,2}plan\b|\b(?:does not|doesn't|do not|don't) have (?:an? |the )?(?:premium|paid|pro|enterprise|business) (?:licen[cs]e|plan|subscription)\b|\brequires? (?:an? |the )?(?:premium|paid|pro|enterprise|business) (?:licen[cs]e|plan|subscription)\b/i,
    "business",
  ],
  // "The API key in use does not allow this request" (App Store Connect's 403): the key is known, its role is short.
  [
    /\b(?:api[ _-]?key|key|token|credentials?|role)(?: in use| you used| provided)? (?:does not|doesn't) allow (?:this|the|that) (?:request|action|operation|call)\b/i,
    "permission",
  ],
  // "Provide a properly configured and signed bearer token, and make sure that it has not expired" (App Store
  // Connect's 401): the credential itself is what is wrong.
  [
    /\bprovide a (?:properly configured|valid)(?: and signed)? (?:bearer )?(?:token|api[ _-]?key|credentials?)\b/i,
    "auth",
  ],
  // A known caller without the privilege: Elasticsearch/OpenSearch's "action [x] is unauthorized for
  // user [y]", "granted by the index privileges", "no permissions for [x]" — before auth's "unauthorized".
  [
    /\baction \[[^\]\n]{1,200}\] is unauthori[sz]ed\b|\b(?:this|the) action is unauthori[sz]ed\b|\bunauthori[sz]ed to (?:perform|access|modify|edit|create|update|delete|view|execute)\b|\bis granted by the [\w ]{0,40}privileges?\b|\b(?:requires?|missing|lacks?|without) (?:the )?(?:[\w-]+ )?privileges?\b|\bno permissions? for \[/i,
    "permission",
  ],
  // An account, a tenant or a feature of it not switched on ("The customer account can't be accessed because it
  // is not yet enabled or has been deactivated", "This API is not active for this customer"): the account's
  // state refused the call, before the permission words that often come with it.
  [
    /\b(?:account|customer|tenant|organi[sz]ation|subscription)\b[^.\n]{0,60}?\b(?:not yet (?:enabled|activated)|(?:has been|was) deactivated)\b|\bnot (?:active|activated) for (?:this|your|the) (?:customer|account|tenant|organi[sz]ation|subscription|plan)\b/i,
    "business",
  ],
  // A credential's environment variable not set ("Missing EDGEONE_PAGES_API_TOKEN", "GITHUB_TOKEN is not
  // set"): the server has no credential to call with. Upper case, as variables are named.
  [
    /\b[Mm]issing (?:(?:required )?(?:env(?:ironment)? var(?:iable)?s? )?)?[`'"]?[A-Z][A-Z0-9]*_(?:[A-Z0-9]+_)*(?:TOKEN|API_?KEY|SECRET|ACCESS_KEY|PASSWORD|CREDENTIALS)\b|\b[A-Z][A-Z0-9]*_(?:[A-Z0-9]+_)*(?:TOKEN|API_?KEY|SECRET|ACCESS_KEY|PASSWORD)\b[`'"]? (?:is |was )?(?:not set|not configured|missing|required|undefined|empty)\b/,
    "auth",
  ],
  // An API's error name in PascalCase among its words ("ERROR!!! InvalidApiKey", "ThrottleUser", AWS's
  // "ThrottlingException"): what each name says. Case-sensitive: a name, not a sentence.
  [
    /\b(?:Invalid|Expired|Missing|Revoked)(?:Api|Access|Auth|Bearer|Refresh|Session)?(?:Key|Token|Credentials?)(?:Id)?\b/,
    "auth",
  ],
  [/\bThrottl(?:e|ed|ing)[A-Z][A-Za-z]{1,40}\b/, "rate_limited"],
  // A quota that refills ("Search Analytics load quota exceeded for site … Try again later."): a request rate, not
  // a plan's limit.
  [
    /\bquota (?:has been |was |is )?exceeded\b[^\n]{0,200}?\b(?:try again later|retry later|try again in \d)/i,
    "rate_limited",
  ],
  // A privilege named in capitals that the caller lacks on an object ("User does not have USE SCHEMA on Schema
  // 'main.marketing'": Unity Catalog's, as SQL grants name them). Case-sensitive.
  [
    /\b(?:does not|doesn't) have [A-Z]{3,20}(?: [A-Z]{3,20}){0,2} (?:privileges? |permissions? )?on\b/,
    "permission",
  ],
  // A role the caller does not hold ("You must be a moderator of m/general to pin posts").
  [
    /\b(?:you )?must be (?:an? |the )?(?:admin(?:istrator)?|owner|moderator|maintainer|member|collaborator|organi[sz]er|host) (?:of|in|on|to)\b/i,
    "permission",
  ],
  // A cadence the API allows ("You can only post once every 30 minutes"): the same call succeeds later.
  [
    /\bcan only [\w ]{1,30}? (?:once|twice|\d{1,4} times?) (?:every|per|a|an) (?:\d{1,4} )?(?:seconds?|minutes?|hours?|days?)\b/i,
    "rate_limited",
  ],
  // Meta's "(#200) Ad account owner has NOT grant ads_management or ads_read permission": a right not given.
  [
    /\b(?:has|have) not (?:been )?grant(?:ed)?\b[^.\n]{0,60}\bpermissions?\b|\bpermissions? (?:has|have) not been granted\b/i,
    "permission",
  ],
  [
    /\b(rate[ -]?limit(s|ed|ing)?|too many (requests|calls|attempts)|quota exceeded for quota metric [^\n]{0,160}\bper (?:minute|second|100 seconds)|max(?:imum)? (?:daily |hourly )?requests? limit (?:exceeded|reached)|excessive (?:number of )?requests|reduce (?:the )?(?:rate|number|frequency) of (?:your )?requests|too many (?:simultaneous|concurrent|parallel) (?:queries|requests|connections|calls)|(?:request )?frequency limit|throttl(ed|ing)|(requests?|calls?) too (quickly|fast|frequently)|request exceeds defined limit|request limit for the database\b[^.\n]{0,40}\bhas been reached|(?:number of )?requests exceeded the limit of|request count\b[^.\n]{0,40}\bover the (?:allowed )?limit|rate of [\w ]{1,40}(?:is|are) too high|request rate is (?:too )?(?:large|high)|slow down|resource (?:has been )?exhausted|quota[^\n.]{0,30}exceeded\.?[ \t]+(?:please )?(?:wait|retry|try again)|(?:daily|hourly|per[ -]minute) (?:[\w-]+ ){0,3}usage (?:has been |have been |is |was )?(?:consumed|exhausted|used up))\b|速率限制|频率限制|限流|请求(过于|太)频繁|并发(?:量|数)?(?:已经?)?超过|超过[^，。\n]{0,12}并发/i,
    "rate_limited",
  ],
  // A sign-in page where the answer should be (an access gateway in front of the API wants a login).
  [/<title>[^<\n]{0,60}\b(?:sign[ -]?in|log[ -]?in|login|single sign-on)\b/i, "auth"],
  // "You must authenticate to access this resource." (Discogs' 401, as many APIs word it).
  [/\byou must (?:be )?(?:authenticated|authenticate|logged in|log in|sign in|signed in)\b/i, "auth"],
  // "Adzuna rejected the credentials.": the service refused what the call signed in with.
  [
    /\b(?:rejected|refused|did not accept|didn't accept) (?:the |your |our )?(?:credentials?|api[ _-]?key|access token|token)\b/i,
    "auth",
  ],
  // A credential the call went without ("API key is missing", "Missing bearer token"): nothing was sent to sign in with.
  [
    /\b(?:api[ _-]?key|access[ _-]?token|bearer token|auth(?:entication|orization)? (?:token|header)|credentials?) (?:is|are|was|were) missing\b(?! (?:the |a |an )?(?:required |needed |necessary )?(?:scopes?|permissions?|rights?|roles?|privileges?)\b)|\bmissing (?:an? )?(?:api[ _-]?key|access[ _-]?token|bearer token|auth(?:entication|orization)? (?:token|header)|credentials)\b/i,
    "auth",
  ],
  // A named right the key lacks ("This API key does not have the 'orders:write' permission required"), and
  // what a region may not see ("The uploader has not made this video available in your country").
  [
    /\b(?:does not|doesn't|do not|don't) have (?:the )?['"`]?[\w:.*\/-]{1,60}['"`]? (?:permission|scope|right)s?\b|\bnot (?:been )?(?:made )?(?:[\w-]+ ){0,2}available in your (?:country|region|location)\b|\bgeo-?(?:restricted|blocked)\b/i,
    "permission",
  ],
  [
    /\b(unauthori[sz]ed|unauthenticated|not authenticated|invalid_?token(?![ _-]?(?:id|ids|address|addresses|symbol|amount|contract|uri|name|type)\b)|(?:could not|couldn't|unable to|failed to) (?:parse|decode|verify|validate) (?:the )?jwt|jwt (?:is )?(?:malformed|expired|invalid)|(?:[a-z0-9]+_)*(?:api[_ -]?key|token|secret|credentials?|password)\b[^\n.]{0,40}\b(?:is|are) required|(?:app|client|api)[ _-]?secret (?:is )?(?:invalid|wrong|expired|incorrect)|invalid (?:app|client)[ _-]?secret|(?:unable to|could not|couldn't|cannot|can't|failed to) authenticate|authori[sz]ation has been denied for this request|could not read (?:username|password) for|(?:failed to|unable to|could not|couldn't|cannot) (?:obtain|get|fetch|acquire|refresh|retrieve) (?:an? |the )?(?:access |oauth2? |bearer |auth(?:entication|orization)? )?token\b|(?:access key(?: id)?|api key|secret key|credentials?) (?:that )?(?:you provided )?(?:does not|doesn't|do not) exist in our records|the wrong (?:api |access |account |master |auth |primary )?key\b|(?:api[ _-]?key|authorization|auth(?:entication)?)[\w -]{0,12} header (?:is |was )?(?:invalid|missing|malformed)|authentication (?:to [\w .-]{1,40}? )?(?:is )?(failed|required|error)|all configured authentication methods failed|(?:api[ _-]?key|auth[ _-]?key|access token|bearer token|credentials?) (?:is |are )?(?:not valid|invalid)|(?:supply|provide|pass|use) a valid (?:[\w-]+ ){0,2}(?:api[ _-]?key|auth[ _-]?key|token|credentials?)|(?:not|never) (?:supplied|provided|passed) a valid (?:[\w-]+ ){0,3}(?:key|token|credentials?)\b|check (?:your |the )?(?:auth[ _-]?key|api[ _-]?key)\b(?! (?:permissions?|scopes?|access|rights?))|(invalid|missing|expired|revoked|bad|incorrect|wrong)\b(?: or \w+)? (?:[\w-]+ ){0,3}(api[ _-]?key|access[ _-]?key|(?:subscription|secret|developer|app|client|license|agent|service|account|project|personal) key|(?:access |auth |bearer |oauth |refresh |api )?token(?![ _-]?(?:id|ids|address|addresses|symbol|amount|contract|uri)\b)|credentials?|session(?![ _-]?ids?\b))|(auth|authori[sz]ation|authentication|token|session|credentials?|login) (has |have |is |was )?expired|expired (token|session|credentials?)|re-?(authenticat|authori[sz])\w*|not (signed|logged) in|(sign|log) ?in required|authori[sz]ation required|please (re-?)?(authenticate|log ?in|sign ?in)|(need|have|must) to (sign|log) ?in|must be (authenticated|logged in|signed in)|requires authentication|permission denied \((publickey|password|keyboard-interactive)|(api[ _-]?key|token|credentials?|password)( (?:(?:you|that was) )?(provided|supplied|used)(?: (?:to|in|for|via) [\w.$-]{1,60})?)? (is|was|has been|are|were) (invalid|expired|revoked|incorrect|wrong|not valid))\b/i,
    "auth",
  ],
  [
    /\b(forbidden|not allowed|permission denied|permission (?:was|has been|is) denied|has not been used in project|(?:api|service) (?:is |has been )?(?:disabled|not enabled)(?: for)?\b|(?:cannot|can't|unable to) access\b[^\n]{0,80}\b(?:private|restricted|quarantined)|blocked until\b|due to (?:previous |suspected )?abuse|access denied|not authori[sz]ed|authori[sz]ation (failed|denied)|insufficient (permissions?|privileges|scopes?|access|[\w-]+ scopes?)|not permitted|lacks? (the )?(?:required |necessary |sufficient )?(permissions?|rights?|scopes?|access)|missing (?:access|permissions)|blocked (?:a |the )?(?:request|url|domain|host|address|path|access|call|connection)s?|command blocked\b|is (?:blacklisted|blocklisted|denylisted|not whitelisted|not allowlisted)\b|unable to start subsystem\b|(?:url|domain|host|address|path|request|protocol|scheme|endpoint)s? (?:is |was |are )?(?:blocked|disallowed)|disallowed (?:protocol|scheme|host|domain|url|address)|outside (?:of )?(?:the |this |your |its )?(?:[\w'’-]+ )?allowed|(?:human|manual|admin(?:istrator)?|owner) approval (?:is )?required|outside (?:of )?(?:the )?(?:[\w-]+ )?(?:director(?:y|ies)|folder|sandbox|workspace)\b|not (?:in|on) (?:the |an? )?(?:list of )?allowed|not (?:in|on) (?:the |an? )?allow ?list|path traversal|escape (?:the )?(?:defined |allowed )?(?:root|sandbox|workspace)|(?:denied|refused|blocked) by (?:the |a |your )?(?:[\w-]+ ){0,4}?(?:policy|firewall|allow ?list|sandbox|administrator)|(?:modifications|writes|write operations|mutations|deletions|deletes|changes) (?:are|is) (?:disabled|not allowed|blocked)|restricted (?:fields?|columns?|tables?|attributes?) detected|has restricted (?:fields|columns)|no (?:[\w-]+ )?(?:account|user|role|key|token|credential) (?:has|with) (?:[\w-]+ )?(?:access|permission)|(do|does|did)(?: not|n't) have (?:at least one of )?(?:the )?(?:required |necessary |sufficient )?(permissions?|access|rights?|privileges|scope\(s\)|scopes?)|(?:does|do)(?: not|n't) have [\w.:-]{1,80} (?:access|permission)\b|permission ['"][\w.:-]{1,80}['"] (?:was )?denied|only (?:an? )?(?:admins?|administrators?|owners?|(?:[\w-]+ )?users? with [\w -]{1,30}) (?:can|may|are allowed to|is allowed to)\b|no permission|must be (?:within|inside|under) (?:the )?(?:working|allowed|root|base|workspace|project|sandbox)|(?:protected|restricted|blocked|refused) by (?:an? |the )?(?:[\w-]+ ){0,2}policy|\w+ command denied to user|(?:dangerous|unsafe|disallowed) [\w -]{0,40}(?:detected|not allowed|blocked)|(?:server|database|connection|tool|mode|instance|repository|file ?system) is (?:in )?read[ -]?only|read[ -]?only mode|only [\w ,-]{1,60}? (?:queries|statements|commands|operations|requests|methods|paths|files|urls|domains|hosts) (?:are|is) (?:allowed|permitted|supported)|(?:only )?allowed only (?:in|for|with)|not (?:allowed|permitted|available) in (?:this|the current|read[ -]?only) mode|requires? (?:the |an? )?[\w:./-]{1,60} scopes?\b|missing (?:the )?(?:required )?scopes?|permission to [\w -]{1,40}? (?:has not been|have not been|is not|was not) (?:enabled|granted)|(?:resource|repository|project|file|endpoint|record)s? (?:is |are )?not accessible (?:by|with|to|for)\b)\b/i,
    "permission",
  ],
  [
    // An object already past the state the operation needs ("has been cancelled already", "already
    // completed", "has been deleted and cannot be updated", "already has a booking at this time"), or
    // not there yet ("Request is still in progress"); a refusal by the provider's content policy
    // ("rejected by the safety system", "safety_violations", IMAGE_SAFETY); an exhausted balance.
    /\b(?:has|have) (?:already )?been (?:cancell?ed|deleted|archived|closed|completed|finished|processed|refunded|voided|paid|submitted|revoked|approved|rejected)(?: already\b|\b[^\n.]{0,20}?\b(?:and )?(?:cannot|can't|can not|could not) be\b)|\b(?:is|was|has been) already (?:cancell?ed|completed|finished|closed|deleted|archived|processed|refunded|voided|paid|submitted|booked|approved|rejected|merged)\b|\balready[_ ](?:completed|cancell?ed|finished|processed|closed)\b|\b(?:has|have) already been (?:cancell?ed|deleted|archived|closed|completed|finished|processed|refunded|voided|paid|submitted|revoked|approved|rejected|ended|used|redeemed)\b|\breached (?:the |its |their |your )?(?:activation|seat|licen[cs]e|member|user|project|storage|device) limit\b|\balready has (?:an? |another )?(?:booking|reservation|appointment|meeting|event)\b|\b(?:is|are) still (?:in progress|processing|running|pending|being processed)\b|\b(?:is|has been) (?:archived|locked|closed|deactivated|frozen)\b[^\n.]{0,40}?\b(?:cannot|can ?not|can no longer)\b|\b(?:rejected|blocked|flagged|refused) by (?:the |our |a )?(?:safety|moderation|content) (?:system|filters?|polic(?:y|ies)|checks?)\b|\bsafety[_ ]violations?\b|\bcontent (?:policy|moderation) (?:violation|refusal)\b|\bviolat(?:es|ed|ion of) (?:our |the )?(?:content|safety) polic(?:y|ies)\b|\b(?:IMAGE_SAFETY|PROHIBITED_CONTENT)\b|\bsensitive (?:content|words?) (?:detected|found)\b|\b(?:exhausted|depleted|used up) (?:your |the |account )?(?:balance|credits?)\b|\b(?:balance|credits?) (?:is |are |has been |have been )?(?:exhausted|depleted|used up)\b|\btop up (?:your |the )?(?:balance|account|credits?|wallet)\b/i,
    "business",
  ],
  [
    // A state the thing is in refuses the call: paused, a recipient who opted out, an object past
    // the state the operation needs ("cannot update invoice because it is not a draft").
    /\b(?:project|account|workspace|instance|app|application|database|organi[sz]ation|subscription|service) is (?:currently )?paused\b|\b(?:unsubscribed|opted[- ]out) (?:recipient|number|contact|user|address|subscriber)\b|\brecipient (?:has )?(?:unsubscribed|opted[- ]out)\b|\b(?:cannot|can't|could not|unable to) [a-z]{2,20} (?:the |this |that |an? )?[\w -]{0,40}?\bbecause (?:it|the [\w -]{1,30}?) (?:is|has|was) (?:not|already|been)\b|\bis not (?:mergeable|editable|cancell?able|refundable|deletable|in a state that allows)\b|\bcannot be [a-z]{3,20}ed\b[^\n]{0,80}?\b(?:is|was|has been) already\b|\b(?:bucket|folder|directory|container|namespace|group|organi[sz]ation|account|project|queue)\b[^\n.]{0,40}? is not empty\b/i,
    "business",
  ],
  [
    /\b(payment required|(?:enter|add|provide|update) (?:a |your )?(?:valid )?(?:credit card|payment (?:method|details))|insufficient (funds|credits?|balance)|spend(ing)? limit|quota exceeded|quota (?:has been|was|is) exceeded|(?:delete|deletion) protection|not available (?:for|on|in) (?:the )?(?:free|trial|hobby|starter) (?:[\w-]+ )?(?:databases?|plans?|tiers?|accounts?|projects?)|(exceeded|exhausted|over) (your |the )?(current |monthly |daily )?quota|exceeded (?:[\w-]+ ){1,4}quota|out of (?:[\w-]+ ){0,3}quota|usage limits?|(plan|account) limits?|your (?:new |current |free |[\w-]+ )?plan (?:only )?(?:has|allows|includes|supports|permits)\b|(?:subscription|current|your) plan does not (?:support|include|allow|permit)\b|upgrade your (?:account|subscription)|upgrade (?:your |to a |to an )?(?:[\w-]+ )?(?:api |pricing )plan|upgrade to (?:the |a |an )?(?:[\w-]+ )?(?:pro|premium|paid|business|enterprise|plus)\b|(?:project|seat|member|user|workspace) limit\b|exceeded (?:the )?limit for (?:bytes|data|storage|cost)\b|not enough (?:credits?|funds|balance|quota)|card (?:on file )?(?:was |has been )?declined|payment (?:could not be|was not|has not been) (?:processed|completed|authori[sz]ed)|(account|organi[sz]ation|org|user|agent|app|workspace|tenant|key) (is |has been |was )?suspended|maximum number of [\w -]{1,40} (?:reached|exceeded)|(trial|subscription|plan) (has )?(expired|ended|lapsed)|subscription\b[^\n.]{0,40}\bhas lapsed|(credit )?balance is too low|out of credits|upgrade your plan|outside (of )?the .{1,40} window|subscription required|(?<![\w/-])billing(?![\w/-])|not eligible|(?:usage|billing|spend(?:ing)?|account|fair[ -]use) policy)\b/i,
    "business",
  ],
  [PLAN_LIMIT, "business"],
  // What is offered has run out, or its window has closed ("Product x is out of stock for 2026-12-14", "The
  // cutoff time for this delivery has passed"), or the record's state does not allow it ("You cannot create a new
  // version of the App in the current state"): the service refuses, not the caller's input.
  [
    /\b(?:cannot|can't|unable to) transition (?:the )?[\w -]{0,30}?from ['"`]?[\w -]{1,30}['"`]? to\b|\b(?:cannot|can't|unable to) [\w -]{1,60}? in (?:the|its) current state\b|\binvalid (?:state|status) transition\b|\b(?:is|are) (?:currently |now )?(?:out of stock|sold out)\b|\b(?:cut-?off|deadline|ordering window)(?: (?:time|date))?(?: for [^.\n]{1,60}?)? (?:has|have) (?:already )?(?:passed|closed)\b/i,
    "business",
  ],
  // The same refusals in other languages than English (category-words-intl.ts).
  ...INTL_TEXT_RULES,
];

// What a database, a file system or version control said of the caller's statement, path or ref:
// unmistakable phrases of those systems, read after the strong rules and before the weak ones
// (and before a generic JSON-RPC code: a -32603 saying a relation does not exist is the caller's).
export const SPECIFIC_TEXT_RULES: [RegExp, Category][] = [
  // "AfAMax rejected the calculation input.": the service refused what the call sent, not who sent it.
  [
    /\b(?:rejected|refused|did not accept|didn't accept) (?:the |your |its |our )?(?:[\w-]+ ){0,2}(?:input|inputs|parameters|arguments|payload|query)\b/i,
    "validation",
  ],
  [
    /\b(?:relation|table|column|function|schema|index|view|sequence|type|database|operator|role) ["'`]?[\w.$-]{1,80}["'`]?(?: of relation ["'`]?[\w.$-]{1,80}["'`]?)? does not exist\b|\bno such (?:table|column|function|index|collection|savepoint)\b|\bsyntax error (?:at or near|at end of input|in sql|near)\b|\bnear "[^"\n]{0,80}": syntax error\b|\bviolates (?:unique|foreign key|not-null|check|exclusion) constraint\b|\bduplicate key value\b|\b(?:unique|not null|check|foreign key|primary key) constraint failed\b|\binvalid input syntax for\b|\bvalue too long for type\b|\bout of range for type\b|\bis ambiguous\b|\bambiguous column name\b|\bdatatype mismatch\b|\bhas no column named\b|\bcolumn count does not match\b|\b(?:query|sql|statement)\b[^\n]{0,80}\bdivision by zero\b/i,
    "validation",
  ],
  [
    /\bread-only transaction\b|\b(?:attempt to write a )?readonly database\b|\bpermission denied for (?:table|relation|schema|database|sequence|function|view|column)\b|\bmust be (?:the )?owner of\b|\bread-only file ?system\b|\boperation not permitted\b/i,
    "permission",
  ],
  [
    /\bfetch failed\b(?! with status)|\bsocket hang up\b|\bexceeded the max(?:imum)? (?:configured |number of )?retries\b|\bretries (?:were )?exhausted\b|\bno (?:cluster )?leader\b|\bno path to (?:node|host)\b|\bdeadlock[ -]detected\b|\bchosen as the deadlock victim\b|\bcould not serialize access\b|\bserialization failure\b|\bdatabase (?:table )?is locked\b|\bterminating connection\b|\bserver closed the connection unexpectedly\b|\bconnection to server\b[^\n]{0,120}\bfailed\b|\bcanceling statement due to (?:statement|lock) timeout\b|\bthe database system is (?:starting up|shutting down|in recovery mode)\b|\btoo many (?:clients|connections)\b|\bcould not obtain lock\b|\b(?:can't|cannot|could not|unable to) acquire (?:an? |the )?\w*lock\b|\b(?:database|db|cluster|node|instance|broker) ['"`]?[\w.-]{0,80}['"`]? is (?:currently |temporarily )?unavailable\b/i,
    "transient",
  ],
  [
    /\bnot a valid (?:object name|ref(?:erence)?|revision|branch name|commit|tag)\b|\bunknown revision\b|\bbad revision\b|\bpathspec ['"][^'"\n]{1,200}['"] did not match\b|\bno such (?:path|ref|branch|remote)\b|\bnot a git repository\b|\bhas no upstream branch\b|\b(?:branch|tag|remote) ['"][^'"\n]{1,200}['"] (?:already exists|not found)\b|\binvalid reference\b|\bnothing to commit\b/i,
    "validation",
  ],
  // Java's ArithmeticException as a database relays it (Neo4j, Cypher): the query divided by zero.
  [/(?:^|\s)\/ by zero\b/, "validation"],
  // A validation library's issue list (zod: [{"code": …, "message": …, "path": […]}]): the input was refused.
  [
    /\[\s{0,20}\{\s{0,20}"code"\s{0,5}:\s{0,5}"[a-z_]{2,40}"\s{0,5},[^\]]{0,600}?"path"\s{0,5}:\s{0,5}\[/,
    "validation",
  ],
  // Kafka's protocol errors as its clients word them (kafka.apache.org/protocol#protocol_error_codes;
  // kafkajs): an unknown topic or a message too large is the caller's; no leader, a coordinator
  // loading or missing, too few in-sync replicas clear on a retry.
  [
    /\bdoes not host this topic-partition\b|\bmessage larger than the max message size\b|\btopic with this name already exists\b/i,
    "validation",
  ],
  [
    /\bno leader for this topic-partition\b|\bcoordinator is (?:loading|not available)\b|\bfailed to find group coordinator\b|\bfewer in-sync replicas than required\b|\bnot the (?:current )?leader for\b/i,
    "transient",
  ],
  // GraphQL's own validation of a query (graphql-js): the caller's query is wrong.
  [
    /\bcannot query field\b|\bunknown argument ["'][^"'\n]{1,80}["'] on field\b|\bfield ["'][^"'\n]{1,80}["'] (?:must have a selection|of type ["'][^"'\n]{1,80}["'] must)|\bvariable ["']\$[^"'\n]{1,80}["'] (?:of required type|got invalid value)\b|\bsyntax error: (?:unexpected|expected)\b/i,
    "validation",
  ],
];

export const WEAK_TEXT_RULES: [RegExp, Category][] = [
  // A command that printed its usage after failing was called wrong (the synopsis: "Usage: js-exec [OPTIONS] …"),
  // unless its words above said what failed.
  [USAGE_SYNOPSIS, "validation"],
  // A JavaScript error object printed as a string ("Unexpected error: [object Object]"): whatever the
  // upstream said was lost on the way, so the words around it say nothing of what failed.
  // …unless they say the upstream's server failed ("LTA API server error: [object Object]"): a relayed 5xx.
  [/\bserver error\b[^\n]{0,40}\[object Object\]/i, "internal"],
  [/\[object Object\]/, "unknown"],
  // A scraper whose page no longer has the shape it reads: its parser broke (before "failed to parse", which
  // is otherwise the caller's input).
  [
    /\bpage structure (?:may have|has|might have) changed\b|\b(?:has|have) changed (?:their|its|the) page structure\b/i,
    "internal",
  ],
  // An HTML page where the API's JSON was expected ("Unexpected token '<', \"<!DOCTYPE \"... is not
  // valid JSON"): what answers HTML in front of a JSON API is a gateway's error page, a CDN's
  // challenge or a maintenance page — the upstream's state, not the server's bug. Before the
  // programming errors, which read any other JSON parse failure as internal.
  [
    /\bunexpected token '<'|<!doctype[^\n]{0,20}is not valid json\b|\b(?:returned|got|received|answered) (?:an? )?html (?:page |response )?(?:instead of|where) json\b/i,
    "transient",
  ],
  // A programming error's own message, with or without its class: a bug in the server. Before
  // validation ("list index out of range" is not an argument out of range).
  [
    /('[^'\n]{1,80}' object (has no attribute|is not (subscriptable|callable|iterable))|\bbody (?:is unusable|has already been (?:read|used|consumed))\b|\bname '[^'\n]{1,80}' is not defined|\b(list|string|tuple) index out of range|\bdivision by zero|\b(unsupported operand type|unhashable type|can only concatenate|(not enough|too many) values to unpack|string indices must be integers)|\bcannot read propert(y|ies) of (undefined|null)|\bis not a function\b|\bundefined is not\b|\bnull ?pointer|\bnil pointer dereference|\bobject reference not set to an instance|called `(Option|Result)::unwrap\(\)`|\bpanicked at\b|\bpanic:|\bsegmentation fault|\bmaximum (recursion depth|call stack size) exceeded|\breturned non-zero exit status|\bcannot find module\b|\bexecutable (?:doesn't|does not) exist\b|\bspawn \S{1,200} ENOENT\b|\bcommand not found\b|\bunexpected (token .{0,20} in json|end of json input)|\bis not valid json\b|\bundefined (method|local variable)\b|\bfor nil:NilClass\b|\bnot (properly )?(initiali[sz]ed|configured)\b|\bmisconfigured\b|\boutput validation error\b|\binvalid structured content\b|\binvalid tools\/call result\b|\bout of memory\b|\bconverting circular structure to json\b|\bproblem processing (?:the |your )?request\b|\binvalid (?:response|answer|reply)(?: (?:format|body|structure|shape|data|payload))? from\b|\b(?:returned|sent|answered with|gave) (?:an? )?invalid (?:json|xml|response|answer|reply)\b|\b(?:response|answer|reply) that does not match (?:the |its )?(?:[\w-]+ ){0,2}(?:contract|schema|spec(?:ification)?)\b|\bunpars(?:e)?able (?:body|response|reply|answer)\b|\bunexpected (?:response|structure|format) from\b|\bright-hand side of 'instanceof' is not (?:an object|callable)\b|\bis not a constructor\b|\bcannot convert undefined or null to object\b|\bassignment to constant variable\b|\bnot (?:yet )?implemented\b|\binvalid attempt to (?:destructure|spread|iterate) non-iterable instance\b|^(?:error:[ \t]*)?server error[.!]?$)/im,
    "internal",
  ],
  [
    /\b(invalid (argument|input|parameter|param|value|format|date|request)s?|invalid [\w ]{1,30}?(format|number|id|identifier|value|date|email|type|url|time|duration|range|length|size|name|path|query|expression|syntax|option|mode)\b|(?:cannot|can't|may not|must not) (?:specify|use|combine|pass|provide|set) both\b|mutually exclusive\b|input error\b|requires? [\w.'"`-]{1,40} to be\b|(?:undeclared|unexpected|extra|additional|unrecogni[sz]ed) (?:parameters?|arguments?|properties|fields?|keys?)\b|(?:has|have) already been taken\b|exists with (?:the )?same\b|already own (?:it|this|that)\b|(?:only|exactly) one of\b|(?:was|were) (?:passed|given) (?:an? )?(?:null|undefined|empty)\b|already exists?\b|got invalid value|validation (error|failed)|validat(e|ed|ing|ion)\b|input validation|must be (a|an|one of|at least|at most|in the|between|greater|less|positive|in|valid|absolute|relative)\b|must be (?:fewer|shorter|longer|more) than\b|(?:should|must) (?:be equal to one of the allowed values|match (?:some|exactly one) schema in (?:anyOf|oneOf)|have required property|not have (?:additional|fewer|more) (?:properties|items))\b|\bexceeds? (?:the )?(?:image |canvas |array |page )?bounds\b|\bno [\w-]{1,30} matching ['"`][^'"`\n]{1,300}['"`] (?:was |were )?found\b|\bfiles? matched by\b[^\n]{0,300}\b(?:is|are) ignored\b|\bdoes not contain any (?:streams?|frames?|pages?|rows?|entries|sheets?|data)\b|must be (?:on or )?(?:before|after|earlier than|later than)\b|is required|are required|(names?|ids?|fields?|parameters?|arguments?|values?|keys?) required|required (field|parameter|argument)|missing (required )?(parameter|argument|field|value|input|param|option|property|body)s?\b|expected parameters?(?:\(s\))?:|(?:cannot|can't) send (?:an? )?empty\b|(?:must|should) contain\b|provide (?:either|one of)\b|(?:invalid|illegal|suspicious|disallowed) characters?\b|(?:name|label|key|record|entry|resource) (?:already )?exists\b|(?:cannot|can't) (?:delete|remove|rename|modify) (?:an? |the )?(?:system|built-in|builtin|reserved|default) |(?:cannot|can't|can not|must not|may not) be (empty|blank|null|negative|zero)\b|must (?:have|contain|include) at least (?:one|\d+)\b|(?:should|must|may|can) (?:only )?contain only\b|(?:may|can|must|should) only contain\b|is not of type\b|is not defined by type\b|malformed|out of range|wrong format|bad request|bad user input|expected .{1,40} received|input should be\b|(parse|syntax) error|error (?:parsing|decoding)\b|ambiguous (?:identifier|name|reference|id|match|title)\b|unknown (?:[\w-]+ )?(type|field|parameter|argument|option|property|column|flag|command)\b)/i,
    "validation",
  ],
  // The vocabulary every library uses for "your input is wrong", with no code.
  [
    /\b(invalid\b|unsupported\b|not supported\b|(?:has|have) to be (?:specified|provided|given|set)\b|unrecogni[sz]ed\b|(?:is|are|was) not recogni[sz]ed\b|unknown (?!(?:error|exception|failure|reason|issue|problem|host|(?:api|http|response) status|status code)\b)[\w-]+|duplicate (?:key|entry|name|value|id|column|field)|(?:cannot|can't|could not|couldn't|unable to|failed to) (?:parse|convert|decode|interpret|understand)\b|(?:cannot|can't|could not|couldn't|unable to|failed to) (?:extract|determine|read) (?:an? |the )?[\w -]{0,30}? from (?:the |your |this |that )?(?:given |provided )?(?:url|link|input|query|string|path|address|uri)\b|no default\b|has no default|must (?:supply|provide|specify|pass|give) (?:either|one of)\b|(?:cannot|can't|can not) (?:supply|provide|specify|pass|use) both\b|\bis a directory\b|\b(?:query|parameter|argument|field|value|input|name|id|body|prompt|url|path|text|title|message|content)s?(?: ['"`]?[\w.\[\]-]{1,40}['"`]?)? (?:is|are) missing\b|out of (?:the )?(?:allowed|valid|permitted|supported|acceptable) range\b|(?:is )?beyond the end of\b|\bout of bounds\b|\b(?:execution|function "?[\w$]{1,60}"?|transaction) reverted\b|\b(?:contract )?source code (?:is )?not verified\b|not an? (?:valid|known|recogni[sz]ed|supported)\b|is not (?:a )?valid\b|does not match (?:the )?(?:expected |required )?(?:format|pattern|schema)\b|(?:too (?:long|short|large|big|small|few)|too many (?:arguments|parameters|values|items|fields|characters|columns|elements|keys))\b|exceeds? (?:the )?(?:[\w-]+ ){0,3}?(?:maximum|max|limit)\b|not provided\b|must (?:also )?be (?:specified|provided|set|given|present)\b|(?:does not|doesn't|do not|don't) match (?:the )?(?:one|value|key|id)s? (?:specified|given|provided|passed|sent)\b|\b(?:available|active|valid|supported|allowed|known|existing) (?:[\w-]+ )?(?:options|values|choices|connections|names|types|keys|fields|formats|modes|ids|models|regions|locations|projects|accounts)(?: are| is| include)?:[ \t]*[\w"'`\[]|no (?:[\w-]+ ){1,3}?(?:was |were )?(?:provided|specified|given)\b|parsing failed\b|\bexpected\b[^\n]{1,80}\bbut\b[^\n]{1,60}\b(?:found|got|received)\b|value expected\b|\bno [\w-]{1,30} (?:is )?available for (?:this|the|that) [\w-]{1,30}\b|undefined (?:function|variable|symbol|reference)\b|does not match any\b|no (?:element|elements|node|nodes|match) found\b|is not an? <?[\w-]{1,40}>? element\b|must be of type\b|illegal (?:return|character|argument|value|expression|statement|token)\b|type mismatch\b|does not support\b|not (?:currently|yet) supported\b|supports? (?:a |up to a |only a )?maximum of\b|(?:a )?maximum of \d{1,9} [\w-]{1,30} (?:is|are) (?:allowed|supported|permitted)\b|confirmation (?:is )?required\b|set [\w.-]{1,40}:? ?true to (?:proceed|confirm|continue)\b|set the (?:query |request )?(?:parameter|argument|option|field) [\w.-]{1,60} to\b|(?:cannot|can't|must not|may not|should not) contain\b|this tool is (?:only )?for [^.\n]{1,60}\bonly\b|examples of valid [\w -]{1,30}:|no matches for kind\b|did not find expected\b|error converting yaml\b|only accepts?\b|\w*ValidationError\b|(?:is )?not processable\b|\bunprocessable\b|(?:use|call|run|invoke) ['"`]?[\w.-]{1,40}['"`]? (?:tool |command )?first\b|\bfirst (?:using|with|via|by (?:calling|running|using)) (?:the )?['"`]?[\w.-]{1,40}['"`]?(?: tool| command)?\b|\b(?:use|pass|set) ['"`]?(?:force|overwrite|replace|reindex)['"`]?(?:[ \t]*[=:][ \t]*|[ \t]+to[ \t]+)['"`]?true\b|(?:has|have) been (?:modified|changed|updated) (?:since|by another|elsewhere)|(?:has|have) been modified\b[^\n]{0,80}\bexpected\b|\b(?:version|revision|etag|hash) (?:mismatch|conflict)\b|\bstale (?:version|revision|hash|etag|blob|data|copy)\b|\bprecondition failed\b)/i,
    "validation",
  ],
  // A server that says its own internal error is transient, and that a retry should solve it (BigQuery's
  // "… usually caused by a transient issue. Retrying the job with back-off … should solve the problem").
  [
    /\b(?:caused by|due to) a (?:transient|temporary) (?:issue|error|failure|problem)\b|\bretrying (?:the (?:job|request|operation) )?(?:with (?:exponential )?back-?off )?[\w ]{0,40}?should (?:solve|fix|resolve)\b/i,
    "transient",
  ],
  // A server that says its own error was internal, whatever it advises ("… please try again later"). Not an MCP
  // server's label for whatever its tool failed with ("[Heroku MCP Server Error] … Couldn't find that app").
  [
    /\binternal (?:server )?error\b|(?<!\bMCP[ \t])\b(?:api )?server error\b|\bserver[- ]side (?:error|failure)\b|\bunexpected error\b|\ban unknown error (?:has )?occurred\b|\ban (?:unexpected |internal )?error (?:has )?occurred(?:[.!]|$)|\bgeneral error\b|\bsystem error\b|\bcheck the server logs?\b|\bcritical error\b|服务器内部错误|内部错误/i,
    "internal",
  ],
  [
    /\b((?:unable to|could not|couldn't) fetch data\b|query execution was interrupted|crashloopbackoff|is waiting to start|currently unable to handle the request|(?:temporary|temporarily) overload(?:ed)?|\boverloaded\b|max_(?:statement|execution)_time exceeded|(?:another|an) operation is already in progress|already in progress\b|(?:unable to|could not|couldn't|failed to) (?:reach|contact)\b|(?:could not|couldn't|cannot|can't) be (?:reached|contacted)\b|(?:is|are|was|were) (?:not |un)reachable\b|no response (?:from|received)\b|backend error|please try again\b|circuit[ -]?breaker (?:is )?open|timed? ?out|timeout|service unavailable|temporarily unavailable|(?:service|server|api|backend|site) is (?:currently |temporarily )?unavailable|connection (refused|reset|closed|error)|connect ?error|connection (attempts? )?failed|(could not|couldn't|unable to|failed to) connect|econnrefused|econnreset|etimedout|enotfound|eai_again|ehostunreach|getaddrinfo|fetch failed|network request failed|could not resolve host|network (error|unreachable)|max retries exceeded|deadline (?:\(\d{1,9} ?m?s\) )?exceeded|no healthy upstream|(down|offline) for maintenance|under maintenance|(?:scheduled|planned) maintenance|maintenance mode|briefly unavailable|network connectivity|bad gateway|gateway timeout|upstream (?:error|timeout|timed out|unavailable|unreachable|connect\w*|failure|failed|(?:is|was) down|not responding)|try again later|retry later|not (?:ready|finali[sz]ed|processed|indexed) yet|socket hang up|all (?:sources|providers|backends|upstreams|mirrors|endpoints|registries) failed|connection (was )?lost|not connected|(?:is|are|went|has gone|is currently) (?:down|offline)\b|(request|operation) (was )?aborted|aborted a request|(?:failed|unable) to complete (?:the |your |an? )?(?:api |http |network |upstream )?request|(?:failed to|did not|didn't) (?:complete|finish|respond) (?:in|within|after) \d{1,9} ?(?:ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?)\b|FetchError|no active (?:[\w-]+ ){0,3}connection|HTTP(?: status)? 0(?![.\d]))\b/i,
    "transient",
  ],
  [
    /\b(internal (server )?error|unexpected error|unhandled exception|uncaught exception|panic|segmentation fault|null ?pointer|cannot read propert(y|ies)|undefined is not)\b/i,
    "internal",
  ],
];

/**
 * The reason after the generic labels a failure opens with: "Access denied: Calendar usage limits
 * exceeded." is about the limit, "Internal error: Event … not found" about the event; a framework's line
 * over what was thrown ("[CONVEX M(leads:move)] Server Error\nUncaught Error: Lead not found"), about the lead.
 */
export function reasonAfterLabels(words: string): string {
  return words.replace(
    /^(?:[ \t]*(?:MCP error[ \t]+-?\d{1,6}|internal (?:server )?error|access denied|error|request failed)[ \t]*:[ \t]*(?=\S)|(?:\[[^\]\n]{1,120}\][ \t]*){0,3}server error[ \t]*\r?\n\s*(?=\S))+/i,
    "",
  );
}

/** The strong rules on the reason after any labels, then on the whole text. */
export function strongRule(words: string): Category | undefined {
  const reason = reasonAfterLabels(words);
  return (
    (reason !== words ? firstRule(STRONG_TEXT_RULES, reason) : undefined) ??
    firstRule(STRONG_TEXT_RULES, words)
  );
}

/** The weak rules and a missing resource, on the reason after any labels first. */
export function weakRule(words: string): Category | undefined {
  const reason = reasonAfterLabels(words);
  const read = (sample: string) =>
    firstRule(WEAK_TEXT_RULES, sample) ?? (MISSING_RESOURCE.test(sample) ? "validation" : undefined);
  return (reason !== words ? read(reason) : undefined) ?? read(words);
}

/**
 * The words of a text up to where it starts guessing or documenting, URLs masked (a path such as /acme/legacy-billing/… is not the word "billing").
 */
export function wordsOf(text: string): string {
  const scan = withoutUsage(withoutSpeculation(scanWindow(text)));
  return scan.includes("://") ? scan.replace(/\bhttps?:\/\/[^\s"'<>]{1,2000}/g, "<url>") : scan;
}

function withoutUsage(text: string): string {
  const synopsis = USAGE_SYNOPSIS.exec(text);
  if (!synopsis) return text;
  const rest = text.slice(synopsis.index + synopsis[0].length);
  const end = rest.search(/\r?\n|\\n/);
  return end < 0 ? text : text.slice(0, synopsis.index + synopsis[0].length + end);
}

/**
 * A failure's words up to where it starts guessing: "… This could be due to: the type does not
 * exist, the token lacks permissions, …" lists every cause it might be, so none of them is read.
 */
export const SPECULATION =
  /\b(?:this|it|which) (?:could|may|might) (?:be|have been) (?:due to|because of|caused by)\b|\bpossible (?:causes|reasons) (?:are|include)\b|\b(?:the )?(?:issue|problem|cause|error) (?:may|might|could) be one of the following\b/i;

export function withoutSpeculation(text: string): string {
  const at = text.search(SPECULATION);
  return at > 0 ? text.slice(0, at) : text;
}

export function firstRule(rules: [RegExp, Category][], sample: string): Category | undefined {
  for (const [pattern, category] of rules) if (pattern.test(sample)) return category;
  return undefined;
}

/**
 * A resource the caller named does not exist ("Table 'user' does not exist", "No such customer",
 * a 404): the input was wrong — for a silent failure and an isError result alike.
 */
export const MISSING_RESOURCE = new RegExp(
  String.raw`\b(not found\b|(does not|doesn't|did not|do not) exist|(?<!\b(?:may|might|could) )not exists?\b|(?:does not|doesn't) have (?:an? |the |any )?(?:[\w-]+ )?(?:market|symbol|trading pair|pair|field|property|column|attribute|key|entry|record|item|member|element|format|edition|version)s?\b|not a (?:[\w-]+ )?(?:repository|directory|file|contract)\b|did not match any\b|no such [\w-]+|(could not|couldn't|cannot|can't|unable to) (find|locate)\b|(?:could not|couldn't|cannot|can't) be (?:found|located)\b|no (?:[\w.-]+ ){1,3}?(?:was |were )?found\b|no (?:[\w-]+ )?(?:results?|matches) (?:available|found|returned)\b|could not resolve (?!host)|unable to resolve (?:[\w-]+ ){0,2}['"‘“]|there is no [\w-]+ (?:with the name|named|called)\b|(?:isn't|is not) an? [\w-]+ in (?:the|this|your) (?:[\w"'-]+ )?(?:vault|account|workspace|project|organi[sz]ation|team|folder|directory|repository|database|list|collection|space)\b|no (?:[\w-]+ ){1,3}?(?:with|named|called) [^\n]{1,120}? exists?\b|there is no (?:resource|record|object|item|entity|entry) (?:of type|with|named)\b)|不存在|未找到|找不到|${NOT_FOUND_ELSEWHERE.source}`,
  "i",
);
