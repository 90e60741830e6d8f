# todo-remind: `make run` starts it, `make test` checks it. Both install what they need first.

SWIFT        ?= swift
PREFIX       ?= $(HOME)/.local
CONFIG       ?= debug
# Debian packages the build needs: the store links the system SQLite,
# todo-remind-notifier links libnotify (found through pkg-config), recurrence
# is expanded by libical, the interactive view draws with ncurses, and
# todo-remind-window is GTK 4 with libadwaita (which brings libgtk-4-dev).
BUILD_PACKAGES := libsqlite3-dev pkg-config libnotify-dev libical-dev libncurses-dev libadwaita-1-dev
# And what the tests need beside them: a real notification server (dunst on a
# private D-Bus and Xvfb display), tmux for the interactive view, python3 for
# foreign databases and python3-dateutil for the recurrence fixtures. The sync
# tests run a real CalDAV peer on 127.0.0.1 (Tests/TestSupport/CalDAVPeer):
# radicale (python3-radicale, the server without the system service the
# radicale package installs) with a collection made by curl, two devices synced
# by vdirsyncer, and todoman as the second device's client. Calendar events are
# checked against khal's `list` and against recurring_ical_events, which PyPI
# has and Debian has only in an older version: pip puts it in a virtual
# environment of the build (python3-venv), REFERENCE_PYTHON. Taskwarrior's
# own export is imported; faketime runs the suite at other moments
# (scripts/faked-time-sweep). The desktop window is driven through the
# accessibility bus (at-spi2-core, python3-pyatspi) and clicked with xdotool
# (Tests/Fixtures/window-driver.py).
TEST_PACKAGES  := tmux dbus dbus-x11 xvfb dunst libnotify-bin python3 python3-dateutil \
                  python3-radicale vdirsyncer todoman curl khal python3-venv python3-pip \
                  taskwarrior python3-icalendar faketime at-spi2-core python3-pyatspi xdotool
BIN          := .build/$(CONFIG)/todo-remind
# The Python the event tests' references run in (Tests/TestSupport/ReferencePython).
REFERENCE_ENV    := .build/reference-python
REFERENCE_PYTHON := $(REFERENCE_ENV)/bin/python3
REFERENCE_PIP    := recurring-ical-events==3.8.2 icalendar==7.3.2
# What `make bench` compares with (Taskwarrior and its terminal view vit, remind) and measures by.
BENCH_PACKAGES := taskwarrior vit remind hyperfine time valgrind binutils
# What `make bench-soak`'s slow notification server is written with.
SOAK_PACKAGES := python3-dbus python3-gi
LINK_ORDER_PACKAGES := valgrind binutils

DESTDIR      ?=
BINDIR       := $(PREFIX)/bin
DATADIR      := $(PREFIX)/share
MANDIR       := $(DATADIR)/man/man1
# Where the systemd user unit and zsh's completion go; the Debian package
# puts them where Debian keeps them (scripts/build-deb).
USERUNITDIR  ?= $(DATADIR)/systemd/user
ZSHCOMPDIR   ?= $(DATADIR)/zsh/site-functions
# The version, read from the one place it is set.
VERSION      := $(shell sed -n 's/^\#define TODO_REMIND_VERSION "\(.*\)"$$/\1/p' Sources/CBuildInfo/include/build_info.h)
# The header naming the commit a release is built from (scripts/write-build-info).
BUILD_INFO   := .build/build-info
# What `make deb` builds with and checks by.
DEB_PACKAGES := dpkg-dev fakeroot lintian chrpath
DEB          := .build/deb/todo-remind_$(VERSION)_amd64.deb
RELEASE_BIN  := .build/release/todo-remind
# What notifies (the daemon, notify-test, status's server check): todo-remind
# runs it from beside itself, so both are installed in BINDIR.
RELEASE_NOTIFIER := .build/release/todo-remind-notifier
# The desktop window (GTK 4): `todo-remind window` and a click on a bubble run
# it from beside todo-remind, so it is installed in BINDIR too.
RELEASE_WINDOW := .build/release/todo-remind-window

