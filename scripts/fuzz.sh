#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer (cargo-fuzz, stable Rust: no sanitizer, debug
# assertions on). Runs each target in fuzz/fuzz_targets for SECONDS (default 60):
#   bash scripts/fuzz.sh [SECONDS] [TARGET...]
# The corpus grows in fuzz/corpus/<target> (not committed), seeded from fuzz/seeds/<target>.
# A failure is copied to fuzz/regressions/<target>/, where `cargo test --test fuzz` replays
# it from then on, and the run fails. A summary goes to target/fuzz-report.txt.
# Needs cargo-fuzz (scripts/setup.sh installs it; `make fuzz` runs setup first).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && mapfile -t targets < <(cd fuzz && cargo fuzz list)

mkdir -p target
report=target/fuzz-report.txt
: >"$report"
cargo fuzz build -s none --debug-assertions
failed=0
for t in "${targets[@]}"; do
  rm -rf "fuzz/artifacts/$t"
  mkdir -p "fuzz/corpus/$t" "fuzz/artifacts/$t"
  log=target/fuzz-$t.log
  if cargo fuzz run -s none --debug-assertions "$t" "fuzz/corpus/$t" "fuzz/seeds/$t" -- \
    -max_total_time="$seconds" -max_len=4096 -rss_limit_mb=2048 -print_final_stats=1 \
    >"$log" 2>&1; then
    runs=$(grep -o 'Done [0-9]* runs in [0-9]* second' "$log" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
    printf '%-6s ok      %s (%s, corpus %s files)\n' "$t" "$runs" "$cov" \
      "$(find "fuzz/corpus/$t" -type f | wc -l)" | tee -a "$report"
  else
    failed=1
    mkdir -p "fuzz/regressions/$t"
    # A crash becomes a regression test; a timeout or running out of memory (slow-unit-,
    # timeout-, oom-) is reported for a person to reduce first.
    for a in "fuzz/artifacts/$t"/*; do
      case "$(basename "$a")" in
        crash-*) cp "$a" "fuzz/regressions/$t/" && echo "kept $a in fuzz/regressions/$t/" ;;
        *) [ -f "$a" ] && echo "not kept (not a crash): $a" ;;
      esac
    done
    printf '%-6s FAILED  see %s\n' "$t" "$log" | tee -a "$report"
    grep -m5 -A20 "panicked\|ERROR" "$log" || tail -30 "$log"
  fi
done
exit $failed
