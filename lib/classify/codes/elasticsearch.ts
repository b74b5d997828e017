import type { Category } from "../types";

// Elasticsearch and OpenSearch exception types (the `error.type` / `root_cause[].type` of their
// REST answers, and the first line of their clients' error messages). search_phase_execution_exception
// and security_exception say nothing by themselves: their root cause's words decide.
// Source: https://www.elastic.co/guide/en/elasticsearch/reference/current/common-options.html#common-options-error-options,
// https://github.com/elastic/elasticsearch/blob/main/server/src/main/java/org/elasticsearch/ElasticsearchException.java

export const ELASTICSEARCH_CODES: Record<string, Category> = {
  index_not_found_exception: "validation",
  resource_not_found_exception: "validation",
  resource_already_exists_exception: "validation",
  document_missing_exception: "validation",
  parsing_exception: "validation",
  x_content_parse_exception: "validation",
  json_parse_exception: "validation",
  illegal_argument_exception: "validation",
  action_request_validation_exception: "validation",
  mapper_parsing_exception: "validation",
  query_shard_exception: "validation",
  version_conflict_engine_exception: "validation",
  invalid_index_name_exception: "validation",
  es_rejected_execution_exception: "rate_limited",
  circuit_breaking_exception: "transient",
  cluster_block_exception: "transient",
  no_shard_available_action_exception: "transient",
  unavailable_shards_exception: "transient",
  master_not_discovered_exception: "transient",
  node_disconnected_exception: "transient",
  receive_timeout_transport_exception: "transient",
  process_cluster_event_timeout_exception: "transient",
  timeout_exception: "transient",
};