# See `release`: empty (the toolchain's default linker) where glibc is older
# than 2.36 or the toolchain has no ld.lld beside swift.
SWIFT_BIN    := $(dir $(realpath $(shell command -v $(SWIFT) 2>/dev/null)))
RELEASE_LINK := $(shell test -x "$(SWIFT_BIN)ld.lld" && ldd --version 2>/dev/null | \
                  awk 'NR == 1 { split($$NF, v, "."); if (v[1] > 2 || (v[1] == 2 && v[2] >= 36)) \
                  print "-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs" }')
# An experiment, off by default: `make release LINK_ORDER=FILE` links with lld's
# --symbol-ordering-file, the functions FILE names first, next to each other, and
# says how many of its names the binaries still have (one they no longer have is
# skipped, never an error). `make link-order` writes such a file and links with it.
LINK_ORDER   ?=
RELEASE_ORDER := $(if $(and $(RELEASE_LINK),$(LINK_ORDER)),-Xlinker --symbol-ordering-file=$(abspath $(LINK_ORDER)) \
                  -Xlinker --no-warn-symbol-ordering)
# Where `make link-order` writes the functions a session ran: generated, never kept.
LINK_ORDER_FILE := .build/link-order.txt

.PHONY: deps deps-test reference-python build run test test-sweep release install uninstall clean bench bench-instructions bench-deps bench-soak link-order bench-events deb deb-check deb-install-test bench-window

## deps: install the missing Debian packages (apt-get, through sudo when not root).
deps:
	@command -v $(SWIFT) >/dev/null || { echo "Swift 6 is needed: install it from swift.org and put swift on PATH." >&2; exit 1; }
	scripts/apt-install-missing $(BUILD_PACKAGES)

## deps-test: deps, and the missing Debian packages the tests need.
deps-test: deps
	scripts/apt-install-missing $(TEST_PACKAGES)

## reference-python: a virtual environment with recurring_ical_events from PyPI
## (and icalendar, which it needs), for the event tests; made once, by pip.
reference-python: deps-test
	@$(REFERENCE_PYTHON) -c "import recurring_ical_events" 2>/dev/null || { \
		rm -rf $(REFERENCE_ENV) && python3 -m venv $(REFERENCE_ENV) && \
		$(REFERENCE_PYTHON) -m pip install --quiet --disable-pip-version-check $(REFERENCE_PIP); }

## build: compile todo-remind and todo-remind-notifier.
build: deps
	$(SWIFT) build -c $(CONFIG)

## run: build, then run the reminder daemon in the foreground on the default store.
run: build
	$(BIN) daemon

## test: build and run every test, inside a private desktop session (D-Bus, Xvfb, dunst).
## The end-to-end tests wait on threads of their own (TestSupport's OwnThread),
## at most TEST_WIDTH test cases at a time: most of their time is spent waiting
## for an instant, a bubble or a sync, not computing.
TEST_WIDTH ?= 6
test: deps-test reference-python
	$(SWIFT) build --build-tests
	SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=$(TEST_WIDTH) scripts/with-desktop-session $(SWIFT) test --skip-build

## test-sweep: the built tests again under libfaketime, at each of SWEEP_MOMENTS
## (scripts/faked-time-sweep names them; all five by default, about 6 minutes
## each), so that a test that holds only on the day it was written fails.
SWEEP_MOMENTS ?=
test-sweep: deps-test reference-python
	$(SWIFT) build --build-tests
	TEST_WIDTH=$(TEST_WIDTH) scripts/faked-time-sweep $(SWEEP_MOMENTS)

