import NextLink from "next/link";
import type { ComponentProps } from "react";

/**
 * The app's links: next/link without prefetching. Every dashboard page is rendered per request
 * from the database, so a prefetch fetches nothing a click could use — and a page of 50 rows,
 * bars and sort headers would send the server dozens of requests after every page view, which
 * slowed the next page people opened. The search forms (next/form) are told the same.
 */
export function Link(props: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={false} {...props} />;
}
