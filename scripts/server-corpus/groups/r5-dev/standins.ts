// Loopback stand-ins for the APIs behind this group's servers: the Terraform Registry (v1/v2),
// Jira Cloud and Confluence Cloud REST (one Atlassian site), and Bitbucket Server/Data Center REST
// 1.0. Each answers like the real API, with its real error bodies. A step can queue an override
// (a status, a body, headers, a delay) for the next request whose path matches, or stop the whole
// stand-in to make its backend unreachable.

import fs from "node:fs";
import http from "node:http";
import path from "node:path";

export const DATA = "/tmp/faultline-corpus-r5-dev";
export const PORTS = { terraform: 38500, atlassian: 38501, bitbucket: 38503, kubernetes: 38510 } as const;

interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
}

interface Override extends Answer {
  match: RegExp;
}

type Route = (method: string, url: URL, body: string, auth: string) => Answer;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Answer {
  return { status, body, headers };
}

export class StandIn {
  private server: http.Server | undefined;
  private overrides: Override[] = [];
  constructor(
    readonly name: string,
    readonly port: number,
    private readonly route: Route,
  ) {}

  /** The next request whose path (with query) matches answers this instead. */
  once(match: RegExp, answer: Answer) {
    this.overrides.push({ match, ...answer });
  }

  clear() {
    this.overrides = [];
  }

  async start() {
    if (this.server) return;
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const url = new URL(req.url ?? "/", `http://127.0.0.1:${this.port}`);
        const target = url.pathname + url.search;
        const at = this.overrides.findIndex((o) => o.match.test(target));
        const answer =
          at >= 0
            ? this.overrides.splice(at, 1)[0]!
            : this.route(req.method ?? "GET", url, body, req.headers.authorization ?? "");
        fs.appendFileSync(
          path.join(DATA, "standins.log"),
          `${new Date().toISOString()} ${this.name} ${req.method} ${target} -> ${answer.status}\n`,
        );
        const send = () => {
          if (res.destroyed) return;
          const text =
            answer.body === undefined
              ? ""
              : typeof answer.body === "string"
                ? answer.body
                : JSON.stringify(answer.body);
          const type =
            typeof answer.body === "string" && !answer.headers?.["content-type"]
              ? "text/plain;charset=UTF-8"
              : "application/json;charset=UTF-8";
          res.writeHead(answer.status, { "content-type": type, ...answer.headers });
          res.end(text);
        };
        if (answer.delayMs) setTimeout(send, answer.delayMs);
        else send();
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.server = server;
  }