## release: an optimised build of the three executables, for installing and
## benchmarks: only the products, never the test support, which a user does
## not get and which needs the Testing module the static runtime lacks. The Swift
## runtime and FoundationEssentials are linked in: a third less start-up time and
## memory than loading them as shared libraries.
## Linked by lld with packed relative relocations (DT_RELR) where glibc
## (2.36 on) can load them and the toolchain has lld: the 84,000 relocations
## of each statically linked binary take 16 KB instead of 2 MB, which the
## loader reads at every start and which stayed resident in the daemon.
release: deps
	@# swift build relinks when an object or the flags change, not when the ordering file does.
	@for binary in $(RELEASE_BIN) $(RELEASE_NOTIFIER); do \
		if [ -n "$(RELEASE_ORDER)" ] && [ $(LINK_ORDER) -nt $$binary ]; then rm -f $$binary; fi; done
	scripts/write-build-info $(BUILD_INFO)
	$(SWIFT) build -c release --static-swift-stdlib $(RELEASE_LINK) $(RELEASE_ORDER) -Xcc -I$(abspath $(BUILD_INFO)) --product todo-remind
	$(SWIFT) build -c release --static-swift-stdlib $(RELEASE_LINK) $(RELEASE_ORDER) -Xcc -I$(abspath $(BUILD_INFO)) --product todo-remind-notifier
	$(SWIFT) build -c release --static-swift-stdlib $(RELEASE_LINK) -Xcc -I$(abspath $(BUILD_INFO)) --product todo-remind-window
	@if [ -n "$(RELEASE_ORDER)" ]; then python3 scripts/link-order --matching $(LINK_ORDER) .build/release; fi

## link-order: an experiment, not part of `make release`: profile a session of
## the release binaries under callgrind (CLI commands, then the daemon through a
## reminder, a file read in and SIGHUP), write the functions they ran to
## $(LINK_ORDER_FILE), and link the release binaries with them first (lld), which
## keeps less of the statically linked code resident; about 3 minutes. `make
## release` links them as usual again.
link-order: release deps-test
	@test -n "$(RELEASE_LINK)" || { echo "link-order needs lld beside swift and glibc 2.36 or later." >&2; exit 1; }
	scripts/apt-install-missing $(LINK_ORDER_PACKAGES)
	scripts/with-desktop-session python3 scripts/link-order .build/release $(LINK_ORDER_FILE)
	$(MAKE) release LINK_ORDER=$(LINK_ORDER_FILE)

## bench: build a release binary and compare it with Taskwarrior and remind;
## writes BENCHMARKS.md (about 20 minutes after the build: 5 of them the daemon idle window, about 10 the
## interactive view beside vit, which takes half a minute to open 100,000 tasks; not part of `make test`).
## Knobs: BENCH_IDLE_SECONDS (daemon idle window, default 300), BENCH_SIZES
## (default "1000 10000 100000"), BENCH_BIN (default .build/release/todo-remind),
## BENCH_OUT (default BENCHMARKS.md). Quick run: make bench BENCH_IDLE_SECONDS=20 BENCH_SIZES="1000 10000"
bench: release deps-test bench-deps
	BENCH_RELEASE_LINK="$(RELEASE_LINK)" python3 bench/run.py
	BENCH_RELEASE_LINK="$(RELEASE_LINK)" python3 bench/instructions.py

## bench-instructions: what starting a command costs (callgrind's instructions,
## hyperfine's time, peak memory) beside a minimal Swift program, `remind -n`
## and `task list`, at 1,000 and 100,000 tasks, and what the binaries weigh:
## the "Starting a command" section of BENCHMARKS.md, a few minutes after the build.
bench-instructions: release deps-test bench-deps
	BENCH_RELEASE_LINK="$(RELEASE_LINK)" python3 bench/instructions.py

## bench-events: calendar events beside khal, about 3 minutes after the
## build: 10,000 events in 5 calendars (Tests/EventReference/generate.py), the
## first scan, a later start, next, agenda vs `khal list today 7d`, a file written
## to the daemon re-planned, the daemon's memory (the corpus vs a tenth of it) and
## idle wake-ups; writes bench/EVENTS.md, the "Calendar events" section of
## BENCHMARKS.md (make bench keeps it). Knobs: BENCH_EVENTS (10000),
## BENCH_EVENT_WRITES (20), BENCH_EVENT_IDLE (20 s).
BENCH_EVENTS       ?= 10000
BENCH_EVENT_WRITES ?= 20
BENCH_EVENT_IDLE   ?= 20
bench-events: release bench-deps reference-python
	scripts/with-desktop-session python3 bench/events.py --events $(BENCH_EVENTS) \
		--writes $(BENCH_EVENT_WRITES) --idle $(BENCH_EVENT_IDLE)
	python3 bench/events.py --paste BENCHMARKS.md

