// Verdicts for group r31-c, written from the captured exchanges (the `call` objects in
// test/fixtures/server-corpus/groups/r31-c.jsonl), never by running Faultline. Conventions:
// test/fixtures/server-corpus/README.md, "How the verdicts were made".

import { ok, rpc, silent, tool, wire } from "../../verdict-helpers.js";
import type { Verdict } from "../../verdicts.js";

const WASTED =
  "The previous call with this tool and these arguments failed non-retryably and this one fails the same way.";

export const VERDICTS: Record<string, Verdict> = {
  // --- @missionsquad/mcp-github: GitHub Packages (ghcr.io and npm package metadata) and release assets -----------
  "ghp-001": ok(
    "Four container packages of the organization, each with owner, version count, visibility and repository.",
  ),
  "ghp-002": ok("'[]': the organization publishes no Maven package.", true),
  "ghp-003": ok("The organization's two npm packages."),
  "ghp-004": ok("The edge-gateway container package's metadata (214 versions, private)."),
  "ghp-005": rpc(
    "validation",
    "http_404",
    false,
    "JSON-RPC -32603 'Not Found: Resource not found: Package not found.': the named container package does not exist (the 404 is named by its reason phrase).",
  ),
  "ghp-006": rpc("validation", "http_404", false, `The same 'Package not found.' again. ${WASTED}`, true),
  "ghp-007": ok("The user's public devcontainer image's package metadata."),
  "ghp-008": ok("One container package of the user."),
  "ghp-009": ok("'[]': the user has published no container image.", true),
  "ghp-010": rpc(
    "validation",
    "http_404",
    false,
    "JSON-RPC -32603 'Not Found: Resource not found: Not Found': the server asks /repos/{owner}/{repo}/packages, a route GitHub does not have, and GitHub answers its generic 404; the same call fails every time.",
  ),
  "ghp-011": ok("Three releases, the latest with three assets (tarballs and an SBOM)."),
  "ghp-012": ok("'[]': the repository has never made a release.", true),
  "ghp-013": ok("One release asset: name, content type, size, download count, download URL."),
  "ghp-014": rpc(
    "validation",
    "http_404",
    false,
    "JSON-RPC -32603 'Not Found: Resource not found: Not Found': no release asset has that id.",
  ),
  "ghp-015": ok("The token's rate-limit status: core 4731 of 5000 left, and the other resources."),
  "ghp-016": rpc(
    "validation",
    "invalid_enum_value",
    false,
    'JSON-RPC -32603 \'Invalid input: [{…"code":"invalid_enum_value",…"path":["package_type"]…}]\': \'helm\' is not a package type the schema accepts (the zod issue\'s code).',
  ),
  "ghp-017": rpc(
    "rate_limited",
    "-32603",
    true,
    "JSON-RPC -32603 'Rate Limit Exceeded: You have exceeded a secondary rate limit. Please wait a few minutes…' with a reset time.",
  ),
  "ghp-018": rpc(
    "rate_limited",
    "-32603",
    true,
    "JSON-RPC -32603 'Permission Denied: API rate limit exceeded for user ID …': the server labels GitHub's 403 a permission error, but the words say the hourly quota is spent.",
  ),
  "ghp-019": rpc(
    "internal",
    "-32603",
    true,
    "JSON-RPC -32603 'GitHub API Error: Server Error': GitHub's 500 body relayed; an upstream server error, retryable by default.",
  ),
  "ghp-020": rpc(
    "internal",
    "-32603",
    true,
    "JSON-RPC -32603 'GitHub API Error: GitHub API error': an upstream failure with no status and no words (GitHub's HTML 502 page behind it), retryable by default.",
  ),
  "ghp-021": wire(
    "transient",
    "timeout",
    true,
    "No answer within 3 s: the client raised -32001 Request timed out.",
  ),
  "ghp-022": rpc(
    "transient",
    "-32603",
    true,
    "JSON-RPC -32603 'fetch failed': api.github.com could not be reached; no network code shown.",
  ),
  "ghp-023": rpc("unknown_tool", "-32603", false, "JSON-RPC -32603 'Unknown tool: list_package_versions'."),
  "ghp-024": rpc(
    "permission",
    "-32603",
    false,
    "JSON-RPC -32603 'Permission Denied: You need at least read:packages scope to list packages.': the token lacks the scope.",
  ),
  "ghp-025": rpc(
    "auth",
    "-32603",
    false,
    "JSON-RPC -32603 'Authentication Failed: Bad credentials': the token was deleted.",
  ),

  // --- @opentofu/opentofu-mcp-server: the OpenTofu Registry -------------------------------------------------------
  "tofu-001": ok("Three results for 'harbor': the provider and two of its resources."),
  "tofu-002": ok("One provider result for 'harbor'."),
  "tofu-003": ok("One module result for 'ecr repository'."),
  "tofu-004": ok("'No results found for \"chartmuseum\"': a search that found nothing.", true),
  "tofu-005": ok("The Harbor provider: four versions, eight resources and three data sources of the latest."),
  "tofu-006": silent(
    "validation",
    "http_404",
    false,
    "Ordinary text 'Failed to get details for provider hashicorp/awss: API request failed: 404 Not Found': the named provider does not exist.",
  ),
  "tofu-007": ok(
    "The provider's metadata (description, popularity, link) with 'Latest Version: Unknown' and no versions: the provider exists and has published none; data, not a failure.",
  ),
  "tofu-008": ok("The ECR module's five versions, popularity and fork count."),
  "tofu-009": silent(
    "validation",
    "http_404",
    false,
    "Ordinary text 'Failed to get details for module terraform-aws-modules/terraform-aws-ecr (aws): API request failed: 404 Not Found': no module by that name.",
  ),
  "tofu-010": ok("aws_ecr_repository's markdown docs at the latest version the server worked out."),
  "tofu-011": ok("The same markdown docs at the pinned version."),
  "tofu-012": ok("The harbor_projects data source's markdown docs."),
  "tofu-013": silent(
    "validation",
    "http_404",
    false,
    "Ordinary text 'Failed to get documentation for resource harbor_harbor_project: API request failed: 404 Not Found': the resource was named with its prefix and no such document exists.",
  ),
  "tofu-014": silent("validation", "http_404", false, `The same 404 text again. ${WASTED}`, true),
  "tofu-015": silent(
    "validation",
    "http_404",
    false,
    "Ordinary text 'Failed to get documentation for data source aws_ecr_image: API request failed: 404 Not Found': the version was written without its 'v', so no such document.",
  ),
  "tofu-016": silent(
    "validation",
    null,
    false,
    "Ordinary text 'Failed to get documentation for resource artifactory-lite_repository: Could not determine latest version for provider acme-labs/artifactory-lite': the provider has no version, so the document asked for does not exist.",
  ),
  "tofu-017": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: … String must contain at least 2 character(s) at query'.",
  ),
  "tofu-018": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: … Required at target'.",
  ),
  "tofu-019": silent(
    "rate_limited",
    "http_429",
    true,
    "Ordinary text 'Error searching the OpenTofu Registry: API request failed: 429 Too Many Requests'.",
  ),
  "tofu-020": silent(
    "internal",
    "http_500",
    true,
    "Ordinary text 'Error searching the OpenTofu Registry: API request failed: 500 Internal Server Error': the search worker failed.",
  ),
  "tofu-021": silent(
    "transient",
    "http_502",
    true,
    "Ordinary text 'Failed to get details for provider hashicorp/aws: API request failed: 502 Bad Gateway'.",
  ),
  "tofu-022": wire(
    "transient",
    "timeout",
    true,
    "No answer within 3 s: the client raised -32001 Request timed out.",
  ),
  "tofu-023": silent(
    "transient",
    null,
    true,
    "Ordinary text 'Failed to get details for module terraform-aws-modules/ecr (aws): fetch failed': the registry could not be reached; no network code shown.",
  ),
  "tofu-024": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool list-provider-versions not found'.",
  ),
};