  async stop() {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

// ---------------------------------------------------------------- Terraform Registry

const TF_VERSIONS = [
  {
    type: "provider-versions",
    id: "71021",
    attributes: { version: "5.80.0", "published-at": "2024-12-05T20:32:10Z" },
  },
  {
    type: "provider-versions",
    id: "70544",
    attributes: { version: "5.79.0", "published-at": "2024-11-26T21:05:41Z" },
  },
];

const TF_DOCS: Record<string, { title: string; category: string; slug: string; content: string }> = {
  "8110101": {
    title: "instance",
    category: "resources",
    slug: "instance",
    content:
      '---\nsubcategory: "EC2 (Elastic Compute Cloud)"\n---\n\n# Resource: aws_instance\n\nProvides an EC2 instance resource.\n\n## Example Usage\n\n```terraform\nresource "aws_instance" "web" {\n  ami           = "ami-0c55b159cbfafe1f0"\n  instance_type = "t3.micro"\n}\n```\n\n## Argument Reference\n\n* `ami` - (Optional) AMI to use for the instance.\n* `instance_type` - (Optional) Instance type to use for the instance.\n\n## Attribute Reference\n\n* `arn` - ARN of the instance.\n* `id` - ID of the instance.\n',
  },
  "8110201": {
    title: "ami",
    category: "data-sources",
    slug: "ami",
    content: "# Data Source: aws_ami\n\nUse this data source to get the ID of a registered AMI.\n",
  },
  "8110202": {
    title: "vpc",
    category: "data-sources",
    slug: "vpc",
    content: "# Data Source: aws_vpc\n\nProvides details about a specific VPC.\n",
  },
  "8110301": {
    title: "arn_parse",
    category: "functions",
    slug: "arn_parse",
    content:
      '---\nsubcategory: ""\nlayout: "aws"\npage_title: "AWS: arn_parse"\ndescription: |-\n  Parses an ARN into its constituent parts.\n---\n\n# Function: arn_parse\n\nParses an ARN into its constituent parts.\n\n## Example Usage\n\n```terraform\noutput "example" {\n  value = provider::aws::arn_parse("arn:aws:iam::444455556666:role/example")\n}\n```\n\n## Signature\n\n```text\narn_parse(arn string) object\n```\n',
  },
};

const terraformRoute: Route = (method, url) => {
  const p = url.pathname;
  let m = /^\/v1\/modules\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(p);
  if (m) {
    if (m[1] === "terraform-aws-modules" && m[2] === "vpc" && m[3] === "aws")
      return json(200, {
        id: "terraform-aws-modules/vpc/aws/5.16.0",
        owner: "antonbabenko",
        namespace: "terraform-aws-modules",
        name: "vpc",
        version: "5.16.0",
        provider: "aws",
        provider_logo_url: "/images/providers/aws.png",
        description: "Terraform module to create AWS VPC resources 🇺🇦",
        source: "https://github.com/terraform-aws-modules/terraform-aws-vpc",
        tag: "v5.16.0",
        published_at: "2024-11-15T16:44:49.126232Z",
        downloads: 131405827,
        verified: false,
        root: {
          path: "",
          name: "vpc",
          readme: "# AWS VPC Terraform module\n",
          empty: false,
          inputs: [
            {
              name: "cidr",
              type: "string",
              description: "The IPv4 CIDR block for the VPC.",
              default: '"10.0.0.0/16"',
              required: false,
            },
            {
              name: "azs",
              type: "list(string)",
              description: "A list of availability zones names or ids in the region",
              default: "[]",
              required: false,
            },
          ],
          outputs: [{ name: "vpc_id", description: "The ID of the VPC" }],
          dependencies: [],
          provider_dependencies: [
            { name: "aws", namespace: "hashicorp", source: "hashicorp/aws", version: ">= 5.46" },
          ],
          resources: [{ name: "this", type: "aws_vpc" }],
        },
        submodules: [],
        examples: [],
        providers: ["aws"],
        versions: ["5.16.0", "5.15.0", "5.14.0"],
      });
    return json(404, { errors: ["Not Found"] });
  }
  m = /^\/v2\/providers\/([^/]+)\/([^/]+)$/.exec(p);
  if (m) {
    if (m[1] === "hashicorp" && (m[2] === "aws" || m[2] === "null"))
      return json(200, {
        data: {
          type: "providers",
          id: m[2] === "aws" ? "323" : "1801",
          attributes: {
            alias: m[2],
            description: `terraform-provider-${m[2]}`,
            downloads: 3605431522,
            "full-name": `hashicorp/${m[2]}`,
            name: m[2],
            namespace: "hashicorp",
            source: `https://github.com/hashicorp/terraform-provider-${m[2]}`,
            tier: "official",
          },
        },
        included:
          m[2] === "aws"
            ? TF_VERSIONS
            : [
                {
                  type: "provider-versions",
                  id: "65000",
                  attributes: { version: "3.2.3", "published-at": "2024-09-11T15:32:37Z" },
                },
              ],
      });
    return json(404, { errors: [{ status: "404", title: "not found" }] });
  }
  if (p === "/v2/provider-docs") {
    const version = url.searchParams.get("filter[provider-version]");
    const category = url.searchParams.get("filter[category]");
    const slug = url.searchParams.get("filter[slug]");
    const docs = Object.entries(TF_DOCS)
      .filter(
        ([, d]) =>
          (version === "71021" || version === "67250") &&
          d.category === category &&
          (!slug || d.slug === slug || `aws_${d.slug}` === slug),
      )
      .map(([id, d]) => ({
        type: "provider-docs",
        id,
        attributes: {
          category: d.category,
          language: "hcl",
          path: `website/docs/${d.slug}.html.markdown`,
          slug: d.slug,
          subcategory: "EC2",
          title: d.title,
          truncated: false,
        },
        links: { self: `/v2/provider-docs/${id}` },
      }));
    return json(200, {
      data: docs,
      links: { first: url.pathname, last: url.pathname, next: null, prev: null },
    });
  }
  m = /^\/v2\/provider-docs\/(\d+)$/.exec(p);
  if (m) {
    const doc = TF_DOCS[m[1]!];
    if (!doc) return json(404, { errors: [{ status: "404", title: "not found" }] });
    return json(200, {
      data: {
        type: "provider-docs",
        id: m[1],
        attributes: {
          category: doc.category,
          content: doc.content,
          language: "hcl",
          path: "",
          slug: doc.slug,
          subcategory: "EC2",
          title: doc.title,
          truncated: false,
        },
        links: { self: `/v2/provider-docs/${m[1]}` },
      },
    });
  }
  m = /^\/v2\/policies\/([^/]+)\/([^/]+)$/.exec(p);
  if (m) {
    if (m[1] === "Great-Stone" && m[2] === "vault-aws-secret-type")
      return json(200, {
        data: {
          type: "policy-libraries",
          id: "51",
          attributes: {
            downloads: 2270,
            "full-name": "Great-Stone/vault-aws-secret-type",
            ingress: "vcs",
            name: "vault-aws-secret-type",
            namespace: "Great-Stone",
            "owner-name": "Great-Stone",
            source: "https://github.com/Great-Stone/vault-aws-secret-type",
            title: "vault-aws-secret-type",
            verified: false,
          },
          relationships: { "latest-version": { data: { type: "policy-library-versions", id: "196" } } },
        },
        included: [
          {
            type: "policy-library-versions",
            id: "196",
            attributes: {
              description: "Sentinel policies for the Vault AWS secrets engine",
              downloads: 1200,
              "published-at": "2023-02-01T01:22:10Z",
              readme: "# vault-aws-secret-type\n",
              source: "",
              tag: "v0.1.2",
              version: "0.1.2",
              policies: [
                {
                  name: "allowed-credential-type",
                  shortName: "allowed-credential-type",
                  description: "Only iam_user credentials",
                  enforcementLevel: "advisory",
                },
              ],
            },
          },
        ],
      });
    return json(404, { errors: [{ status: "404", title: "not found" }] });
  }
  return json(404, { errors: ["Not Found"] });
};

// ---------------------------------------------------------------- Jira Cloud + Confluence Cloud

const SITE = `http://127.0.0.1:${PORTS.atlassian}`;

function adf(text: string) {
  return { type: "doc", version: 1, content: [{ type: "paragraph", content: [{ type: "text", text }] }] };
}

const JIRA_ISSUES: Record<
  string,
  { id: string; summary: string; status: string; type: string; description: string }
> = {
  "DEV-101": {
    id: "10101",
    summary: "Webhook retries double-count failures",
    status: "In Progress",
    type: "Bug",
    description: "Retries after a 503 are counted twice on the dashboard.",
  },
  "DEV-102": {
    id: "10102",
    summary: "Add Bitbucket Server to the server corpus",
    status: "To Do",
    type: "Task",
    description: "Capture real calls through a stand-in.",
  },
  "DEV-103": {
    id: "10103",
    summary: "Classifier epic",
    status: "To Do",
    type: "Epic",
    description: "All classifier work.",
  },
};

function jiraUser() {
  return {
    self: `${SITE}/rest/api/3/user?accountId=5b10a2844c20165700ede21g`,
    accountId: "5b10a2844c20165700ede21g",
    accountType: "atlassian",
    emailAddress: "dev@r5-dev.example",
    displayName: "Dana Dev",
    active: true,
    timeZone: "Europe/Berlin",
    locale: "en_US",
  };
}

function jiraIssue(key: string) {
  const i = JIRA_ISSUES[key]!;
  return {
    expand: "renderedFields,names,schema,operations,editmeta,changelog,versionedRepresentations",
    id: i.id,
    self: `${SITE}/rest/api/3/issue/${i.id}`,
    key,
    fields: {
      summary: i.summary,
      description: adf(i.description),
      status: {
        self: `${SITE}/rest/api/3/status/3`,
        name: i.status,
        id: i.status === "To Do" ? "10000" : "3",
        statusCategory: { key: i.status === "To Do" ? "new" : "indeterminate", name: i.status },
      },
      issuetype: { id: i.type === "Bug" ? "10004" : "10002", name: i.type, subtask: false },
      project: { id: "10000", key: "DEV", name: "Developer Tools" },
      priority: { name: "Medium", id: "3" },
      assignee: jiraUser(),
      reporter: jiraUser(),
      created: "2026-11-30T09:12:44.117+0100",
      updated: "2026-12-04T16:03:10.502+0100",
      labels: ["corpus"],
      subtasks: [],
      issuelinks: [],
      parent:
        key === "DEV-103"
          ? undefined
          : { id: "10103", key: "DEV-103", fields: { summary: "Classifier epic" } },
      customfield_10014: null,
      comment: { comments: [], maxResults: 0, total: 0, startAt: 0 },
      worklog: { worklogs: [], maxResults: 20, total: 0, startAt: 0 },
      timetracking: {},
    },
    renderedFields: { description: `<p>${i.description}</p>` },
    names: { summary: "Summary", description: "Description", status: "Status" },
  };
}

const notFoundIssue = {
  errorMessages: ["Issue does not exist or you do not have permission to see it."],
  errors: {},
};

function jqlAnswer(jql: string): Answer {
  const trimmed = jql.trim();
  if (/\b(AND|OR)\s*$/i.test(trimmed))
    return json(400, {
      errorMessages: [
        `Error in the JQL Query: Expecting a field name but got the end of the query. The query you provided was: ${trimmed} (line 1, character ${trimmed.length + 1})`,
      ],
      errors: {},
      warningMessages: [],
    });
  const field = /^\s*(\w+)\s*[=~]/.exec(trimmed)?.[1]?.toLowerCase();
  if (
    field &&
    ![
      "project",
      "status",
      "assignee",
      "text",
      "summary",
      "reporter",
      "creator",
      "key",
      "issuetype",
      "sprint",
    ].includes(field)
  )
    return json(400, {
      errorMessages: [`Field '${field}' does not exist or you do not have permission to view it.`],
      errors: {},
      warningMessages: [],
    });
  const project = /project\s*=\s*"?(\w+)"?/i.exec(trimmed)?.[1]?.toUpperCase();
  if (project && project !== "DEV")
    return json(400, {
      errorMessages: [`The value '${project}' does not exist for the field 'project'.`],
      errors: {},
      warningMessages: [],
    });
  const text = /(?:text|summary)\s*~\s*"([^"]*)"/i.exec(trimmed)?.[1]?.toLowerCase();
  const keys = Object.keys(JIRA_ISSUES).filter(
    (k) => !text || JIRA_ISSUES[k]!.summary.toLowerCase().includes(text),
  );
  return json(200, {
    expand: "names,schema",
    startAt: 0,
    maxResults: 50,
    total: keys.length,
    issues: keys.map(jiraIssue),
    isLast: true,
  });
}

