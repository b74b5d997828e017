#!/usr/bin/env bash
# Runs each argument as a command at the same time and waits for all of them; fails (with the first
# failing status) if any fails. npm test uses it for steps that do not depend on each other and each
# use about one core — the type check beside the linter, the unit tests beside the build — so that a
# 2-core CI machine is not left half idle.
set -u
pids=()
for command in "$@"; do
  bash -c "$command" &
  pids+=("$!")
done
status=0
for pid in "${pids[@]}"; do
  wait "$pid" || { code=$?; [ "$status" -eq 0 ] && status=$code; }
done
exit "$status"
