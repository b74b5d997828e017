// Stand-in for the 1Password CLI (`op` 2.x) as `@jrejaud/op-mcp` runs it: signed in with a service account
// (OP_SERVICE_ACCOUNT_TOKEN), JSON on stdout for `--format json`, and on failure `[ERROR] <yyyy/mm/dd hh:mm:ss>
// <message>` on stderr with exit status 1, as the real CLI prints it. Started by the wrapper `standins.ts` writes
// (OP_PATH). Its state file is written by the session's hooks; every run appends its arguments to a log.
//
// README.md says which messages are quoted from 1Password's CLI as reported in public issue trackers and which were
// written for the capture in the CLI's form.

import fs from "node:fs";

const DATA = "/tmp/faultline-corpus-r43-g";
const OP_TOKEN =
  "ops_eyJzaWduSW5BZGRyZXNzIjoibm9yZGJyb3QuMXBhc3N3b3JkLmV1IiwidXNlckF1dGgiOnsibWV0aG9kIjoiU1JQZy00MDk2In19";

const args = process.argv.slice(2);
fs.appendFileSync(`${DATA}/op-calls.log`, JSON.stringify(args) + "\n");
let flags = {};
try {
  flags = JSON.parse(fs.readFileSync(`${DATA}/op-state.json`, "utf8"));
} catch {}

