// Names as the classifier compares them: tool names and machine codes, in snake_case.

/** "getCurrentUser", "AccessDeniedException", "invalid-jwt" → "get_current_user", "access_denied_exception", "invalid_jwt". */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
}

/** A tool's own name, without its namespace ("github__get_me", "github.me", "crm/getUser" → "get_me", "me", "get_user"). */
export function toolBaseName(tool: string): string {
  return snakeCase(tool.split(/__|\.|\//).pop() ?? tool);
}
