# gygy — the two set-up commands are `make run` and `make test`.

GO        ?= go
GOROOT    := $(shell $(GO) env GOROOT)
WASM_EXEC := $(GOROOT)/lib/wasm/go_js_wasm_exec
BIN       := bin/gygy

.PHONY: all build run test fmt-check vet test-native test-wasm bench bench-wasm clean

all: build

## build: the gygy command-line tool into bin/
build:
	$(GO) build -o $(BIN) ./cmd/gygy

## run: until the web app lands, a demo of the rules engines on the command line
run: build
	$(BIN) demo

## test: formatting, vet, race-enabled tests, and the engines again as WebAssembly in Node
test: fmt-check vet test-native test-wasm

fmt-check:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./engine/...

test-native:
	$(GO) test -race ./...

# The engines run in the browser, so their tests run there too: GOOS=js in Node.
test-wasm:
	GOOS=js GOARCH=wasm $(GO) test -exec="$(WASM_EXEC)" ./engine/...

## bench: engine benchmarks natively and as WebAssembly, for the ratio
bench:
	$(GO) test -run='^$$' -bench=. -benchmem ./engine/...

bench-wasm:
	GOOS=js GOARCH=wasm $(GO) test -exec="$(WASM_EXEC)" -run='^$$' -bench=. -benchmem ./engine/...

clean:
	rm -rf bin
