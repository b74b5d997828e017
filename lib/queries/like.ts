// A user's search text as a LIKE pattern that matches it literally: anywhere, or at the start.

const escaped = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

export function containsPattern(text: string): string {
  return `%${escaped(text)}%`;
}

export function prefixPattern(text: string): string {
  return `${escaped(text)}%`;
}
