# todo-remind: `make run` starts it, `make test` checks it. Both install what they need first.

SWIFT        ?= swift
PREFIX       ?= $(HOME)/.local
CONFIG       ?= debug
# Debian packages the build and the tests need: GRDB links the system SQLite,
# the notifier libnotify; the tests run a real notification server (dunst on a
# private D-Bus and Xvfb display), drive a pseudo-terminal and make foreign
# databases with python3.
APT_PACKAGES := libsqlite3-dev pkg-config libnotify-dev \
                dbus dbus-x11 xvfb dunst libnotify-bin python3
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN          := .build/$(CONFIG)/todo-remind

.PHONY: deps build run test release clean

## deps: install the missing Debian packages (apt-get, through sudo when not root).
deps:
	@command -v $(SWIFT) >/dev/null || { echo "Swift 6 is needed: install it from swift.org and put swift on PATH." >&2; exit 1; }
	@missing=""; for p in $(APT_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing$$missing"; \
		$(SUDO) apt-get update -q && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing; \
	fi

## build: compile todo-remind.
build: deps
	$(SWIFT) build -c $(CONFIG)

## run: build, then run the reminder daemon in the foreground on the default store.
run: build
	$(BIN) daemon

## test: build and run every test, inside a private desktop session (D-Bus, Xvfb, dunst).
test: deps
	$(SWIFT) build --build-tests
	scripts/with-desktop-session $(SWIFT) test --skip-build

## release: an optimised build, for installing and benchmarks.
release: deps
	$(SWIFT) build -c release

clean:
	rm -rf .build
