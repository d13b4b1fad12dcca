#!/usr/bin/env bash
# How fast permgate answers, measured as docs/speed.md states its targets:
# whole processes side by side in one run (scripts/speed: hook and check
# against a static Go hello world and the Go peer guards, peak RSS, a 1 MiB
# hook payload, scan's rate, the shell guard per Enter), then the in-process
# benchmarks (a command's median, the hook's cost from 1 KiB to 1 MiB, one
# Enter at the guard).
#
#   scripts/speed.sh [REV]
#
# With REV (a commit), the code at REV is built and measured beside the
# working tree's, in the same rounds. PEERS=DIR names a directory with the
# peer guards' binaries under DIR/bin (see docs/speed.md); ROUNDS and LOOPS
# change the process rounds (default 50 × 2); BENCHTIME the benchmarks'.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
cleanup() {
  [ -d "$tmp/rev" ] && git worktree remove --force "$tmp/rev" >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT
build() { (cd "$1" && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$2" .); }

echo "== machine: $(uname -sm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ //'), $(go version | cut -d' ' -f3)"
echo "== permgate: $(git describe --always --dirty)"
build . "$tmp/permgate"
(cd scripts/speed/hello && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$tmp/hello" .)
before=()
if [ $# -gt 0 ]; then
  git worktree add --detach -q "$tmp/rev" "$1"
  build "$tmp/rev" "$tmp/permgate-before"
  before=(-before "$tmp/permgate-before")
  echo "== before: $(git -C "$tmp/rev" describe --always)"
fi
ls -l "$tmp/permgate" | awk '{printf "== binary: %.1f MB (stripped, static)\n", $5/1048576}'

# scan's corpus: every command of the analysis corpora and the prompt-economy
# sets, one a line.
{
  grep -hv '^#' testdata/economy/*.txt | grep -v '^[[:space:]]*$' || true
  grep -hv '^#' testdata/corpus/*.txt | cut -f1 | grep -v '^[[:space:]]*$' || true
} > "$tmp/corpus.txt"

go run ./scripts/speed -permgate "$tmp/permgate" -hello "$tmp/hello" "${before[@]}" \
  -peers "${PEERS:-}" -rounds "${ROUNDS:-50}" -loops "${LOOPS:-2}" -corpus "$tmp/corpus.txt"

bench() {
  (cd "$1" && go test -run '^$' -bench "$2" -benchtime "${BENCHTIME:-1s}" "$3" 2>&1 | grep -E '^Benchmark' || true)
}
echo
echo "== in-process (go test -bench): a command's median (target ≤ 10 µs), the hook from 1 KiB to 1 MiB (linear: ns per byte flat), one Enter at the guard"
bench . 'BenchmarkCheck/(typical|corpus)$' ./validator
bench . 'BenchmarkHookPayload|BenchmarkGuardEnter' ./cmd
if [ -d "$tmp/rev" ]; then
  echo "== before, in-process"
  bench "$tmp/rev" 'BenchmarkCheck/(typical|corpus)$' ./validator
  bench "$tmp/rev" 'BenchmarkHookPayload|BenchmarkGuardEnter' ./cmd
fi
