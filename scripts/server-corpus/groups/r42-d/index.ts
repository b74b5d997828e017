// Group r42-d: security scanning run locally — Salesforce Code Analyzer through Salesforce's own MCP server
// (@salesforce/mcp, its `code-analysis` toolset: PMD's Apex security rules, ESLint, RetireJS's database of
// vulnerable JavaScript libraries, and the regex engine), over stdio, over a small Salesforce project made afresh
// under /tmp/faultline-corpus-r42-d/ by `prepare`. No service stands behind it (PMD runs on the machine's Java),
// so the group listens on no port.
//
//   (cd scripts/server-corpus/groups/r42-d && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r42-d

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stdioServer, type SessionSpec, type Step } from "../../harness.js";
import { step } from "../../steps.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));
const DATA = "/tmp/faultline-corpus-r42-d";
const HOME = path.join(DATA, "home");
/** The server writes each run's results file to os.tmpdir(); a folder of its own keeps them apart. */
const TMP = path.join(DATA, "tmp");
const PROJECT = path.join(DATA, "billing-portal");
const BROKEN = path.join(DATA, "broken-config");
const RESULTS = path.join(DATA, "results");
const APP = path.join(PROJECT, "force-app", "main", "default");
const CONTROLLER = path.join(APP, "classes", "InvoiceController.cls");
const SERVICE = path.join(APP, "classes", "InvoiceService.cls");
const LWC = path.join(APP, "lwc", "invoiceList", "invoiceList.js");
const JQUERY = path.join(APP, "staticresources", "jquery-1.8.1.min.js");
const CLEAN = path.join(APP, "classes", "TaxRate.cls");
const BROKEN_CLASS = path.join(BROKEN, "force-app", "main", "default", "classes", "Refund.cls");

export const PACKAGES: Record<string, string> = {
  "@salesforce/mcp": "0.30.15",
};

const FILES: Record<string, string> = {
  "sfdx-project.json": JSON.stringify(
    {
      packageDirectories: [{ path: "force-app", default: true }],
      name: "billing-portal",
      namespace: "",
      sourceApiVersion: "62.0",
    },
    null,
    2,
  ),
  "force-app/main/default/classes/InvoiceController.cls": `public without sharing class InvoiceController {
    @AuraEnabled
    public static List<Invoice__c> search(String customerName, String status) {
        String query = 'SELECT Id, Name, Amount__c, Status__c FROM Invoice__c WHERE Customer_Name__c = \\'' +
            customerName + '\\' AND Status__c = \\'' + status + '\\'';
        return Database.query(query);
    }

    @AuraEnabled
    public static void markPaid(Id invoiceId) {
        Invoice__c inv = [SELECT Id, Status__c FROM Invoice__c WHERE Id = :invoiceId];
        inv.Status__c = 'Paid';
        update inv;
    }

    @AuraEnabled
    public static void purge(List<Id> ids) {
        for (Id i : ids) {
            delete [SELECT Id FROM Invoice__c WHERE Id = :i];
        }
    }

    public static String webhookSecret() {
        String password = 'hunter2-billing-2026';
        return password;
    }
}
`,
  "force-app/main/default/classes/InvoiceService.cls": `public with sharing class InvoiceService {
    public static Decimal total(List<Invoice__c> invoices) {
        Decimal sum = 0;
        for (Invoice__c inv : invoices) {
            if (inv.Amount__c != null) sum += inv.Amount__c;
        }
        return sum;
    }

    public static void debugAll(List<Invoice__c> invoices) {
        for (Invoice__c inv : invoices) {
            System.debug('invoice ' + inv);
        }
    }
}
`,
  "force-app/main/default/classes/TaxRate.cls": `/**
 * Tax rates by country code.
 */
public with sharing class TaxRate {
    /**
     * Returns the VAT rate for a country code.
     * @param countryCode two-letter ISO code
     * @return the rate as a fraction
     */
    public static Decimal forCountry(String countryCode) {
        if (countryCode == 'DE') {
            return 0.19;
        }
        return 0.0;
    }
}
`,
  "force-app/main/default/lwc/invoiceList/invoiceList.js": `import { LightningElement, api } from "lwc";

export default class InvoiceList extends LightningElement {
    @api invoices;
    unused = 42;

    renderedCallback() {
        const note = this.template.querySelector(".note");
        note.innerHTML = this.invoices && this.invoices.length ? this.invoices[0].Notes__c : "";
        const total = eval("this.invoices.length * 1");
        console.log(total);
    }
}
`,
  // The banner jQuery prints at the top of its minified build; RetireJS recognises the library by it and by the
  // file name.
  "force-app/main/default/staticresources/jquery-1.8.1.min.js": `/*! jQuery v1.8.1 jquery.com | jquery.org/license */
(function(e,t){var n,r,i=typeof t,s=e.document,o=e.location;e.jQuery=e.$=function(){return{jquery:"1.8.1"}}})(window);
`,
};

