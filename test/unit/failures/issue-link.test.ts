import { describe, expect, it } from "vitest";
import {
  ISSUE_TEMPLATE_EXAMPLES,
  ISSUE_URL_MAX_CHARS,
  issueTemplateProblem,
  issueUrl,
  signatureIssue,
} from "../../../lib/failures/issue-link";

// "Open an issue": the tracker's new-issue URL with the signature's title and Markdown filled in.

const facts = {
  signature: "a1b2c3d4e5f6",
  server: "billing",
  tool: "charge",
  outcome: "tool_error",
  category: "rate_limited",
  errorCode: "HTTP_429",
  silentFailure: false,
  exampleText: "Too many requests ``` </details> [click](javascript:alert(1))",
  firstSeen: new Date("2026-12-01T10:00:00Z"),
  lastSeen: new Date("2026-12-06T10:00:00Z"),
  totalCalls: 1234,
  retryable: true,
};

describe("issue tracker templates", () => {
  it("takes each example tracker's template and refuses what is not an http(s) URL with {title}", () => {
    for (const template of Object.values(ISSUE_TEMPLATE_EXAMPLES))
      expect(issueTemplateProblem(template)).toBeNull();
    expect(issueTemplateProblem("javascript:alert(1)//{title}")).toMatch(/http or https/);
    expect(issueTemplateProblem("https://github.com/o/r/issues/new")).toMatch(/\{title\}/);
    expect(issueTemplateProblem("not a url {title}")).toMatch(/absolute/);
  });

  it("fills the title and body URL-encoded, as GitHub reads them back", () => {
    const issue = signatureIssue(facts, "https://faultline.example/failures/a1b2c3d4e5f6");
    const url = new URL(issueUrl(ISSUE_TEMPLATE_EXAMPLES.GitHub, issue));
    expect(url.searchParams.get("title")).toBe(issue.title);
    expect(url.searchParams.get("body")).toBe(issue.body);
    expect(issue.title).toBe(
      "billing/charge: HTTP_429 — Too many requests ``` </details> [click](javascript:alert(1))",
    );
    expect(issue.body).toContain("https://faultline.example/failures/a1b2c3d4e5f6");
    expect(issue.body).toContain("| Calls | 1,234");
    expect(issue.body).toContain("Next step (Faultline's advice):");
  });

  it("keeps what the tool said inside a code block it cannot close", () => {
    const { body } = signatureIssue(facts, "/failures/x");
    const fence = /\n(`{4,})text\n/.exec(body)![1]!;
    expect(fence.length).toBeGreaterThan(3);
    const inside = body.slice(body.indexOf(`${fence}text\n`) + fence.length + 5);
    expect(inside.indexOf(`\n${fence}`)).toBe(facts.exampleText.length);
  });

  it("cuts a long body so that the link still opens, and says so", () => {
    const long = signatureIssue({ ...facts, exampleText: "é ".repeat(20_000) }, "/failures/x");
    const url = issueUrl(ISSUE_TEMPLATE_EXAMPLES.GitLab, long);
    expect(url.length).toBeLessThanOrEqual(ISSUE_URL_MAX_CHARS);
    expect(new URL(url).searchParams.get("issue[description]")).toContain("cut to fit a link");
    expect(new URL(url).searchParams.get("issue[title]")).toBe(long.title);
  });
});