const CONF_PAGES = [
  {
    id: "65601",
    title: "Runbook: webhook sink",
    space: "OPS",
    body: "<p>Restart the sink with <code>systemctl restart sink</code>.</p>",
  },
  { id: "65602", title: "Release checklist", space: "OPS", body: "<p>Tag, build, publish.</p>" },
];

function confPage(p: (typeof CONF_PAGES)[number]) {
  return {
    id: p.id,
    type: "page",
    status: "current",
    title: p.title,
    space: { id: 98305, key: p.space, name: "Operations", type: "global", status: "current" },
    version: {
      by: { type: "known", accountId: "5b10a2844c20165700ede21g", displayName: "Dana Dev" },
      when: "2026-12-01T10:00:00.000Z",
      number: 4,
      minorEdit: false,
    },
    body: { storage: { value: p.body, representation: "storage" } },
    _links: { webui: `/spaces/${p.space}/pages/${p.id}`, self: `${SITE}/wiki/rest/api/content/${p.id}` },
  };
}

function confNotFound(message: string) {
  return json(404, {
    statusCode: 404,
    data: { authorized: true, valid: true, errors: [], successful: true },
    message,
  });
}

const atlassianRoute: Route = (method, url, body, auth) => {
  const p = url.pathname;
  if (!auth.startsWith("Basic "))
    return {
      status: 401,
      body: "Client must be authenticated to access this resource.",
      headers: { "content-type": "text/html;charset=UTF-8" },
    };
  // Jira
  if (p === "/rest/api/3/myself") return json(200, jiraUser());
  if (p === "/rest/api/3/project/search" || p === "/rest/api/3/project") {
    const projects = [
      {
        expand: "description,lead,issueTypes,url,projectKeys,permissions,insight",
        self: `${SITE}/rest/api/3/project/10000`,
        id: "10000",
        key: "DEV",
        name: "Developer Tools",
        projectTypeKey: "software",
        simplified: false,
        style: "classic",
        isPrivate: false,
      },
    ];
    return p.endsWith("/search")
      ? json(200, { self: url.href, maxResults: 50, startAt: 0, total: 1, isLast: true, values: projects })
      : json(200, projects);
  }
  if (p === "/rest/api/3/search/jql" || p === "/rest/api/3/search") {
    let jql = url.searchParams.get("jql") ?? "";
    if (method === "POST") {
      try {
        jql = (JSON.parse(body) as { jql?: string }).jql ?? "";
      } catch {
        return json(400, { errorMessages: ["Unexpected character in request body."], errors: {} });
      }
    }
    return jqlAnswer(jql);
  }
  let m = /^\/rest\/api\/3\/issue\/([^/]+)(\/(comment|transitions))?$/.exec(p);
  if (m) {
    const key = decodeURIComponent(m[1]!).toUpperCase();
    const issue = JIRA_ISSUES[key] ? key : Object.keys(JIRA_ISSUES).find((k) => JIRA_ISSUES[k]!.id === key);
    if (!issue) return json(404, notFoundIssue);
    if (m[3] === "comment") {
      if (method === "POST") {
        let text = "";
        try {
          text = JSON.stringify(JSON.parse(body));
        } catch {
          /* empty */
        }
        if (!text.includes("text"))
          return json(400, { errorMessages: [], errors: { comment: "Comment body can not be empty!" } });
        return json(201, {
          self: `${SITE}/rest/api/3/issue/${JIRA_ISSUES[issue]!.id}/comment/10200`,
          id: "10200",
          author: jiraUser(),
          body: JSON.parse(body).body ?? adf(""),
          created: "2026-12-05T22:40:00.000+0000",
          updated: "2026-12-05T22:40:00.000+0000",
          jsdPublic: true,
        });
      }
      return json(200, {
        startAt: 0,
        maxResults: 5000,
        total: issue === "DEV-101" ? 1 : 0,
        comments:
          issue === "DEV-101"
            ? [
                {
                  id: "10150",
                  author: jiraUser(),
                  body: adf("Seen again after the 2026-12-03 deploy."),
                  created: "2026-12-03T11:00:00.000+0100",
                  updated: "2026-12-03T11:00:00.000+0100",
                },
              ]
            : [],
      });
    }
    if (m[3] === "transitions") {
      if (method === "POST") {
        const id = (JSON.parse(body || "{}") as { transition?: { id?: string } }).transition?.id;
        if (!["11", "21", "31"].includes(id ?? ""))
          return json(400, {
            errorMessages: [`Transition id '${id}' is not valid for this issue.`],
            errors: {},
          });
        return { status: 204 };
      }
      return json(200, {
        expand: "transitions",
        transitions: [
          { id: "11", name: "To Do", to: { name: "To Do", id: "10000" }, hasScreen: false, isGlobal: true },
          {
            id: "21",
            name: "In Progress",
            to: { name: "In Progress", id: "3" },
            hasScreen: false,
            isGlobal: true,
          },
          { id: "31", name: "Done", to: { name: "Done", id: "10001" }, hasScreen: false, isGlobal: true },
        ],
      });
    }
    if (method === "PUT") return { status: 204 };
    return json(200, jiraIssue(issue));
  }
  if (p === "/rest/api/3/issue" && method === "POST") {
    const fields = ((JSON.parse(body || "{}") as { fields?: Record<string, unknown> }).fields ?? {}) as {
      project?: { key?: string };
      issuetype?: { name?: string };
      summary?: string;
    };
    const project = fields.project?.key;
    if (project === "LEGAL")
      return json(400, {
        errorMessages: [],
        errors: { project: "You do not have permission to create issues in this project." },
      });
    if (project !== "DEV")
      return json(400, { errorMessages: [], errors: { project: "valid project is required" } });
    if (!["Bug", "Task", "Story", "Epic"].includes(fields.issuetype?.name ?? ""))
      return json(400, { errorMessages: [], errors: { issuetype: "Specify a valid issue type" } });
    if (!fields.summary)
      return json(400, {
        errorMessages: [],
        errors: { summary: "You must specify a summary of the issue." },
      });
    return json(201, { id: "10104", key: "DEV-104", self: `${SITE}/rest/api/3/issue/10104` });
  }
  // Confluence
  m = /^\/wiki\/rest\/api\/space\/([^/]+)$/.exec(p);
  if (m) {
    if (m[1] === "OPS")
      return json(200, {
        id: 98305,
        key: "OPS",
        name: "Operations",
        type: "global",
        status: "current",
        description: { plain: { value: "Runbooks and checklists", representation: "plain" } },
        _links: { webui: "/spaces/OPS", self: `${SITE}/wiki/rest/api/space/OPS` },
      });
    return confNotFound(`No space with key : ${m[1]}`);
  }
  if (p === "/wiki/rest/api/space") {
    const type = url.searchParams.get("type");
    if (type && type !== "global" && type !== "personal")
      return json(400, {
        statusCode: 400,
        data: { authorized: true, valid: false, errors: [], successful: false },
        message: `com.atlassian.confluence.api.service.exceptions.BadRequestException: Unknown space type: ${type}`,
      });
    return json(200, {
      results: [{ id: 98305, key: "OPS", name: "Operations", type: "global", status: "current" }],
      start: 0,
      limit: 25,
      size: 1,
    });
  }
  if (p === "/wiki/rest/api/content/search" || p === "/wiki/rest/api/search") {
    const cql = url.searchParams.get("cql") ?? "";
    if (/\b(AND|OR)\s*$/i.test(cql.trim()) || /=\s*$/.test(cql.trim()))
      return json(400, {
        statusCode: 400,
        data: { authorized: true, valid: false, errors: [], successful: false },
        message: `com.atlassian.confluence.api.service.exceptions.BadRequestException: Could not parse cql : ${cql}`,
      });
    const text = /(?:text|title)\s*~\s*"([^"]*)"/i.exec(cql)?.[1]?.toLowerCase();
    const pages = CONF_PAGES.filter(
      (x) => !text || x.title.toLowerCase().includes(text) || x.body.toLowerCase().includes(text),
    );
    const results = p.endsWith("/content/search")
      ? pages.map(confPage)
      : pages.map((x) => ({
          content: confPage(x),
          title: x.title,
          excerpt: x.body.replace(/<[^>]+>/g, ""),
          url: `/spaces/${x.space}/pages/${x.id}`,
          entityType: "content",
          lastModified: "2026-12-01T10:00:00.000Z",
        }));
    return json(200, {
      results,
      start: 0,
      limit: 25,
      size: results.length,
      totalSize: results.length,
      cqlQuery: cql,
      searchDuration: 12,
      _links: { base: `${SITE}/wiki` },
    });
  }
  m = /^\/wiki\/rest\/api\/content\/([^/]+)$/.exec(p);
  if (m) {
    const page = CONF_PAGES.find((x) => x.id === m![1]);
    if (!page) return confNotFound(`No content found with id : ContentId{id=${m[1]}}`);
    return json(200, confPage(page));
  }
  return json(404, { errorMessages: ["null for uri: " + url.href], errors: {} });
};

