# gygy — the two set-up commands are `make run` and `make test`.

GO        ?= go
GOROOT    := $(shell $(GO) env GOROOT)
WASM_EXEC := $(GOROOT)/lib/wasm/go_js_wasm_exec
BIN       := bin/gygy
ADDR      ?= 127.0.0.1:8080
PREFIX    ?=
SIGNAL    ?=
DIST      ?= dist

.PHONY: all build lab patterns gyges-weights nodes wasm run static icons test fmt-check vet test-native test-wasm bench bench-wasm bench-web clean FORCE

all: build wasm

## build: the gygy command-line tool and server into bin/
build:
	$(GO) build -o $(BIN) ./cmd/gygy

## lab: the laboratory, gygy-lab, into bin/ (the studies: see README)
lab:
	$(GO) build -o bin/gygy-lab ./cmd/gygy-lab

## wasm: the web app (web/app.wasm), the computer player that runs in a
## Web Worker (web/bot.wasm), the QR reader that runs in another when a
## camera opens (web/qr.wasm), and their gzip and brotli forms
wasm: web/app.wasm web/app.wasm.gz web/app.wasm.br web/bot.wasm web/bot.wasm.gz web/bot.wasm.br web/qr.wasm web/qr.wasm.gz web/qr.wasm.br

# Rebuilt every time, but replaced only when they changed, so the compressed
# forms (brotli at its best level takes a while) are redone only then.
web/app.wasm: FORCE
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="-s -w" -o $@.tmp ./wasm
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi

web/bot.wasm: FORCE
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="-s -w" -o $@.tmp ./wasm/bot
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi

web/qr.wasm: FORCE
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="-s -w" -o $@.tmp ./wasm/qr
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi

web/%.wasm.gz: web/%.wasm
	gzip -9 -n -c $< > $@

web/%.wasm.br: web/%.wasm
	@if command -v brotli >/dev/null; then echo "brotli $<"; brotli -f -q 11 -o $@ $< && touch $@; \
	else echo "brotli is not installed (apt-get install brotli): $< will be served gzip-compressed only"; fi

## run: build the web app and serve it on localhost (ADDR=host:port to change)
run: build wasm
	$(BIN) serve --addr $(ADDR) --signal "$(SIGNAL)"

## static: the whole app as plain files in $(DIST)/ for any static host;
## PREFIX=/gygy for a site under a sub-path, SIGNAL=wss://… for online play
static: build wasm
	rm -rf $(DIST)
	$(BIN) static --out $(DIST) --prefix "$(PREFIX)" --signal "$(SIGNAL)"

## icons: redraw web/icon.svg, icon-192.png and icon-512.png
icons: build
	$(BIN) icons --out web

## test: formatting, vet, race-enabled tests (the browser tests among them),
## and the engines again as WebAssembly in Node
test: fmt-check vet test-native test-wasm

fmt-check:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./engine/... ./app/... ./wasm/...

# The browser tests (cmd/gygy/browser_*_test.go) need Chromium; without it
# they skip with a loud message, and GYGY_REQUIRE_BROWSER=1 makes that fail.
test-native:
	$(GO) test -race -timeout 45m ./...

# The engines run in the browser, so their tests run there too: GOOS=js in Node.
test-wasm:
	GOOS=js GOARCH=wasm $(GO) test -exec="$(WASM_EXEC)" ./engine/... ./app/session/... ./app/p2p/rtc/...

## patterns: retrain GYRE's learned move priors (engine/bot/gyre_patterns.txt)
## on the bots' games kept in cmd/gygy-lab/testdata/patterns (a few seconds;
## the same games give the same weights)
patterns: lab
	bin/gygy-lab gyre patterns --epochs 3 --out engine/bot/gyre_patterns.txt cmd/gygy-lab/testdata/patterns/*.log

## gyges-weights: retrain Gygès's learned evaluation (engine/bot/gyges_weights.txt)
## on the self-play games kept in cmd/gygy-lab/testdata/gyges (seconds; the
## same games give the same weights)
gyges-weights: lab
	bin/gygy-lab gyges tune --out engine/bot/gyges_weights.txt cmd/gygy-lab/testdata/gyges/selfplay.txt

## nodes: the nodes Hard's Gygès search needs for each depth on the
## measuring positions (a lab test): they depend on no clock, so two
## versions of the search compare exactly
nodes:
	GYGY_DEPTH_NODES=3000000 $(GO) test -count=1 -run 'TestMeasureDepthNodes$$' -v ./cmd/gygy-lab

## bench: engine benchmarks natively and as WebAssembly, for the ratio
bench:
	$(GO) test -run='^$$' -bench=. -benchmem ./engine/...

bench-wasm:
	GOOS=js GOARCH=wasm $(GO) test -exec="$(WASM_EXEC)" -run='^$$' -bench=. -benchmem ./engine/...

## bench-web: Lighthouse (pinned in tools/benchweb/package.json, installed
## there by npm on first use; Chromium from CHROME_PATH, default
## /usr/bin/chromium) on the home screen and a game screen of a fresh
## gygy serve: scores and timings, median of RUNS (default 3).
## GYGY_BENCH_TRACE=1 traces the start instead (tools/benchweb/trace.mjs:
## the main thread's tasks under a real 4x CPU slowdown, by phase).
## GYGY_BENCH_LANG=fr runs the browser in French; GYGY_BENCH_SCREENS
## picks the screens (see tools/benchweb/run.sh).
RUNS ?= 3
bench-web: build wasm
	tools/benchweb/run.sh $(RUNS)

clean:
	rm -rf bin $(DIST) web/*.wasm web/*.wasm.* cmd/gygy/testout
