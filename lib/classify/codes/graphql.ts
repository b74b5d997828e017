import type { Category } from "../types";

// GraphQL `errors[].extensions.code` values: Apollo Server's built-in codes and Hasura's.
// Sources: https://www.apollographql.com/docs/apollo-server/data/errors#built-in-error-codes,
// https://hasura.io/docs/2.0/api-reference/graphql-api/errors/

export const GRAPHQL_CODES: Record<string, Category> = {
  graphql_parse_failed: "validation",
  graphql_validation_failed: "validation",
  bad_user_input: "validation",
  bad_request: "validation",
  persisted_query_not_found: "validation",
  persisted_query_not_supported: "validation",
  operation_resolution_failure: "validation",
  unauthenticated: "auth",
  forbidden: "permission",
  internal_server_error: "internal",
  // Hasura (kebab-case, normalised to snake_case here).
  validation_failed: "validation",
  parse_failed: "validation",
  constraint_violation: "validation",
  data_exception: "validation",
  not_exists: "validation",
  already_exists: "validation",
  access_denied: "permission",
  invalid_jwt: "auth",
  jwt_invalid: "auth",
  jwt_invalid_claims: "auth",
  invalid_headers: "auth",
  postgres_error: "internal",
  unexpected: "internal",
};