function stamp() {
  const d = new Date();
  const p = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}/${p(d.getMonth() + 1)}/${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
function fail(message) {
  process.stderr.write(`[ERROR] ${stamp()} ${message}\n`);
  process.exit(1);
}
function out(value) {
  process.stdout.write(typeof value === "string" ? value + "\n" : JSON.stringify(value, null, 2) + "\n");
  process.exit(0);
}
function opt(name) {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

const VAULTS = [
  {
    id: "r7kq2m5xw3nbtd4hjy6pcvzl4e",
    name: "Engineering",
    content_version: 214,
    created_at: "2025-03-11T09:20:44Z",
    updated_at: "2026-12-05T16:02:31Z",
    items: 4,
  },
  {
    id: "k2wn8f4tqh6mzx3vb7cjrd5p9a",
    name: "Platform-Prod",
    content_version: 87,
    created_at: "2025-03-11T09:22:10Z",
    updated_at: "2026-11-28T08:41:09Z",
    items: 12,
  },
];
const vaultRef = (v) => ({ id: v.id, name: v.name });
const ENG = VAULTS[0];

const ITEMS = [
  {
    id: "5ytq2ngzmj7wkx4hcv3rbp6dfe",
    title: "GitHub deploy bot",
    version: 6,
    vault: vaultRef(ENG),
    category: "LOGIN",
    last_edited_by: "QJ4TRXK2ZBGM5NWCPHY7D3FLVA",
    created_at: "2025-04-02T13:08:17Z",
    updated_at: "2026-10-19T07:55:02Z",
    additional_information: "nordbrot-deploy",
    urls: [{ primary: true, href: "https://github.com/login" }],
    tags: ["ci", "github"],
    fields: [
      { id: "username", type: "STRING", purpose: "USERNAME", label: "username", value: "nordbrot-deploy" },
      {
        id: "password",
        type: "CONCEALED",
        purpose: "PASSWORD",
        label: "password",
        value: "gh-Vq8!rM2@pZ7xK4#tN9",
      },
      {
        id: "notesPlain",
        type: "STRING",
        purpose: "NOTES",
        label: "notesPlain",
        value: "Used by the release workflow.",
      },
    ],
  },
  {
    id: "b3mx9kq2wd7tnz4hjc6vrf5pya",
    title: "Postgres staging",
    version: 3,
    vault: vaultRef(ENG),
    category: "DATABASE",
    last_edited_by: "QJ4TRXK2ZBGM5NWCPHY7D3FLVA",
    created_at: "2025-05-20T10:41:00Z",
    updated_at: "2026-11-12T15:20:48Z",
    additional_information: "orders_staging",
    tags: ["postgres", "staging"],
    fields: [
      { id: "database_type", type: "MENU", label: "type", value: "postgresql" },
      { id: "hostname", type: "STRING", label: "server", value: "pg-staging.internal.nordbrot.de" },
      { id: "port", type: "STRING", label: "port", value: "5432" },
      { id: "database", type: "STRING", label: "database", value: "orders_staging" },
      { id: "username", type: "STRING", label: "username", value: "orders_app" },
      { id: "password", type: "CONCEALED", label: "password", value: "Kx7#pQ2vN9zR4mT1" },
    ],
  },
  {
    id: "w6ht4nq8zb2mxk7cjr3vdp5fya",
    title: "GitHub Actions OIDC role",
    version: 1,
    vault: vaultRef(ENG),
    category: "SECURE_NOTE",
    last_edited_by: "QJ4TRXK2ZBGM5NWCPHY7D3FLVA",
    created_at: "2026-01-08T12:00:00Z",
    updated_at: "2026-01-08T12:00:00Z",
    tags: ["ci", "aws"],
    fields: [
      {
        id: "notesPlain",
        type: "STRING",
        purpose: "NOTES",
        label: "notesPlain",
        value: "arn:aws:iam::381492650217:role/github-deploy",
      },
    ],
  },
  {
    id: "n4zc8wq2tm6kxb3hjd7vrp5fya",
    title: "Sentry DSN",
    version: 2,
    vault: vaultRef(ENG),
    category: "API_CREDENTIAL",
    last_edited_by: "QJ4TRXK2ZBGM5NWCPHY7D3FLVA",
    created_at: "2025-09-30T08:12:45Z",
    updated_at: "2026-03-02T09:40:00Z",
    tags: ["observability"],
    fields: [
      {
        id: "credential",
        type: "CONCEALED",
        label: "credential",
        value: "https://4f1c2e@o481516.ingest.sentry.io/5630",
      },
    ],
  },
];

const summary = ({ fields: _f, ...item }) => item;
const withRefs = (item) => ({
  ...item,
  fields: item.fields.map((f) => ({ ...f, reference: `op://${item.vault.name}/${item.title}/${f.label}` })),
});

function findVault(query) {
  return VAULTS.find((v) => v.name.toLowerCase() === query.toLowerCase() || v.id === query);
}
function needVault() {
  const query = opt("--vault");
  if (!query)
    fail(
      "a vault query must be provided when this command is called by a service account. Please specify one either through the --vault flag or through piped input",
    );
  const vault = findVault(query);
  if (!vault) fail(`"${query}" isn't a vault in this account. Specify the vault with its ID or name.`);
  return vault;
}
function findItem(vault, query) {
  return ITEMS.find(
    (i) => i.vault.id === vault.id && (i.title.toLowerCase() === query.toLowerCase() || i.id === query),
  );
}

async function main() {
  if (process.env.OP_SERVICE_ACCOUNT_TOKEN !== OP_TOKEN)
    fail("(401) Unauthorized: You aren't authorized to perform this action.");
  if (flags.slow) await new Promise((resolve) => setTimeout(resolve, 15_000));
  if (flags.network)
    fail(
      'could not get vaults: Get "https://nordbrot.1password.eu/api/v3/vaults": dial tcp: lookup nordbrot.1password.eu: i/o timeout',
    );
  if (flags.rateLimited)
    fail(
      "(429) Too Many Requests: You've reached the maximum number of this type of requests this service account is allowed to make. Please retry in 58 minutes or try other requests.",
    );
  if (flags.serverError)
    fail("(500) Internal Server Error: An unexpected error occurred. Please try again later.");

  const [group, verb] = args;

  if (group === "vault" && verb === "list") return out(VAULTS);

  if (group === "item" && verb === "list") {
    const vault = needVault();
    return out(ITEMS.filter((i) => i.vault.id === vault.id).map(summary));
  }

  if (group === "item" && verb === "get") {
    const vault = needVault();
    const item = findItem(vault, args[2] ?? "");
    if (!item)
      fail(
        `"${args[2]}" isn't an item in the "${vault.name}" vault. Specify the item with its UUID, name, or domain.`,
      );
    return out(withRefs(item));
  }

  if (group === "read") {
    const reference = args[1] ?? "";
    const [vaultName, itemName, ...fieldParts] = reference.replace(/^op:\/\//, "").split("/");
    const fieldName = fieldParts.join("/").split("?")[0];
    const vault = findVault(vaultName ?? "");
    if (!vault)
      fail(
        `could not read secret '${reference}': could not get item ${vaultName}/${(itemName ?? "").split("?")[0]}: "${vaultName}" isn't a vault in this account. Specify the vault with its ID or name.`,
      );
    const item = findItem(vault, itemName ?? "");
    if (!item)
      fail(
        `could not read secret '${reference}': could not get item ${vaultName}/${itemName}: "${itemName}" isn't an item in the "${vault.name}" vault. Specify the item with its UUID, name, or domain.`,
      );
    const field = item.fields.find((f) => f.label === fieldName || f.id === fieldName);
    if (!field)
      fail(
        `could not read secret '${reference}': item '${vault.name}/${item.title}' does not have a field '${fieldName}'`,
      );
    return out(field.value);
  }

  if (group === "item" && verb === "create") {
    const vault = needVault();
    if (vault.name === "Platform-Prod")
      fail('(403) Forbidden: You don\'t have the permission to create items in the "Platform-Prod" vault.');
    const category = (opt("--category") ?? "login").toUpperCase().replace("-", "_");
    const title = opt("--title") ?? "Untitled";
    const assignments = args.filter((a) => /^[\w.]+=/.test(a));
    const fields = assignments.map((a) => {
      const [label, ...rest] = a.split("=");
      return {
        id: label,
        type: label === "password" ? "CONCEALED" : "STRING",
        ...(label === "password"
          ? { purpose: "PASSWORD" }
          : label === "username"
            ? { purpose: "USERNAME" }
            : {}),
        label,
        value: rest.join("="),
      };
    });
    if (args.includes("--generate-password"))
      fields.push({
        id: "password",
        type: "CONCEALED",
        purpose: "PASSWORD",
        label: "password",
        value: "r8N!qz2Lw@5Tk#v9Xc4Bm7",
      });
    const url = opt("--url");
    const tags = opt("--tags");
    return out(
      withRefs({
        id: "h2vk7mq4zt9nxb3wjc6dr5pfya",
        title,
        version: 1,
        vault: vaultRef(vault),
        category,
        last_edited_by: "SVCACCT3NBX7QK2M5W4TZH6JDC",
        created_at: "2026-12-07T15:58:40Z",
        updated_at: "2026-12-07T15:58:40Z",
        ...(url ? { urls: [{ primary: true, href: url }] } : {}),
        ...(tags ? { tags: tags.split(",") } : {}),
        fields,
      }),
    );
  }

  if (group === "item" && verb === "edit") {
    const vault = needVault();
    const item = findItem(vault, args[2] ?? "");
    if (!item)
      fail(
        `"${args[2]}" isn't an item in the "${vault.name}" vault. Specify the item with its UUID, name, or domain.`,
      );
    const assignments = args
      .slice(3)
      .filter((a, i, all) => !a.startsWith("--") && !all[i - 1]?.startsWith("--"));
    const bad = assignments.find((a) => !a.includes("="));
    if (bad)
      fail(
        `invalid assignment statement "${bad}": assignment statements must have the format [<section>.]<field>[[<fieldType>]]=<value>`,
      );
    const fields = item.fields.map((f) => {
      const hit = assignments.find((a) => a.split("=")[0] === f.label);
      return hit ? { ...f, value: hit.slice(hit.indexOf("=") + 1) } : f;
    });
    return out(withRefs({ ...item, version: item.version + 1, updated_at: "2026-12-07T16:01:12Z", fields }));
  }

  if (group === "item" && verb === "delete") {
    const vault = needVault();
    const item =
      findItem(vault, args[2] ?? "") ?? (args[2] === "Sentry relay token" ? { title: args[2] } : undefined);
    if (!item)
      fail(
        `"${args[2]}" isn't an item in the "${vault.name}" vault. Specify the item with its UUID, name, or domain.`,
      );
    process.exit(0);
  }

  fail(`unknown command "${args.join(" ")}" for "op"`);
}

await main();
