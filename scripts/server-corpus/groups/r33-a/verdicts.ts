// Verdicts for group r33-a, written from the captured exchanges (test/fixtures/server-corpus/groups/r33-a.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, tool, wire } from "../../verdict-helpers.js";

const WASTED =
  "The previous call in this session with the same tool and the same arguments failed non-retryably: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // ------------------------------------------------------------------------------------- ffmpeg-mcp (stdio)
  // When ffmpeg exits non-zero the tool answers isError "Error: " + everything ffmpeg printed: its version banner,
  // build configuration and library versions first, the stream listing, and ffmpeg's own message on the last
  // lines. Those messages quote strerror texts ("No such file or directory", "Invalid argument", "Numerical result
  // out of range"), not error names, so they carry no errorCode. A binary that cannot be spawned is Node's
  // "spawn <path> ENOENT". Schema errors and unknown tools are isError results quoting -32602 (SDK 1.x McpServer).
  "ff-001": ok(
    "Successfully extracted audio to …/media/interview_output.mp3 (the default output name beside the input)",
  ),
  "ff-002": ok("Successfully extracted audio to the chosen …/out/interview-audio.mp3"),
  "ff-003": ok("Successfully sped up video to …/media/interview_output.mp4 (2×, 30 fps by default)"),
  "ff-004": ok("Successfully sped up video to …/out/interview-1.5x.mp4"),
  "ff-005": ok("Successfully sped up video to …/out/interview-slow.mp4: a speed factor of 0.5 slows it down"),
  "ff-006": ok("Successfully extracted audio from the 1.5× file made in ff-004"),
  "ff-007": ok("Successfully sped up the silent screen recording to 3× at 15 fps"),
  "ff-008": tool(
    "validation",
    null,
    false,
    "isError: ffmpeg's output ends 'Output file #0 does not contain any stream' — the screen recording has no audio stream to extract; the input does not fit the tool",
  ),
  "ff-009": ok(
    "Successfully sped up the silent screen recording to 2×: ffmpeg ignores the audio filter when there is no audio stream",
  ),
  "ff-010": tool(
    "validation",
    null,
    false,
    "isError: ffmpeg's output ends '…/media/keynote.mp4: No such file or directory' — the named input file does not exist (strerror text, no error name)",
  ),
  "ff-011": tool(
    "validation",
    null,
    false,
    `the same 'keynote.mp4: No such file or directory' for the same arguments. ${WASTED}`,
    true,
  ),
  "ff-012": tool(
    "validation",
    null,
    false,
    "isError: 'moov atom not found' / 'broken-upload.mp4: Invalid data found when processing input' — a corrupt (truncated) file",
  ),
  "ff-013": tool(
    "validation",
    null,
    false,
    "isError: ffmpeg refuses the atempo filter: 'Value 0.200000 for parameter 'tempo' out of range [0.5 - 100]' … 'Conversion failed!'. The schema accepted 0.2 (it allows 0.1–10) but the argument is out of ffmpeg's range: a bad argument, not retryable (see README, Ambiguous)",
  ),
  "ff-014": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: … Number must be less than or equal to 10 at speed_factor'",
  ),
  "ff-015": tool(
    "validation",
    null,
    false,
    "isError: ffmpeg's output ends '…/exports/2026/interview.mp3: No such file or directory' — the output folder the caller named does not exist",
  ),
  "ff-016": tool(
    "validation",
    null,
    false,
    "isError: '[ogg] Unsupported codec id in stream 0' / 'Could not write header for output file #0 (incorrect codec parameters ?): Invalid argument' … 'Conversion failed!' — an output format that cannot hold mp3",
  ),
  "ff-017": ok("Successfully sped up video to …/out/interview-4x.mp4 (4×, 10 fps)"),
  "ff-018": ok(
    "'Successfully sped up video to …/interview-audio-2x.mp3': ffmpeg ran and wrote the sped-up audio (the video filter had no stream to apply to); the wording says video but the file is what was asked",
  ),
  "ff-019": tool("unknown_tool", "-32602", false, "isError 'MCP error -32602: Tool convert_video not found'"),
  "ff-020": ok("Successfully extracted the 40 s webinar's audio to …/out/webinar.mp3"),
  "ff-021": ok("Successfully extracted the half-speed version's audio"),
  "ff-022": wire(
    "transient",
    "timeout",
    true,
    "client timeout -32001 after 2 s: the full re-encode of the 40 s 720p webinar was still running in ffmpeg",
  ),
  "ff-023": ok("Successfully extracted audio while the timed-out re-encode went on in the server"),
  "ffx-001": tool(
    "internal",
    "enoent",
    false,
    "isError 'spawn /opt/ffmpeg/bin/ffmpeg ENOENT': the server's configured ffmpeg binary is not installed — the server's own environment, not the caller's arguments (as bw-015 in r16-a); not retryable until someone installs it",
  ),
  "ffx-002": tool(
    "internal",
    "enoent",
    false,
    "isError 'spawn /opt/ffmpeg/bin/ffmpeg ENOENT' from the other tool (different tool, so not a wasted retry)",
  ),

  // -------------------------------------------------------------------------------------- sharp-mcp (stdio)
  // Every handler catches its errors and answers isError with a plain sentence ("File not found: …", "Invalid or
  // corrupted image file: …", "Invalid or non-existent session ID. …") or "Error <doing x>: <sharp's or Node's
  // message>". Schema errors and unknown tools are isError results quoting -32602. Successes are JSON text.
  "sh-001": ok("list_session before any session: '[]' — a listing that found nothing", true),
  "sh-002": ok("a session for product.png: {sessionId, source_path, file_size: 469}"),
  "sh-003": ok('{"width":64,"height":48,"mimeType":"image/png"}'),
  "sh-004": ok('the average colour around (10, 10): {"r":36,"g":203,"b":203,"hex":"#24CBCB"}'),
  "sh-005": ok("a 16×12 crop as base64 PNG"),
  "sh-006": ok('{"success":true,"path":"…/out/product-crop.png"}'),
  "sh-007": ok(
    'WebP written: {"success":true, … "originalSize":469,"compressedSize":636,"compressionRatio":"-35.61%"} — the tiny PNG grew, but the conversion did what was asked',
  ),
  "sh-008": ok("the photo as a base64 JPEG at quality 40 (867 bytes, larger than the 469-byte PNG)"),
  "sh-009": ok("a session for the base64 JPEG badge: {sessionId}"),
  "sh-010": ok('{"width":24,"height":24,"mimeType":"image/jpeg"}'),
  "sh-011": ok("the two sessions, each with its base64 payload and description"),
  "sh-012": ok("a session for the WebP the server wrote in sh-007 (file_size 636)"),
  "sh-013": ok('{"width":64,"height":48,"mimeType":"image/webp"}'),
  "sh-014": ok("the badge recompressed as JPEG at quality 90, as base64 (276 bytes from 230)"),
  "sh-015": tool(
    "validation",
    null,
    false,
    "isError 'Path must be absolute. Received relative path: \"media/product.png\"'",
  ),
  "sh-016": tool("validation", null, false, "isError 'File not found: \"…/media/hero-banner.png\"'"),
  "sh-017": tool(
    "validation",
    null,
    false,
    "isError 'Invalid or corrupted image file: \"…/media/scan.jpg\"' — the JPEG was cut off",
  ),
  "sh-018": ok(
    "create_session accepted base64 that decodes to text and answered a sessionId: the tool stores any payload unchecked, and nothing in this answer is a failure (the next call is; see README, Ambiguous)",
  ),
  "sh-019": tool(
    "validation",
    null,
    false,
    "isError 'Error getting image size: Input buffer contains unsupported image format' — the session holds text, not an image",
  ),
  "sh-020": tool(
    "validation",
    null,
    false,
    "isError 'Invalid or non-existent session ID. Please call create_session first …' — the named session does not exist",
  ),
  "sh-021": tool(
    "validation",
    null,
    false,
    `the same 'Invalid or non-existent session ID' for the same id. ${WASTED}`,
    true,
  ),
  "sh-022": tool("validation", null, false, "isError 'Coordinates (500, 400) exceed image bounds (64x48).'"),
  "sh-023": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: … Invalid enum value. Expected 'jpeg' | 'png' | 'webp', received 'gif' at format'",
  ),
  "sh-024": tool(
    "internal",
    "enoent",
    false,
    "isError 'Error removing background: ENOENT: no such file or directory, open '<cwd>/node_modules/@imgly/background-removal-node/dist/resources.json'': the model library looks for its model files under the server's working directory, where they are not — the server's installation, not the caller's input (see README, Ambiguous)",
  ),
  "sh-025": tool("unknown_tool", "-32602", false, "isError 'MCP error -32602: Tool resize_image not found'"),
};
