// PostgreSQL text cannot hold U+0000: every string a request hands to a query is refused with a
// 400 naming its field, rather than failing in the database as a 500.

export const hasNoNul = (value: string): boolean => !value.includes("\u0000");
