# cueref: the two commands of the README are "make run" and "make test".
GO ?= $(shell command -v go 2>/dev/null || echo /usr/local/go/bin/go)
export PATH := $(dir $(GO)):$(PATH)
BIN := bin/cueref
# Packages with no cgo: they must build for a Raspberry Pi (arm64) without a C toolchain.
PURE := ./table ./shot ./rules ./sim ./tracking ./calibration ./journal ./config ./feed ./referee ./hw ./web ./systemd

.PHONY: deps deps-run build run test vet fmt-check bench install clean

# Everything the tests need (OpenCV, mosquitto, Chromium).
deps:
	./scripts/install-deps

# What building and running need: no browser on a Pi that only referees.
deps-run:
	CUEREF_BROWSER_TESTS=0 ./scripts/install-deps

build: deps-run
	$(GO) build -o $(BIN) ./cmd/cueref

# Runs the referee on its embedded defaults: simulated table, embedded broker, web
# scoreboard, console lamps. Stop it with Ctrl-C.
run: build
	./$(BIN) run

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

test: deps fmt-check vet
	$(GO) test -count=1 -tags matprofile -timeout 40m ./...
	$(GO) test -count=1 -run Allocs ./vision/
	CGO_ENABLED=0 GOARCH=arm64 $(GO) build $(PURE)
	@echo "tests: all passed"

bench: deps
	$(GO) test -run '^$$' -bench . -benchtime 1x ./...

# Installs the binary, the config, the systemd unit and the cueref user on a Pi.
install: build
	BIN=$(BIN) ./scripts/install-pi

clean:
	rm -rf bin