## bench-window: the desktop window beside GNOME To Do (Endeavour 43, Debian's
## gnome-todo) on 100, 10,000 and 100,000 generated tasks (Endeavour on the first
## two): ready, first frame, memory, a key to the screen, idle wake-ups; writes
## bench/WINDOW.md, the "desktop window" section of BENCHMARKS.md. About 10
## minutes after the build. Knob: BENCH_WINDOW_SIZES.
BENCH_WINDOW_SIZES ?= 100 10000 100000
bench-window: release deps-test
	scripts/apt-install-missing gnome-todo
	mkdir -p .build/bench/window/home
	scripts/with-desktop-session /usr/bin/python3 bench/window.py ours --sizes $(BENCH_WINDOW_SIZES) \
		--out .build/bench/window/ours.json
	HOME=$(abspath .build/bench/window/home) XDG_DATA_HOME=$(abspath .build/bench/window/home/data) \
		XDG_CONFIG_HOME=$(abspath .build/bench/window/home/config) XDG_CACHE_HOME=$(abspath .build/bench/window/home/cache) \
		scripts/with-desktop-session /usr/bin/python3 bench/window.py endeavour --sizes $(filter-out 100000,$(BENCH_WINDOW_SIZES)) \
		--out .build/bench/window/endeavour.json
	/usr/bin/python3 bench/window.py report .build/bench/window/ours.json .build/bench/window/endeavour.json \
		--section bench/WINDOW.md --paste BENCHMARKS.md

## bench-deps: install the missing Debian packages make bench needs.
bench-deps:
	scripts/apt-install-missing $(BENCH_PACKAGES)

## bench-soak: the kill soak, about 11 minutes after the build: the
## release daemon SIGKILLed 20 times at random and 10-40 ms after reminder
## instants over 218 reminders, against dunst; then against a server taking
## 5 s per Notify, without kills and with them. Prints lost, shown twice,
## re-sends and lateness, and writes the "Kill soak" section of BENCHMARKS.md
## (bench/KILL_SOAK.md, which make bench keeps); raw results in
## .build/bench/soak-*.json, logs in .build/bench/soak-*/. Knobs: SOAK_SECONDS (190), SOAK_KILLS (20), SOAK_SEED.
## Exits 1 when a reminder was lost or shown twice.
bench-soak: release deps-test
	scripts/apt-install-missing $(SOAK_PACKAGES)
	@status=0; \
	TODO_REMIND_DUNSTRC_FIXTURE=bench/soak-dunstrc scripts/with-desktop-session \
		python3 bench/kill_soak.py --server dunst --binary $(RELEASE_BIN) --out .build/bench/soak-dunst.json || status=1; \
	scripts/with-desktop-session python3 bench/kill_soak.py --server slow --kills 0 \
		--binary $(RELEASE_BIN) --out .build/bench/soak-slow-no-kills.json || status=1; \
	scripts/with-desktop-session python3 bench/kill_soak.py --server slow \
		--binary $(RELEASE_BIN) --out .build/bench/soak-slow-kills.json || status=1; \
	python3 bench/soak_report.py || status=1; \
	exit $$status