function prepareProject() {
  fs.rmSync(DATA, { recursive: true, force: true });
  for (const [rel, text] of Object.entries(FILES)) {
    const file = path.join(PROJECT, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  // A second project whose code-analyzer.yml is not valid YAML (a tab and an unclosed bracket).
  fs.mkdirSync(path.dirname(BROKEN_CLASS), { recursive: true });
  fs.writeFileSync(BROKEN_CLASS, "public with sharing class Refund {\n    public Integer n = 1;\n}\n");
  fs.writeFileSync(
    path.join(BROKEN, "code-analyzer.yml"),
    "engines:\n  pmd:\n\tcustom_rulesets: [rulesets/apex.xml\n  eslint: {disable_engine: tru\n",
  );
  fs.mkdirSync(RESULTS, { recursive: true });
  // A results file cut off mid-write, and one that is JSON but not Code Analyzer's results.
  fs.writeFileSync(
    path.join(RESULTS, "truncated.json"),
    '{"runDir":"/tmp","violationCounts":{"total":3,"sev1":',
  );
  fs.writeFileSync(path.join(RESULTS, "not-results.json"), JSON.stringify({ hello: "world" }));
  fs.mkdirSync(TMP, { recursive: true });
  fs.mkdirSync(HOME, { recursive: true });
}

/** Copies the newest results file the server wrote into RESULTS under a fixed name, for the query steps. */
function keepLatestResults(name: string): Partial<Step> {
  return {
    after: async () => {
      const newest = fs
        .readdirSync(TMP)
        .filter((f) => f.endsWith(".json"))
        .map((f) => path.join(TMP, f))
        .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
      if (newest) fs.copyFileSync(newest, path.join(RESULTS, name));
    },
  };
}

const ELEVEN = Array.from({ length: 11 }, (_, i) => path.join(APP, "classes", `Gen${i}.cls`));

const sf: SessionSpec = {
  label: "r42-d-sf-code-analyzer",
  server: "@salesforce/mcp",
  transport: "stdio",
  start: stdioServer("r42-d-sf-code-analyzer", "@salesforce/mcp", {
    from: FROM,
    cwd: PROJECT,
    args: ["--orgs", "DEFAULT_TARGET_ORG", "--toolsets", "code-analysis", "--no-telemetry"],
    env: { HOME, TMPDIR: TMP, SF_DISABLE_TELEMETRY: "true", SF_AUTOUPDATE_DISABLE: "true" },
  }),
  steps: [
    step("d-sfca-001", "list_code_analyzer_rules", { selector: "Security:pmd" }, "PMD's security rules"),
    step(
      "d-sfca-002",
      "describe_code_analyzer_rule",
      { ruleName: "ApexSOQLInjection", engineName: "pmd" },
      "describe PMD's SOQL injection rule",
    ),
    step(
      "d-sfca-003",
      "run_code_analyzer",
      { target: [CONTROLLER], directory: PROJECT, selector: "Security:pmd" },
      "scan the invoice controller (string-built SOQL, without sharing, no CRUD checks) with PMD's security rules",
      keepLatestResults("controller.json"),
    ),
    step(
      "d-sfca-004",
      "query_code_analyzer_results",
      { resultsFile: path.join(RESULTS, "controller.json"), selector: "Security", topN: 5 },
      "the five most severe security violations of that scan",
    ),
    step(
      "d-sfca-005",
      "run_code_analyzer",
      { target: [JQUERY], directory: PROJECT, selector: "retire-js" },
      "scan a static resource that bundles jQuery 1.8.1 for known-vulnerable libraries",
      keepLatestResults("jquery.json"),
    ),
    step(
      "d-sfca-006",
      "query_code_analyzer_results",
      { resultsFile: path.join(RESULTS, "jquery.json"), selector: "retire-js", topN: 10 },
      "the vulnerable-library findings of that scan",
    ),
    step(
      "d-sfca-007",
      "run_code_analyzer",
      { target: [CLEAN], directory: PROJECT, selector: "Security" },
      "scan a small documented class with every Security rule",
    ),
    step(
      "d-sfca-008",
      "run_code_analyzer",
      { target: [LWC], directory: PROJECT, selector: "eslint" },
      "lint a Lightning web component that uses innerHTML and eval",
      keepLatestResults("lwc.json"),
    ),
    step(
      "d-sfca-009",
      "run_code_analyzer",
      { target: [CONTROLLER, SERVICE, LWC], directory: PROJECT },
      "scan three files with the recommended rules",
      keepLatestResults("recommended.json"),
    ),
    step(
      "d-sfca-010",
      "query_code_analyzer_results",
      { resultsFile: path.join(RESULTS, "recommended.json"), selector: "Critical", topN: 3 },
      "the critical violations of the recommended scan",
    ),
    step(
      "d-sfca-011",
      "query_code_analyzer_results",
      { resultsFile: path.join(RESULTS, "lwc.json"), selector: "pmd" },
      "PMD violations in a results file that only ESLint produced",
    ),
    step(
      "d-sfca-012",
      "list_code_analyzer_rules",
      { selector: "All" },
      "every rule, without opting in to the full list",
    ),
    step(
      "d-sfca-013",
      "describe_code_analyzer_rule",
      { ruleName: "ApexSqlInjectionCheck", engineName: "pmd" },
      "a rule name that does not exist",
    ),
    step(
      "d-sfca-014",
      "describe_code_analyzer_rule",
      { ruleName: "ApexSOQLInjection", engineName: "eslint" },
      "PMD's rule asked of the wrong engine",
    ),
    step(
      "d-sfca-015",
      "run_code_analyzer",
      { target: [path.join(APP, "classes", "PaymentController.cls")], directory: PROJECT },
      "a class that is not in the project",
    ),
    step(
      "d-sfca-016",
      "run_code_analyzer",
      { target: [path.join(APP, "classes", "PaymentController.cls")], directory: PROJECT },
      "the same call again, unchanged",
    ),
    step(
      "d-sfca-017",
      "run_code_analyzer",
      { target: ELEVEN, directory: PROJECT },
      "eleven targets, one more than the tool takes",
    ),
    step(
      "d-sfca-018",
      "run_code_analyzer",
      { target: [path.join(APP, "classes")], directory: PROJECT },
      "a folder where a file is expected",
    ),
    step(
      "d-sfca-019",
      "run_code_analyzer",
      { target: [CONTROLLER], directory: PROJECT, selector: "sfge" },
      "the graph engine, which the tool does not support",
    ),
    step(
      "d-sfca-020",
      "run_code_analyzer",
      { target: [BROKEN_CLASS], directory: BROKEN },
      "a project whose code-analyzer.yml is not valid YAML",
    ),
    step(
      "d-sfca-021",
      "query_code_analyzer_results",
      { resultsFile: path.join(RESULTS, "missing.json"), selector: "Security" },
      "a results file that does not exist",
    ),
    step(
      "d-sfca-022",
      "query_code_analyzer_results",
      { resultsFile: path.join(RESULTS, "truncated.json"), selector: "Security" },
      "a results file cut off mid-write",
    ),
    step(
      "d-sfca-023",
      "run_code_analyzer",
      { directory: PROJECT, selector: "Security" },
      "the target argument missing",
    ),
    step(
      "d-sfca-024",
      "scan_for_secrets",
      { target: [CONTROLLER], directory: PROJECT },
      "a tool the server does not have",
    ),
    step(
      "d-sfca-025",
      "run_code_analyzer",
      { target: [CONTROLLER, SERVICE], directory: PROJECT, selector: "pmd" },
      "every PMD rule over two classes, with a client timeout of 1.5 s",
      { timeoutMs: 1500 },
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [sf];

export async function prepare(): Promise<() => Promise<void>> {
  prepareProject();
  return async () => {};
}
