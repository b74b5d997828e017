// What an admin is told of the admin-scope keys that went with a user's admin flag or account.

export function revokedKeysNote(count: number): string {
  if (count === 0) return "";
  return ` ${count} admin-scope ${count === 1 ? "key" : "keys"} they created ${count === 1 ? "was" : "were"} revoked.`;
}
