#!/usr/bin/env bash
# Whole-process speed of permgate: builds it, then runs the Go harness in
# scripts/bench. Targets (docs/speed.md): check median ≤ 3 ms, peak RSS ≤ 20 MB; exec
# overhead ≤ 3 ms. A static build (CGO_ENABLED=0) starts about 1 ms faster than one
# that loads the C library for the net package pflag links.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(mktemp -d)/permgate
trap 'rm -rf "$(dirname "$bin")"' EXIT
CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$bin" .
go run ./scripts/bench -permgate "$bin" -n "${N:-300}"
