# The two commands: `make serve` and `make test`. Each installs whatever is missing first.
.PHONY: serve test check bench setup package example fuzz soak throttle bench-review server server-static load-many

serve:
	bash scripts/serve.sh

test:
	bash scripts/test.sh

# The one file to host (docs/deploy.md): the server with the release site built in,
# target/release/connect-four-server; `server-static`, the same for any x86_64 Linux
# (musl, static): target/x86_64-unknown-linux-musl/release/connect-four-server.
server:
	bash scripts/setup.sh serve
	bash scripts/server.sh

server-static:
	bash scripts/setup.sh
	bash scripts/server.sh static

# The quick loop while working: formatting, clippy and the native tests (about a minute
# once the tools are installed and the build is warm; it installs nothing).
check:
	bash scripts/check.sh

setup:
	bash scripts/setup.sh

bench:
	bash scripts/bench.sh

# The load generator against three server processes on one PostgreSQL, then one on SQLite:
# see docs/online.md, "Past one machine" (GAMES=2000 SECONDS_OF_PLAY=60 by default).
load-many:
	bash scripts/load-many.sh

package:
	bash scripts/package.sh

example:
	bash scripts/example.sh

# Coverage-guided fuzzing, each target for FUZZ_SECONDS (default 60): see scripts/fuzz.sh.
FUZZ_SECONDS ?= 60
fuzz:
	bash scripts/setup.sh
	bash scripts/fuzz.sh $(FUZZ_SECONDS)

# Ten minutes of computer against computer in Chromium (SOAK_SECONDS): console errors,
# stalls, frame times, memory. Outside `make test`. See scripts/soak.mjs.
SOAK_SECONDS ?= 600
soak:
	bash scripts/setup.sh
	bash -c 'source scripts/env.sh && trunk build --release --offline'
	node scripts/soak.mjs soak $(SOAK_SECONDS)

# A game against hard, then perfect, with the CPU slowed 6x: move times and long tasks.
throttle:
	bash scripts/setup.sh
	bash -c 'source scripts/env.sh && trunk build --release --offline'
	node scripts/soak.mjs throttle 6

# The review's time in Chromium, for a 42-move and a 25-move game: see scripts/bench-review.mjs.
bench-review:
	bash scripts/setup.sh
	bash -c 'source scripts/env.sh && trunk build --release --offline && bash scripts/package.sh'
	node scripts/bench-review.mjs 5
