# The two commands: `make serve` and `make test`. Each installs whatever is missing first.
.PHONY: serve test bench setup package example

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