// ---------------------------------------------------------------- Bitbucket Server / Data Center

const BB = `http://127.0.0.1:${PORTS.bitbucket}`;

function bbError(
  status: number,
  message: string,
  exceptionName: string,
  headers: Record<string, string> = {},
): Answer {
  return json(status, { errors: [{ context: null, message, exceptionName }] }, headers);
}

const bbProject = {
  key: "PLAT",
  id: 21,
  name: "Platform",
  description: "Platform services",
  public: false,
  type: "NORMAL",
  links: { self: [{ href: `${BB}/projects/PLAT` }] },
};
const bbRepo = (slug: string) => ({
  slug,
  id: slug === "sink" ? 301 : 302,
  name: slug,
  hierarchyId: "e3c939f9ef4a7fae272e",
  scmId: "git",
  state: "AVAILABLE",
  statusMessage: "Available",
  forkable: true,
  project: bbProject,
  public: false,
  archived: false,
  links: {
    clone: [{ href: `${BB}/scm/plat/${slug}.git`, name: "http" }],
    self: [{ href: `${BB}/projects/PLAT/repos/${slug}/browse` }],
  },
});
const bbUser = (name: string) => ({
  name,
  emailAddress: `${name}@r5-dev.example`,
  active: true,
  displayName: name === "dev" ? "Dana Dev" : "Robin Reviewer",
  id: name === "dev" ? 11 : 12,
  slug: name,
  type: "NORMAL",
});
const SHA1 = "8d51122def5632836d1cb1026e879069e10a1e13";
const SHA2 = "1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d";
const bbPage = (values: unknown[], extra: Record<string, unknown> = {}) => ({
  size: values.length,
  limit: 25,
  isLastPage: true,
  values,
  start: 0,
  ...extra,
});
const bbPr = {
  id: 42,
  version: 3,
  title: "Retry the sink on 503",
  description: "Backs off and retries when the sink answers 503.",
  state: "OPEN",
  open: true,
  closed: false,
  createdDate: 1764930000000,
  updatedDate: 1764940000000,
  fromRef: {
    id: "refs/heads/feature/retry",
    displayId: "feature/retry",
    latestCommit: SHA2,
    repository: bbRepo("sink"),
  },
  toRef: { id: "refs/heads/main", displayId: "main", latestCommit: SHA1, repository: bbRepo("sink") },
  locked: false,
  author: { user: bbUser("dev"), role: "AUTHOR", approved: false, status: "UNAPPROVED" },
  reviewers: [
    {
      user: bbUser("robin"),
      role: "REVIEWER",
      approved: false,
      status: "NEEDS_WORK",
      lastReviewedCommit: SHA2,
    },
  ],
  participants: [],
  properties: { mergeResult: { outcome: "CLEAN", current: true }, resolvedTaskCount: 0, openTaskCount: 1 },
  links: { self: [{ href: `${BB}/projects/PLAT/repos/sink/pull-requests/42` }] },
};
const FILE = [
  "import http from 'node:http';",
  "",
  "export function retry(times: number) {",
  "  // back off 250 ms, then 500 ms",
  "  return times * 250;",
  "}",
  "",
];