## install: the three binaries, the systemd user unit, the .desktop files, the icon,
## shell completions and a man page, under PREFIX (default ~/.local).
install: release
	@# Stripped, as a distribution installs binaries: the debug information is
	@# most of each file, and nothing at run time reads it.
	install -Dm755 -s $(RELEASE_BIN) $(DESTDIR)$(BINDIR)/todo-remind
	install -Dm755 -s $(RELEASE_NOTIFIER) $(DESTDIR)$(BINDIR)/todo-remind-notifier
	install -Dm755 -s $(RELEASE_WINDOW) $(DESTDIR)$(BINDIR)/todo-remind-window
	install -d $(DESTDIR)$(USERUNITDIR) $(DESTDIR)$(DATADIR)/applications $(DESTDIR)$(DATADIR)/todo-remind
	sed 's|@BINDIR@|$(BINDIR)|g' Resources/todo-remind.service > $(DESTDIR)$(USERUNITDIR)/todo-remind.service
	sed 's|@BINDIR@|$(BINDIR)|g' Resources/todo-remind.desktop > $(DESTDIR)$(DATADIR)/applications/todo-remind.desktop
	sed 's|@BINDIR@|$(BINDIR)|g' Resources/todo-remind-window.desktop > $(DESTDIR)$(DATADIR)/applications/todo-remind-window.desktop
	sed 's|@BINDIR@|$(BINDIR)|g' Resources/todo-remind-autostart.desktop > $(DESTDIR)$(DATADIR)/todo-remind/todo-remind-autostart.desktop
	install -Dm644 Resources/todo-remind.svg $(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/todo-remind.svg
	install -Dm644 Resources/config.example.toml $(DESTDIR)$(DATADIR)/todo-remind/config.example.toml
	install -d $(DESTDIR)$(DATADIR)/bash-completion/completions $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(DATADIR)/fish/vendor_completions.d
	@# bash-completion sources the script: a #! line would say it is run.
	$(RELEASE_BIN) --generate-completion-script bash | sed '1{/^#!/d}' > $(DESTDIR)$(DATADIR)/bash-completion/completions/todo-remind
	$(RELEASE_BIN) --generate-completion-script zsh > $(DESTDIR)$(ZSHCOMPDIR)/_todo-remind
	$(RELEASE_BIN) --generate-completion-script fish > $(DESTDIR)$(DATADIR)/fish/vendor_completions.d/todo-remind.fish
	@# The man page is made from the CLI's own help by swift-argument-parser's plugin.
	rm -rf .build/manual && mkdir -p .build/manual
	$(SWIFT) package --allow-writing-to-directory .build/manual generate-manual --output-directory .build/manual
	install -Dm644 .build/manual/todo-remind.1 $(DESTDIR)$(MANDIR)/todo-remind.1
	install -Dm644 .build/manual/todo-remind-notifier.1 $(DESTDIR)$(MANDIR)/todo-remind-notifier.1
	install -Dm644 Resources/todo-remind-window.1 $(DESTDIR)$(MANDIR)/todo-remind-window.1
	@echo "Installed under $(PREFIX). Start the daemon with: systemctl --user daemon-reload && systemctl --user enable --now todo-remind"

## deb: the Debian package of the release build, $(DEB), for
## `sudo apt install ./todo-remind_*_amd64.deb` on a Debian 12 without Swift
## (scripts/build-deb: its Depends are what the binaries link and open).
deb: release
	scripts/apt-install-missing $(DEB_PACKAGES)
	scripts/build-deb $(VERSION) $(DEB)

## deb-check: the package built and inspected: its files against what the
## README promises, its Depends against what the binaries load, lintian's errors.
deb-check: deb
	scripts/check-deb $(DEB)

## deb-install-test: the package installed with apt in a clean Debian 12 root
## (debootstrap, kept under .build/deb), used as an ordinary user, the daemon
## firing one reminder, upgraded, removed and purged with the user's files
## untouched (scripts/deb-install-test). Needs root or sudo; a few minutes.
deb-install-test: deb
	scripts/deb-install-test $(DEB)

## uninstall: remove what install put in place (your tasks stay).
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/todo-remind $(DESTDIR)$(BINDIR)/todo-remind-notifier $(DESTDIR)$(BINDIR)/todo-remind-window \
		$(DESTDIR)$(USERUNITDIR)/todo-remind.service \
		$(DESTDIR)$(DATADIR)/applications/todo-remind.desktop $(DESTDIR)$(DATADIR)/applications/todo-remind-window.desktop \
		$(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/todo-remind.svg \
		$(DESTDIR)$(DATADIR)/bash-completion/completions/todo-remind \
		$(DESTDIR)$(ZSHCOMPDIR)/_todo-remind \
		$(DESTDIR)$(DATADIR)/fish/vendor_completions.d/todo-remind.fish \
		$(DESTDIR)$(MANDIR)/todo-remind.1 $(DESTDIR)$(MANDIR)/todo-remind-notifier.1 $(DESTDIR)$(MANDIR)/todo-remind-window.1
	rm -rf $(DESTDIR)$(DATADIR)/todo-remind

clean:
	rm -rf .build
