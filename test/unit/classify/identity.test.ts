import { describe, expect, it } from "vitest";
import { isIdentityTool } from "@/lib/classify/identity";

describe("identity tools", () => {
  it.each([
    "me",
    "viewer",
    "whoami",
    "who_am_i",
    "get_current_user",
    "getCurrentUser",
    "manage__whoami",
    "github.me",
    "get_me",
    "userinfo",
  ])("%s is an identity tool", (tool) => expect(isIdentityTool(tool)).toBe(true));
  it.each(["get_user", "list_users", "memo", "viewer_settings", "meeting", "reviewer", null])(
    "%s is not",
    (tool) => expect(isIdentityTool(tool)).toBe(false),
  );
});