const bitbucketRoute: Route = (method, url) => {
  const p = url.pathname.replace(/\/+$/, "").replace(/^\/rest\/api\/latest\//, "/rest/api/1.0/");
  if (p === "/rest/api/1.0/projects") {
    const name = url.searchParams.get("name");
    return json(200, bbPage(name && !"platform".includes(name.toLowerCase()) ? [] : [bbProject]));
  }
  if (p === "/rest/api/1.0/repos") {
    const name = url.searchParams.get("name");
    const repos = ["sink", "dashboard"].filter((s) => !name || s.includes(name.toLowerCase()));
    return json(200, bbPage(repos.map(bbRepo)));
  }
  if (p === "/rest/api/1.0/application-properties")
    return json(200, {
      version: "8.19.1",
      buildNumber: "8019001",
      buildDate: "1727392861000",
      displayName: "Bitbucket",
    });
  const m = /^\/rest\/api\/1\.0\/projects\/([^/]+)(\/repos(\/([^/]+)(\/.*)?)?)?$/.exec(p);
  if (m) {
    const [, project, reposPart, , slug, rest] = m;
    if (project !== "PLAT")
      return bbError(
        404,
        `Project ${project} does not exist.`,
        "com.atlassian.bitbucket.project.NoSuchProjectException",
      );
    if (!reposPart) return json(200, bbProject);
    if (!slug) return json(200, bbPage(["sink", "dashboard"].map(bbRepo)));
    if (slug !== "sink" && slug !== "dashboard")
      return bbError(
        404,
        `Repository ${project}/${slug} does not exist.`,
        "com.atlassian.bitbucket.repository.NoSuchRepositoryException",
      );
    if (!rest) return json(200, bbRepo(slug));
    if (rest === "/branches") {
      const filter = url.searchParams.get("filterText") ?? "";
      const branches = [
        {
          id: "refs/heads/main",
          displayId: "main",
          type: "BRANCH",
          latestCommit: SHA1,
          latestChangeset: SHA1,
          isDefault: true,
        },
        {
          id: "refs/heads/feature/retry",
          displayId: "feature/retry",
          type: "BRANCH",
          latestCommit: SHA2,
          latestChangeset: SHA2,
          isDefault: false,
        },
      ].filter((b) => b.displayId.includes(filter));
      return json(200, bbPage(branches));
    }
    if (rest === "/branches/default")
      return json(200, {
        id: "refs/heads/main",
        displayId: "main",
        type: "BRANCH",
        latestCommit: SHA1,
        latestChangeset: SHA1,
        isDefault: true,
      });
    let r = /^\/pull-requests\/(\d+)(\/.*)?$/.exec(rest);
    if (r) {
      if (r[1] !== "42")
        return bbError(
          404,
          `Pull request ${r[1]} does not exist in ${project}/${slug}.`,
          "com.atlassian.bitbucket.pull.NoSuchPullRequestException",
        );
      if (!r[2]) return json(200, bbPr);
      if (r[2] === "/merge" && method === "POST")
        return bbError(
          409,
          "The pull request has 1 open task. Resolve all tasks before merging.",
          "com.atlassian.bitbucket.pull.PullRequestMergeVetoedException",
        );
      if (r[2] === "/merge")
        return json(200, {
          canMerge: false,
          conflicted: false,
          outcome: "CLEAN",
          vetoes: [
            {
              summaryMessage: "Not all required tasks are resolved",
              detailedMessage: "You cannot merge this pull request while it has incomplete tasks.",
            },
          ],
        });
      if (r[2] === "/activities" || r[2] === "/blocker-comments" || r[2] === "/comments" || r[2] === "/tasks")
        return json(200, bbPage([]));
      if (r[2] === "/changes")
        return json(
          200,
          bbPage(
            [
              {
                contentId: "abc",
                path: {
                  toString: "src/retry.ts",
                  name: "retry.ts",
                  extension: "ts",
                  components: ["src", "retry.ts"],
                },
                type: "MODIFY",
                nodeType: "FILE",
              },
            ],
            { fromHash: SHA2, toHash: SHA1 },
          ),
        );
      if (r[2] === "/diff")
        return json(200, { fromHash: SHA1, toHash: SHA2, contextLines: 10, whitespace: "SHOW", diffs: [] });
      if (r[2] === "/commits")
        return json(
          200,
          bbPage([
            {
              id: SHA2,
              displayId: SHA2.slice(0, 11),
              author: bbUser("dev"),
              authorTimestamp: 1764930000000,
              message: "Retry the sink on 503",
              parents: [{ id: SHA1 }],
            },
          ]),
        );
      return json(200, bbPage([]));
    }
    r = /^\/(raw|browse)(\/.*)?$/.exec(rest);
    if (r) {
      const file = (r[2] ?? "").replace(/^\//, "");
      if (file === "" || file === "src") {
        const children =
          file === ""
            ? [
                { path: { toString: "src", name: "src" }, type: "DIRECTORY" },
                { path: { toString: "README.md", name: "README.md" }, type: "FILE", size: 120 },
              ]
            : [{ path: { toString: "retry.ts", name: "retry.ts" }, type: "FILE", size: 140 }];
        return json(200, {
          path: { toString: file, components: file ? [file] : [] },
          revision: "refs/heads/main",
          children: bbPage(children),
        });
      }
      if (file === "docs")
        return json(200, {
          path: { toString: "docs", components: ["docs"] },
          revision: "refs/heads/main",
          children: bbPage([]),
        });
      if (file === "src/retry.ts") {
        if (r[1] === "raw")
          return {
            status: 200,
            body: FILE.join("\n"),
            headers: { "content-type": "text/plain;charset=UTF-8" },
          };
        return json(200, {
          lines: FILE.map((text) => ({ text })),
          start: 0,
          size: FILE.length,
          isLastPage: true,
        });
      }
      return bbError(
        404,
        `The path "${file}" does not exist at revision "refs/heads/main"`,
        "com.atlassian.bitbucket.content.NoSuchPathException",
      );
    }
    if (rest === "/commits" || rest.startsWith("/commits"))
      return json(
        200,
        bbPage([
          {
            id: SHA1,
            displayId: SHA1.slice(0, 11),
            author: bbUser("dev"),
            authorTimestamp: 1764920000000,
            message: "Initial commit",
            parents: [],
          },
        ]),
      );
    if (rest === "/pull-requests")
      return json(200, bbPage(url.searchParams.get("state") === "DECLINED" ? [] : [bbPr]));
    return json(200, bbPage([]));
  }
  if (p.startsWith("/rest/search/latest/search"))
    return json(200, {
      scope: { type: "GLOBAL" },
      code: { category: "primary", isLastPage: true, count: 0, start: 0, nextStart: 0, values: [] },
      query: { substituted: false },
    });
  if (p === "/rest/api/1.0/dashboard/pull-requests" || p === "/rest/api/1.0/inbox/pull-requests")
    return json(200, bbPage([bbPr]));
  return bbError(404, `Not found: ${p}`, "com.atlassian.bitbucket.NoSuchEntityException");
};

// ---------------------------------------------------------------- Kubernetes API server

function k8sStatus(code: number, reason: string, message: string, details?: Record<string, unknown>): Answer {
  return json(code, {
    kind: "Status",
    apiVersion: "v1",
    metadata: {},
    status: "Failure",
    message,
    reason,
    ...(details ? { details } : {}),
    code,
  });
}

const res = (name: string, kind: string, namespaced: boolean, verbs: string[], shortNames?: string[]) => ({
  name,
  singularName: name.includes("/") ? "" : kind.toLowerCase(),
  namespaced,
  kind,
  verbs,
  ...(shortNames ? { shortNames } : {}),
});
const READ = ["get", "list", "watch"];
const ALL = ["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"];

function k8sPod(ns: string, name: string, phase: string, restarts = 0) {
  return {
    kind: "Pod",
    apiVersion: "v1",
    metadata: {
      name,
      namespace: ns,
      uid: `5f0c${name.length}a1e-3c1d-4b8e-9a57-${name
        .padEnd(12, "0")
        .slice(0, 12)
        .replace(/[^a-f0-9]/g, "0")}`,
      resourceVersion: "48213",
      creationTimestamp: "2026-12-05T08:00:00Z",
      labels: { app: name.split("-")[0] },
    },
    spec: {
      containers: [
        {
          name: "app",
          image: `registry.r5-dev.example/${name.split("-")[0]}:1.4.2`,
          ports: [{ containerPort: 8080, protocol: "TCP" }],
        },
      ],
      nodeName: "node-a",
      restartPolicy: "Always",
    },
    status: {
      phase,
      podIP: "10.244.0.17",
      startTime: "2026-12-05T08:00:02Z",
      containerStatuses: [
        {
          name: "app",
          ready: phase === "Running" && restarts === 0,
          restartCount: restarts,
          image: `registry.r5-dev.example/${name.split("-")[0]}:1.4.2`,
          state: restarts
            ? {
                waiting: {
                  reason: "CrashLoopBackOff",
                  message: "back-off 5m0s restarting failed container=app",
                },
              }
            : { running: { startedAt: "2026-12-05T08:00:05Z" } },
        },
      ],
    },
  };
}

const K8S_PODS: Record<string, ReturnType<typeof k8sPod>[]> = {
  default: [
    k8sPod("default", "sink-7d9f8b6c5-x2kqp", "Running"),
    k8sPod("default", "dashboard-5b7c9d-8wzrt", "Running"),
    k8sPod("default", "worker-6c8d7f-crash", "Running", 14),
  ],
  payments: [],
};

const kubernetesRoute: Route = (method, url) => {
  const p = url.pathname;
  if (p === "/version")
    return json(200, {
      major: "1",
      minor: "31",
      gitVersion: "v1.31.2",
      gitCommit: "5864a4677267e6adeae276ad85882a8714d69d9d",
      gitTreeState: "clean",
      buildDate: "2024-10-22T20:28:14Z",
      goVersion: "go1.22.8",
      compiler: "gc",
      platform: "linux/amd64",
    });
  if (p === "/api")
    return json(200, {
      kind: "APIVersions",
      versions: ["v1"],
      serverAddressByClientCIDRs: [
        { clientCIDR: "0.0.0.0/0", serverAddress: `127.0.0.1:${PORTS.kubernetes}` },
      ],
    });
  if (p === "/apis")
    return json(200, {
      kind: "APIGroupList",
      apiVersion: "v1",
      groups: [
        {
          name: "apps",
          versions: [{ groupVersion: "apps/v1", version: "v1" }],
          preferredVersion: { groupVersion: "apps/v1", version: "v1" },
        },
      ],
    });
  if (p === "/api/v1")
    return json(200, {
      kind: "APIResourceList",
      groupVersion: "v1",
      resources: [
        res("namespaces", "Namespace", false, ALL, ["ns"]),
        res("pods", "Pod", true, ALL, ["po"]),
        res("pods/log", "Pod", true, ["get"]),
        res("events", "Event", true, ALL, ["ev"]),
        res("configmaps", "ConfigMap", true, ALL, ["cm"]),
        res("services", "Service", true, ALL, ["svc"]),
        res("nodes", "Node", false, READ, ["no"]),
      ],
    });
  if (p === "/apis/apps/v1")
    return json(200, {
      kind: "APIResourceList",
      apiVersion: "v1",
      groupVersion: "apps/v1",
      resources: [
        res("deployments", "Deployment", true, ALL, ["deploy"]),
        res("deployments/scale", "Scale", true, ["get", "patch", "update"]),
      ],
    });
  if (p === "/api/v1/namespaces" && method === "GET")
    return json(200, {
      kind: "NamespaceList",
      apiVersion: "v1",
      metadata: { resourceVersion: "48300" },
      items: ["default", "kube-system", "payments"].map((n) => ({
        metadata: {
          name: n,
          uid: `ns-${n}`,
          resourceVersion: "12",
          creationTimestamp: "2026-11-01T00:00:00Z",
          labels: { "kubernetes.io/metadata.name": n },
        },
        spec: { finalizers: ["kubernetes"] },
        status: { phase: "Active" },
      })),
    });
  if (p === "/api/v1/pods")
    return json(200, {
      kind: "PodList",
      apiVersion: "v1",
      metadata: { resourceVersion: "48300" },
      items: Object.values(K8S_PODS).flat(),
    });
  let m = /^\/api\/v1\/namespaces\/([^/]+)\/(pods|events)(?:\/([^/]+))?(\/log)?$/.exec(p);
  if (m) {
    const [, ns, kind, name, log] = m;
    const forbidden = (verb: string) =>
      k8sStatus(
        403,
        "Forbidden",
        `${kind} ${name ? `"${name}" ` : ""}is forbidden: User "system:serviceaccount:r5-dev:agent" cannot ${verb} resource "${kind}" in API group "" in the namespace "${ns}"`,
        { ...(name ? { name } : {}), kind },
      );
    if (ns === "kube-system") return forbidden(method === "DELETE" ? "delete" : name ? "get" : "list");
    if (!K8S_PODS[ns!])
      return k8sStatus(404, "NotFound", `namespaces "${ns}" not found`, { name: ns, kind: "namespaces" });
    if (kind === "events") {
      const items =
        ns === "default"
          ? [
              {
                kind: "Event",
                apiVersion: "v1",
                metadata: { name: "worker-6c8d7f-crash.17f0", namespace: ns },
                involvedObject: { kind: "Pod", namespace: ns, name: "worker-6c8d7f-crash" },
                reason: "BackOff",
                message: "Back-off restarting failed container app in pod worker-6c8d7f-crash_default",
                type: "Warning",
                count: 61,
                firstTimestamp: "2026-12-05T08:10:00Z",
                lastTimestamp: "2026-12-05T22:20:00Z",
                source: { component: "kubelet", host: "node-a" },
              },
            ]
          : [];
      return json(200, {
        kind: "EventList",
        apiVersion: "v1",
        metadata: { resourceVersion: "48300" },
        items,
      });
    }
    if (!name)
      return json(200, {
        kind: "PodList",
        apiVersion: "v1",
        metadata: { resourceVersion: "48300" },
        items: K8S_PODS[ns!],
      });
    const pod = K8S_PODS[ns!]!.find((x) => x.metadata.name === name);
    if (!pod) return k8sStatus(404, "NotFound", `pods "${name}" not found`, { name, kind: "pods" });
    if (method === "DELETE")
      return json(200, {
        ...pod,
        metadata: {
          ...pod.metadata,
          deletionTimestamp: "2026-12-05T22:40:00Z",
          deletionGracePeriodSeconds: 30,
        },
      });
    if (log) {
      if (name.includes("crash") && url.searchParams.get("previous") !== "true")
        return k8sStatus(
          400,
          "BadRequest",
          `container "app" in pod "${name}" is waiting to start: CrashLoopBackOff`,
        );
      return {
        status: 200,
        body: "2026-12-05T08:00:05Z listening on :8080\n2026-12-05T08:01:12Z POST /ingest 202 3ms\n",
        headers: { "content-type": "text/plain" },
      };
    }
    return json(200, pod);
  }
  m = /^\/apis\/apps\/v1\/namespaces\/([^/]+)\/deployments(?:\/([^/]+))?(\/scale)?$/.exec(p);
  if (m) {
    const name = m[2];
    if (!name)
      return json(200, {
        kind: "DeploymentList",
        apiVersion: "apps/v1",
        metadata: { resourceVersion: "48300" },
        items: [],
      });
    return k8sStatus(404, "NotFound", `deployments.apps "${name}" not found`, {
      name,
      group: "apps",
      kind: "deployments",
    });
  }
  return k8sStatus(404, "NotFound", "the server could not find the requested resource");
};

export const STANDINS = {
  terraform: new StandIn("terraform", PORTS.terraform, terraformRoute),
  atlassian: new StandIn("atlassian", PORTS.atlassian, atlassianRoute),
  bitbucket: new StandIn("bitbucket", PORTS.bitbucket, bitbucketRoute),
  kubernetes: new StandIn("kubernetes", PORTS.kubernetes, kubernetesRoute),
};
