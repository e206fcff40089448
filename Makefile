# The two commands: `make serve` and `make test`. Each installs whatever is missing first.
.PHONY: serve test bench setup package example fuzz soak

serve:
	bash scripts/serve.sh

test:
	bash scripts/test.sh

setup:
	bash scripts/setup.sh

bench:
	bash scripts/bench.sh

package:
	bash scripts/package.sh

example:
	bash scripts/example.sh

# Coverage-guided fuzzing, each target for FUZZ_SECONDS (default 60): see scripts/fuzz.sh.
FUZZ_SECONDS ?= 60
fuzz:
	bash scripts/setup.sh
	bash scripts/fuzz.sh $(FUZZ_SECONDS)
