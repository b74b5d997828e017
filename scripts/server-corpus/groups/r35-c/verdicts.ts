// Verdicts for group r35-c, written from the captured exchanges (the `call` objects in
// test/fixtures/server-corpus/groups/r35-c.jsonl), never by running Faultline. Conventions:
// test/fixtures/server-corpus/README.md, "How the verdicts were made": words decide over a generic code
// (a missing thing is `validation` under -32603), a system error name is the code lower-cased, a status the
// tool quotes is `http_<status>`, the client's -32001 is `timeout`.

import { ok, partial, rpc, silent, tool, wire } from "../../verdict-helpers.js";
import type { Verdict } from "../../verdicts.js";

const WASTED =
  "The previous call with this tool and these arguments failed non-retryably and this one fails the same way.";

export const VERDICTS: Record<string, Verdict> = {
  // --- drawio-mcp 1.6.0: .drawio.svg files through mxGraph on jsdom; failures are JSON-RPC errors -------------------
  "dio-001": ok("'Created new diagram: diagrams/checkout.drawio.svg'."),
  "dio-002": ok("'Nodes added to diagrams/checkout.drawio.svg' for the three nodes."),
  "dio-003": ok("'Linked nodes in diagrams/checkout.drawio.svg' for the two edges."),
  "dio-004": ok(
    "The diagram's mxGraphModel XML: the three vertices and the edges web-2-api (HTTPS) and api-2-db (dashed).",
  ),
  "dio-005": ok("'Nodes edited in diagrams/checkout.drawio.svg'."),
  "dio-006": ok("'Nodes added to …' with the hierarchical left-right layout applied."),
  "dio-007": ok(
    "'Linked nodes in diagrams/checkout.drawio.svg' for an edge to 'cache', which is not in the diagram. The next read shows the edge inserted with a source and no target; nothing in this answer says so, and the tool did add an edge. Borderline: a dangling edge is arguably a silent validation failure.",
  ),
  "dio-008": ok(
    "The diagram's XML, now with api-2-cache (source api, no target), the renamed 'Checkout API v2' at x 260 and the 'Payment events' node. A read that returned the diagram.",
  ),
  "dio-009": ok(
    "'Removed nodes: ghost from diagrams/checkout.drawio.svg' for an id the diagram does not have: removing what is not there leaves the diagram as asked (as the memory server's deletes of missing entities were judged). Borderline: the answer claims a removal that did not happen.",
  ),
  "dio-010": rpc(
    "validation",
    "-32603",
    false,
    "JSON-RPC error -32603 'Node not found' for edit_nodes on id 'ghost': a named thing that does not exist. Words decide over the generic code; the code member is -32603.",
  ),
  "dio-011": rpc(
    "validation",
    "-32602",
    false,
    "JSON-RPC error -32602 'Unsupported layout algorithm: spiral. Supported: hierarchical, circle, …': a bad argument.",
  ),
  "dio-012": rpc(
    "validation",
    "-32602",
    false,
    "JSON-RPC error -32602 'Invalid hierarchical direction: diagonal. Allowed: top-down, left-right': a bad argument.",
  ),
  "dio-013": rpc(
    "validation",
    "-32602",
    false,
    "JSON-RPC error -32602 'file_path and nodes are required' for an empty nodes array.",
  ),
  "dio-014": rpc(
    "validation",
    "-32602",
    false,
    `The same -32602 'file_path and nodes are required'. ${WASTED}`,
    true,
  ),
  "dio-015": rpc(
    "validation",
    "enoent",
    false,
    "JSON-RPC error -32603 'ENOENT: no such file or directory, access '…/diagrams/payments.drawio.svg'': the diagram file does not exist. The system error name is the most specific code.",
  ),
  "dio-016": silent(
    "validation",
    null,
    false,
    "An ordinary result 'Graph xml representation:' with an empty mxGraphModel (only the two root cells) for logo.svg, a plain SVG with no embedded draw.io model: the server found no diagram in the file and answered as if the diagram were empty. A lookup of one named thing answered with an empty structure, so a silent validation failure.",
  ),
  "dio-017": rpc(
    "validation",
    "eisdir",
    false,
    "JSON-RPC error -32603 'EISDIR: illegal operation on a directory, read': a folder was given where a diagram file was expected.",
  ),
  "dio-018": rpc(
    "validation",
    "eexist",
    false,
    "JSON-RPC error -32603 'EEXIST: file already exists, mkdir '…/diagrams/checkout.drawio.svg'': the new diagram's parent folder would be an existing file; the caller's path is wrong.",
  ),
  "dio-019": rpc(
    "validation",
    "-32602",
    false,
    "JSON-RPC error -32602 'file_path is required': the argument is missing.",
  ),
  "dio-020": rpc(
    "internal",
    "-32603",
    true,
    "JSON-RPC error -32603 '__dirname is not defined' for export_png, a tool the server does not have. The server's catch-all tries to log the unknown-tool error with a logger that uses __dirname in an ES module, and that ReferenceError is what comes back; nothing on the wire names the unknown tool. An uncaught exception with no better signal: internal, retryable by the contract's default, though the same call fails again.",
  ),
  "dio-021": ok("'Removed nodes: queue from diagrams/checkout.drawio.svg' for a node that exists."),
  "dio-022": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 3 s: MCP error -32001 Request timed out (new_diagram under /proc, whose recursive mkdir never returns). A client timeout.",
  ),

  // --- @mcp-z/mcp-pdf 3.2.2: PDFKit documents, pdf.js page images; failures are isError text ---------------------
  "pdf-001": ok(
    "A JSON summary 'Created PDF document: q3-report.pdf', itemsProcessed 4, a file URI, sizeBytes 1676, pageCount 1.",
  ),
  "pdf-002": ok("'Created PDF document: release-notes.pdf', itemsProcessed 4, pageCount 2 (A4 margins)."),
  "pdf-003": ok("'Created PDF document: badge.pdf', itemsProcessed 2 (the PNG and the caption)."),
  "pdf-004": tool(
    "validation",
    null,
    false,
    "isError 'Error creating PDF document: Cannot determine image dimensions for: …/letterhead.png. File may not exist or format is unsupported. Please provide explicit width and height.': the image file is not there; the caller's input.",
  ),
  "pdf-005": partial(
    "validation",
    null,
    false,
    'The document was created (greetings.pdf, pageCount 1), but its warnings say \'Characters "—" (U+2014), "Ε" (U+0395), … and 9 more won\'t render in Helvetica\': the server laid the text out in Helvetica although a TrueType font path was given, so most of the text will not show. A success with a failed part. Borderline: warnings on a created file can be read as a plain ok.',
  ),
  "pdf-006": partial(
    "validation",
    null,
    false,
    'The document was created (launch.pdf), but \'Characters "🚀" (U+D83D), "東" (U+6771), "京" (U+4EAC) won\'t render in Helvetica\': part of the text is lost. A success with a failed part; the caller must choose another font or other characters.',
  ),
  "pdf-007": ok(
    "'Created PDF document: brand.pdf' after downloading the font from the font host (which answered 200).",
  ),
  "pdf-008": tool(
    "validation",
    "http_404",
    false,
    "isError 'Error creating PDF document: Font download failed (HTTP 404): Not Found': the font URL names a file the host does not have.",
  ),
  "pdf-009": tool(
    "transient",
    "http_503",
    true,
    "isError 'Error creating PDF document: Font download failed (HTTP 503): Service Unavailable': the font host is unavailable for now.",
  ),
  "pdf-010": tool(
    "transient",
    null,
    true,
    "isError 'Error creating PDF document: fetch failed': the font host could not be reached (it was down). No code in the text.",
  ),
  "pdf-011": tool(
    "validation",
    null,
    false,
    "isError 'Input validation error: Invalid arguments for tool pdf-document: content: Invalid input: expected array, received string': schema validation of the arguments, with no code in the text.",
  ),
  "pdf-012": tool(
    "validation",
    null,
    false,
    `The same 'Input validation error: … expected array, received string'. ${WASTED}`,
    true,
  ),
  "pdf-013": ok("'Created PDF layout: roadmap-slide.pdf', pageCount 1, margins 0."),
  "pdf-014": ok("Two PNG images (pages 1 and 2, 148×210), totalPages 2."),
  "pdf-015": tool(
    "validation",
    null,
    false,
    "isError 'Failed to render any pages. The PDF may be empty or invalid.' for page 5 of a two-page PDF: the page asked for does not exist; the caller must ask for another.",
  ),
  "pdf-016": tool(
    "validation",
    null,
    false,
    "isError 'Error generating PDF image: Invalid PDF structure.': the file given is not a PDF.",
  ),
  "pdf-017": tool(
    "validation",
    null,
    false,
    "isError 'Resume validation failed: /basics/name: must be string': the resume does not match the JSON Resume schema.",
  ),
  "pdf-018": tool(
    "validation",
    null,
    false,
    "isError 'Layout references unknown sections: hobbies. Available sections: basics, …': a bad argument.",
  ),
  "pdf-019": rpc(
    "unknown_tool",
    "-32602",
    false,
    "JSON-RPC error -32602 'Tool pdf-merge not found': the tool does not exist; words decide over the generic code.",
  ),
  "pdf-020": ok(
    "'Created PDF document: memo.pdf'. The font path given does not exist and the server fell back to Helvetica without a word; the text is plain ASCII, so nothing in the answer or the document shows a failure.",
  ),
  "pdf-021": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 3 s: MCP error -32001 Request timed out (the font host answers after 8 s). A client timeout.",
  ),
  "pdf-022": ok(
    "Over Streamable HTTP (200): the two measurements, 173.52×27.67 in Times-Bold and 281.95×26.78 in Times-Roman.",
  ),
  "pdf-023": ok("'Generated resume PDF: ada-lovelace-cv.pdf' with an http://127.0.0.1:43260/files/… URI."),
  "pdf-024": ok("'Created PDF document: handover.pdf', itemsProcessed 4, pageCount 1."),
  "pdf-025": tool(
    "validation",
    null,
    false,
    "HTTP 200 with isError 'PDF file not found: …/input/handbook-v2.pdf': the file does not exist.",
  ),
};
