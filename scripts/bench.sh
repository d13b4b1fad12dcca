#!/usr/bin/env bash
# Whole-process speed of permgate: builds it, then runs the Go harness in
# scripts/bench. Targets (SPEC §5): check median ≤ 3 ms, peak RSS ≤ 20 MB; exec
# overhead ≤ 3 ms.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(mktemp -d)/permgate
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -trimpath -ldflags "-s -w" -o "$bin" .
go run ./scripts/bench -permgate "$bin" -n "${N:-300}"
