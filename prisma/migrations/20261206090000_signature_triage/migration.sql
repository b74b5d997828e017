-- Triage on failure signatures: who is on it, the issue that tracks its fix, what the team said
-- about it, and which signatures are one problem.
--
-- `assignee_id`: a user who may see the project (cleared when the user is removed).
-- `linked_issue_url`: an http(s) URL, the issue in the team's tracker.
-- `merged_into`: this signature's calls — past and future — count in that signature of the same
-- project; its own counts stay as they are, so that an unmerge (setting it back to NULL) restores
-- it exactly. Never a chain: a signature merged into another has nothing merged into it.
ALTER TABLE "failure_signatures" ADD COLUMN "assignee_id" UUID REFERENCES "users" ("id") ON DELETE SET NULL;
ALTER TABLE "failure_signatures" ADD COLUMN "linked_issue_url" TEXT;
ALTER TABLE "failure_signatures" ADD COLUMN "merged_into" TEXT;
ALTER TABLE "failure_signatures" ADD CONSTRAINT "failure_signatures_not_merged_into_itself"
  CHECK ("merged_into" IS NULL OR "merged_into" <> "signature");
CREATE INDEX "failure_signatures_merged_into_idx" ON "failure_signatures" ("project_id", "merged_into")
  WHERE "merged_into" IS NOT NULL;
CREATE INDEX "failure_signatures_assignee_idx" ON "failure_signatures" ("assignee_id")
  WHERE "assignee_id" IS NOT NULL;

-- What the team said about a signature, in order. The author's e-mail is kept as written at the
-- time (a removed user's comments stay, with their address).
CREATE TABLE "signature_comments" (
  "project_id" UUID NOT NULL REFERENCES "projects" ("id") ON DELETE CASCADE,
  "signature" TEXT NOT NULL,
  "id" BIGSERIAL NOT NULL,
  "at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "author" TEXT NOT NULL,
  "body" TEXT NOT NULL CHECK (length("body") BETWEEN 1 AND 10000),
  PRIMARY KEY ("project_id", "signature", "id")
);

-- Where "Open an issue" goes for this project: a URL with {title} and {body} placeholders.
ALTER TABLE "projects" ADD COLUMN "issue_url_template" TEXT;

-- The history records every triage change, not only status moves: `kind` says which
-- (status | assignee | issue | merge | unmerge); `detail` says it in words.
ALTER TABLE "signature_events" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'status'
  CHECK ("kind" IN ('status', 'assignee', 'issue', 'merge', 'unmerge'));
