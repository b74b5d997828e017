// A stdio server that exited before it answered initialize never started: its command was not
// found (a shell's exit 127, or spawn's ENOENT), could not be run (126: not executable, not
// permitted), or it died on its own (a missing argument, a crash at start-up). Faultline files
// these under the `launch` category, not retryable: the same command fails the same way until
// someone changes the client's configuration. The text says what the server last wrote on
// stderr, which is where a shell or a server says why ("sh: 1: my-server: not found").

export interface LaunchFailure {
  transportError: "command_not_found" | "command_not_executable" | "exited_before_initialize";
  reason: string;
}

/** The end of the server's stderr quoted in the text: its last lines, at most this many characters. */
const QUOTED_CHARS = 400;

/**
 * What the exit of a server that never answered initialize says, or undefined when it was not a
 * failed launch: the client went away first and the server simply followed it (any exit but
 * 126/127, which no client causes).
 */
export function launchFailure(
  code: number | null,
  signal: string | null,
  stderr: string | undefined,
  clientGone: boolean,
): LaunchFailure | undefined {
  const quoted = lastLines(stderr ?? "");
  const said = quoted ? `; it said on stderr: ${quoted}` : "";
  if (code === 127)
    return {
      transportError: "command_not_found",
      reason: `the server's command was not found (exit code 127) before it answered initialize${said}`,
    };
  if (code === 126)
    return {
      transportError: "command_not_executable",
      reason: `the server's command could not be run (exit code 126: not executable or not permitted) before it answered initialize${said}`,
    };
  if (clientGone) return undefined;
  const how = code !== null ? `exited with code ${code}` : `was stopped by ${signal ?? "a signal"}`;
  return {
    transportError: "exited_before_initialize",
    reason: `the server ${how} before it answered initialize${said}`,
  };
}

function lastLines(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  let quoted = "";
  for (let index = lines.length - 1; index >= 0; index--) {
    const next = quoted ? `${lines[index]} / ${quoted}` : lines[index]!;
    if (next.length > QUOTED_CHARS) return quoted || next.slice(-QUOTED_CHARS);
    quoted = next;
  }
  return quoted;
}
