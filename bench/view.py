#!/usr/bin/env python3
"""bench/view.py: the interactive view (`todo-remind ui`) beside vit,
Taskwarrior's terminal view, on the same generated tasks, through a
pseudo-terminal of COLS x ROWS (Python's pty module; no terminal emulator in
between: the clock stops at the bytes the program writes).

For each program it measures:

1. the first full screen at every size: from just before the fork to the
   last byte of the burst of output that drew the screen's last row (the row
   known for each program, see PROGRAMS), once the output has then been
   quiet for QUIET seconds (the quiet is waited for, not counted);
2. at the largest size, key to screen: a key is sent once the output has
   been quiet, and the time is to the last byte of the output it caused
   (again followed by QUIET of silence): a move, a search and a done, KEYS
   times each, with the keys each program has for them (see PROGRAMS);
3. the idle wake-ups: context switches (voluntary + nonvoluntary, over all
   threads, as bench/daemon.py counts them) in IDLE seconds with no key,
   and how many screen updates the program wrote in that window;
4. the peak memory: VmHWM of the process at the end of the session (after
   the keys), from /proc/PID/status. vit's `task` children are processes of
   their own and not in it (bench/cli.py measures `task export`'s).

The tasks are generated, and both programs run, in a zone where it is night
(run.night_zone, as for the daemons), so no task crosses its due instant in
the idle window.

Run alone (after `make release bench-deps`):
  python3 bench/view.py [--sizes "10000 100000"] [--idle 30] [--keys 20] [--runs 5]
It writes .build/bench/results/view.json and the "The interactive view"
section of BENCHMARKS.md in place (the other sections stay as they are);
`make bench` runs it through bench/run.py, which writes the whole report.
"""

import argparse
import fcntl
import json
import os
import pty
import re
import select
import signal
import statistics
import struct
import sys
import termios
import time

import stores
from daemon import ctx_switches

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COLS, ROWS = 120, 40
HEADING = "## The interactive view"

# How long the output must stay silent before a screen counts as finished.
# Longer for vit: between a key and its redraw it runs `task`, and a status
# line may come before the list.
QUIET = {"todo-remind ui": 0.15, "vit": 0.5}

# Each kind of measurement is repeated its full count (runs, keys), or, where
# one takes long (vit at 100,000 tasks spends most of a minute reloading its
# report after a done), until BUDGET seconds have gone on it, but at least
# MIN_SAMPLES times.
BUDGET = 60.0
MIN_SAMPLES = 3


def enough(samples, count, began):
    return len(samples) >= count or (len(samples) >= MIN_SAMPLES and time.monotonic() - began > BUDGET)


# The search letters, one per search (the same for both programs).
LETTERS = "etaoinsrhldcumfpgwyb"

# What each program is started with and how it is driven. `last_row` finds,
# in the output since the start, the drawing of the screen's last row:
# todo-remind's footer ends with "q quit"; vit (urwid) draws every row after
# moving the cursor to it, the last one with ESC [ ROWS ; 1 H.
PROGRAMS = {
    "todo-remind ui": {
        "last_row": re.compile(rb"q quit"),
        "move": b"j",
        # "/" opens the search; the timed key is the letter, which filters the list.
        "search": {"before": [b"/"], "timed": "letter", "after": [b"\x1b"],
                   # The header names the search: · search “e”
                   "seen": lambda letter: re.compile(re.escape("search “".encode() + letter))},
        "done": b"x",
        "done_seen": None,
        "quit": b"q",
    },
    "vit": {
        "last_row": re.compile(rb"\x1b\[%d;1H" % ROWS),
        "move": b"j",
        # vit searches when the term is entered (vim's "/"): the timed key is Enter,
        # which moves the selection to the next row matching the letter.
        "search": {"before": [b"/", "letter"], "timed": b"\r", "after": [],
                   # The message line says what it searched for.
                   "seen": lambda letter: re.compile(b"Search forward for: " + letter)},
        "done": b"d",
        # A done flashes the row (five redraws 0.1 s apart), runs `task N done`,
        # reloads the report, and draws it with "Task N marked done" below:
        # the screen is updated at that last draw.
        "done_seen": re.compile(rb"marked done"),
        "quit": b"Q",
    },
}


class Session:
    """One program on a pseudo-terminal of COLS x ROWS; every byte it writes
    is kept with the monotonic time it was read at."""

    def __init__(self, cmd, env):
        self.began = time.monotonic()
        pid, fd = pty.fork()
        if pid == 0:  # the child: its terminal gets the size before the program starts
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
                os.execvpe(cmd[0], cmd, env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        self.output = bytearray()
        self.last = None  # when the last byte came

    def read(self, timeout):
        """Reads what comes within timeout; False once the program has gone."""
        ready, _, _ = select.select([self.fd], [], [], max(timeout, 0))
        if not ready:
            return True
        try:
            data = os.read(self.fd, 1 << 16)
        except OSError:
            return False
        if not data:
            return False
        self.output += data
        self.last = time.monotonic()
        return True

    def settle(self, quiet, since, done=None, timeout=120):
        """Reads until done(output written after `since`, as bytes) holds
        (default: any output) and no byte has come for `quiet` seconds;
        returns the time of the last byte, or None on timeout."""
        start = len(self.output) if since is None else since
        limit = time.monotonic() + timeout
        while time.monotonic() < limit:
            written = bytes(self.output[start:])
            if written and (done is None or done(written)) and time.monotonic() - self.last >= quiet:
                return self.last
            wait = quiet if not written else quiet - (time.monotonic() - self.last)
            if not self.read(max(wait, 0.005)):
                return self.last if written else None
        return None

    def quiet(self, seconds):
        """Reads until nothing has come for `seconds`."""
        while True:
            since = self.last or self.began
            if time.monotonic() - since >= seconds:
                return
            if not self.read(seconds - (time.monotonic() - since)):
                return

    def send(self, data):
        os.write(self.fd, data)
        return time.monotonic()

    def cpu_seconds(self):
        """CPU time so far: every thread's time on a CPU (schedstat, in ns),
        and the children it has waited for (a `task` run by vit)."""
        total = 0.0
        for path in os.listdir(f"/proc/{self.pid}/task"):
            try:
                with open(f"/proc/{self.pid}/task/{path}/schedstat", encoding="utf-8") as file:
                    total += int(file.read().split()[0]) / 1e9
            except FileNotFoundError:  # the thread ended while we looked
                continue
        with open(f"/proc/{self.pid}/stat", encoding="utf-8") as file:
            fields = file.read().rsplit(")", 1)[1].split()
        # Fields 16 and 17 of stat (cutime, cstime), counted from the state (field 3).
        return total + (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")

    def peak_kib(self):
        with open(f"/proc/{self.pid}/status", encoding="utf-8") as file:
            return int(re.search(r"^VmHWM:\s+(\d+) kB", file.read(), re.M)[1])

    def end(self, quit_key):
        """Quits with the program's own key; SIGTERM, then SIGKILL, if it stays."""
        try:
            self.send(quit_key)
        except OSError:
            pass
        for sig in (None, signal.SIGTERM, signal.SIGKILL):
            if sig:
                os.kill(self.pid, sig)
            limit = time.monotonic() + 5
            while time.monotonic() < limit:
                self.read(0.05)
                pid, _ = os.waitpid(self.pid, os.WNOHANG)
                if pid:
                    os.close(self.fd)
                    return
        os.close(self.fd)


def first_screen(session, program):
    """Seconds from the start to the last byte of the first full screen, and
    the CPU time the program had used by then."""
    pattern = PROGRAMS[program]["last_row"]
    at = session.settle(QUIET[program], 0, lambda written: pattern.search(written) is not None)
    if at is None:
        sys.exit(f"bench: {program} drew no full screen within 120 s; its output ended with "
                 f"{bytes(session.output[-300:])!r}.")
    return at - session.began, session.cpu_seconds()


def timed_key(session, program, keys, timed, seen=None):
    """Sends `keys` (each followed by its redraw), then `timed`; returns the
    seconds from `timed` to the last byte of the redraw it caused (the one
    that wrote what `seen` matches, when given)."""
    for key in keys:
        session.send(key)
        session.settle(QUIET[program], None)
    since = len(session.output)
    sent = session.send(timed)
    at = session.settle(QUIET[program], since, seen and (lambda written: seen.search(written) is not None))
    if at is None:
        sys.exit(f"bench: {program} did not redraw after {timed!r}.")
    return at - sent


def keys_part(session, program, count):
    """KEYS moves, searches and dones; {kind: [seconds...]}."""
    spec = PROGRAMS[program]
    session.quiet(QUIET[program])
    out = {"move": [], "search": [], "done": []}
    began = time.monotonic()
    while not enough(out["move"], count, began):
        out["move"].append(timed_key(session, program, [], spec["move"]))
    search, began = spec["search"], time.monotonic()
    while not enough(out["search"], count, began):
        number = len(out["search"])
        letter = LETTERS[number % len(LETTERS)].encode()
        before = [letter if k == "letter" else k for k in search["before"]]
        timed = letter if search["timed"] == "letter" else search["timed"]
        out["search"].append(timed_key(session, program, before, timed, search["seen"](letter)))
        for key in search["after"]:
            session.send(key)
            session.settle(QUIET[program], None)
    began = time.monotonic()
    while not enough(out["done"], count, began):
        out["done"].append(timed_key(session, program, [], spec["done"], spec["done_seen"]))
    return out


def idle_part(session, program, seconds):
    """Context switches and screen updates in `seconds` without a key."""
    session.quiet(max(QUIET[program], 2))
    before, updates, mark = ctx_switches(session.pid), 0, len(session.output)
    end = time.monotonic() + seconds
    burst = None
    while time.monotonic() < end:
        session.read(end - time.monotonic())
        if len(session.output) > mark:
            # Bytes closer than 50 ms apart are one update.
            if burst is None or session.last - burst > 0.05:
                updates += 1
            burst, mark = session.last, len(session.output)
    after = ctx_switches(session.pid)
    return {"wakeups": after["voluntary"] + after["nonvoluntary"] - before["voluntary"] - before["nonvoluntary"],
            "voluntary": after["voluntary"] - before["voluntary"], "updates": updates, "threads": after["threads"], "seconds": seconds}


def commands(binary, config, data, size, work, writable):
    """{program: (cmd, env)} over the size's data; writable gives each its own copy."""
    base = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8",
                COLUMNS=str(COLS), LINES=str(ROWS))
    base.pop("NO_COLOR", None)
    folder = os.path.join(data, str(size))
    store = os.path.join(folder, "todo", "store.db")
    task_env = stores.task_env(os.path.join(folder, "task"))
    if writable:
        store = stores.copy_store(os.path.join(folder, "todo"), os.path.join(work, "todo"))
        task_env = stores.copy_taskwarrior(os.path.join(folder, "task"), os.path.join(work, "task"))
    vit_dir = os.path.join(data, "vit")
    return {
        "todo-remind ui": ([binary, "ui", "--store", store, "--config", config], base),
        "vit": (["vit"], dict(base, TASKRC=task_env["TASKRC"], TASKDATA=task_env["TASKDATA"], VIT_DIR=vit_dir)),
    }


# vit as a user who wants no questions sets it: no confirmation before a
# done and no pause on `task`'s output after one (as bench/stores.py's taskrc
# keeps Taskwarrior from asking); everything else at its defaults.
VIT_CONFIG = "[vit]\nconfirmation = False\nwait = False\n"


def prepare(binary, config, sizes, data, now, seed, env):
    """Generated tasks for every size, imported into a todo-remind store and a
    Taskwarrior database (bench/stores.py), in `env`'s zone."""
    os.makedirs(os.path.join(data, "vit"), exist_ok=True)
    with open(os.path.join(data, "vit", "config.ini"), "w", encoding="utf-8") as file:
        file.write(VIT_CONFIG)
    for size in sizes:
        folder = os.path.join(data, str(size))
        print(f"bench: view data, {size} tasks", flush=True)
        stores.generate(size, os.path.join(folder, "generated"), now, seed, env=env)
        stores.todo_store(binary, config, os.path.join(folder, "todo"),
                          os.path.join(folder, "generated", "todo.json"), env=env)
        task_env = stores.taskwarrior(os.path.join(folder, "task"))
        stores.run(["task", "import", os.path.join(folder, "generated", "taskwarrior.json")], env=dict(task_env, **zone_of(env)))
        stores.run(["task", "list"], env=dict(task_env, **zone_of(env)))


def zone_of(env):
    return {"TZ": env["TZ"]} if "TZ" in env else {}


def measure(binary, config, sizes, work, now, seed, runs=5, keys=20, idle=30.0, zone=None, keep=False,
            programs=tuple(PROGRAMS)):
    """The whole view part; returns its numbers. With `keep`, the data of an
    earlier run with the same sizes is used again (its zone with it)."""
    data = os.path.join(work, "view")
    meta_path = os.path.join(data, "data.json")
    meta = None
    if keep and os.path.exists(meta_path):
        with open(meta_path, encoding="utf-8") as file:
            meta = json.load(file)
    if meta and meta["sizes"] == sizes:
        now, zone = meta["now"], meta["zone"]
        print(f"bench: view data kept from {time.ctime(now)} (TZ={zone})", flush=True)
    env = dict(os.environ, TZ=zone) if zone else dict(os.environ)
    if not (meta and meta["sizes"] == sizes):
        prepare(binary, config, sizes, data, now, seed, env)
        with open(meta_path, "w", encoding="utf-8") as file:
            json.dump({"sizes": sizes, "now": now, "zone": zone}, file)
    out = {"cols": COLS, "rows": ROWS, "zone": zone, "runs": runs, "keys": keys, "sizes": sizes,
           "quiet_ms": {p: q * 1000 for p, q in QUIET.items()}, "first_screen": {}, "first_screen_cpu": {},
           "load": {"start": os.getloadavg()[0]}}
    largest = max(sizes)
    for size in sizes:
        out["first_screen"][str(size)] = {}
        for program in programs:
            cmd, program_env = commands(binary, config, data, size, work, False)[program]
            times, cpu, began = [], [], time.monotonic()
            while not enough(times, runs, began):
                session = Session(cmd, dict(program_env, **zone_of(env)))
                wall, used = first_screen(session, program)
                times.append(wall)
                cpu.append(used)
                session.end(PROGRAMS[program]["quit"])
            print(f"bench: {program}, {size} tasks: first screen {statistics.median(times) * 1000:.0f} ms, "
                  f"CPU {statistics.median(cpu) * 1000:.0f} ms (load {os.getloadavg()[0]:.2f})", flush=True)
            out["first_screen"][str(size)][program] = times
            out["first_screen_cpu"].setdefault(str(size), {})[program] = cpu
        out["load"][f"first_screen_{size}"] = os.getloadavg()[0]
    out["keys_at"], out["idle"], out["peak_kib"], out["key_times"] = largest, {}, {}, {}
    for program in programs:
        cmd, program_env = commands(binary, config, data, largest, os.path.join(work, "view", "session"), True)[program]
        session = Session(cmd, dict(program_env, **zone_of(env)))
        first_screen(session, program)
        out["idle"][program] = idle_part(session, program, idle)
        out["key_times"][program] = keys_part(session, program, keys)
        out["peak_kib"][program] = session.peak_kib()
        session.end(PROGRAMS[program]["quit"])
        print(f"bench: {program}, {largest} tasks: " + ", ".join(
            f"{kind} {statistics.median(t) * 1000:.1f} ms" for kind, t in out["key_times"][program].items())
            + f", peak {out['peak_kib'][program] / 1024:.1f} MiB, {out['idle'][program]['wakeups']} wake-ups "
            f"in {idle:.0f} s (load {os.getloadavg()[0]:.2f})", flush=True)
    out["load"]["end"] = os.getloadavg()[0]
    return out


def median(values):
    return statistics.median(values) if values else None


def spread(samples, what):
    """"12.0 ms (10.1 ms–15.2 ms, 5 starts)": the median, the range, how many."""
    from report import ms
    return f"{ms(median(samples))} ({ms(min(samples))}–{ms(max(samples))}, {len(samples)} {what})"


def idle_cell(idle):
    return f"{idle['wakeups']} ({idle.get('voluntary', 'n/a')}; {idle['updates']})"


def section(view):
    """The markdown section for BENCHMARKS.md."""
    from report import faster, mib, ms, table  # report imports this module
    tr, vit = "todo-remind ui", "vit"
    largest = view["keys_at"]
    load = view["load"]
    again = {k.split(": ", 1)[0] for k in load if ": " in k}
    first = [v for k, v in load.items() if ": " not in k]
    loads = f"{min(first):.2f}–{max(first):.2f}"
    for program in sorted(again):
        values = [v for k, v in load.items() if k.startswith(program + ": ")]
        loads += (f" ({program} measured again later on its own: its numbers here are from that run, "
                  f"at {min(values):.2f}–{max(values):.2f})")
    lines = [HEADING, "",
             f"`todo-remind ui` beside vit {view['versions']['vit']} (Taskwarrior's terminal view, on "
             f"{view['versions']['task']}), on the same generated tasks, each in a pseudo-terminal of "
             f"{view['cols']}×{view['rows']} (TERM=xterm-256color, colours on), bench/view.py. "
             f"Times are from the program's side of the terminal: the bytes it wrote, not a terminal "
             f"emulator's drawing of them. The machine's 1-minute load average during the measurements "
             f"(read at the start, after each size's first screens and at the end): "
             f"{loads}.", ""]
    lines += ["### First full screen", "",
              f"From just before the fork to the last byte of the first full screen; the median of "
              f"{view['runs']} starts (fastest–slowest), or of as many as {BUDGET:.0f} s allowed (at least "
              f"{MIN_SAMPLES}) where one start takes long. Beside it, the CPU time the program had used by "
              f"then (all its threads; for vit, with the `task` it ran), which the machine's load "
              f"changes less than the time.", ""]
    rows = []
    for size in view["sizes"]:
        times, cpu = view["first_screen"][str(size)], view["first_screen_cpu"][str(size)]
        a, b = median(times[tr]), median(times[vit])
        rows.append([f"{size:,}", spread(times[tr], "starts"), ms(median(cpu[tr])),
                     spread(times[vit], "starts"), ms(median(cpu[vit])), faster(a / b)])
    lines += [table(["Tasks", tr, "CPU", vit, "CPU", "todo-remind"], rows)]
    keys = view["key_times"]
    lines += ["### Key to screen, at " + f"{largest:,} tasks", "",
              f"From writing the key to the last byte of the screen update it caused; the median of "
              f"{view['keys']} keys (fastest–slowest), or of as many as {BUDGET:.0f} s allowed (at least "
              f"{MIN_SAMPLES}) where one key takes long.", ""]
    names = {"move": ("move", "`j`", "`j`"),
             "search": ("search", "a letter after `/` (the list narrows to the matches)",
                        "`Enter` after `/` and a letter (the selection goes to the next match)"),
             "done": ("done", "`x` (the task leaves the list)",
                      "`d` (flashes the row, sleeping 0.5 s, runs `task N done`, reloads the report)")}
    rows = []
    for kind, (name, a_key, b_key) in names.items():
        a, b = keys[tr][kind], keys[vit][kind]
        rows.append([f"{name}: {a_key}; vit: {b_key}", spread(a, "keys"), spread(b, "keys")])
    lines += [table(["Key", tr, vit], rows)]
    idle = view["idle"]
    lines += ["### Memory and idle", "",
              table(["", tr, vit], [
                  [f"peak memory, VmHWM at the end of the session above (MiB)",
                   mib(view["peak_kib"][tr]), mib(view["peak_kib"][vit])],
                  [f"context switches in {idle[tr]['seconds']:.0f} idle seconds (voluntary; screen updates written in them)",
                   idle_cell(idle[tr]), idle_cell(idle[vit])]])]
    first = median(view["first_screen"][str(largest)][tr])
    rows = []

    def row(text, measured, ok):
        rows.append([text, measured, "**pass**" if ok else "**miss**"])
    row(f"first screen at {largest:,} ≤ 150 ms", ms(first), first <= 0.150)
    for size in view["sizes"]:
        a, b = (median(view["first_screen"][str(size)][p]) for p in (tr, vit))
        row(f"first screen at {size:,} faster than vit", f"{ms(a)} vs {ms(b)}", a < b)
    for kind in names:
        m = median(keys[tr][kind])
        row(f"{kind} at {largest:,}: median ≤ 16 ms", ms(m), m <= 0.016)
    peak = view["peak_kib"][tr]
    row(f"peak memory at {largest:,} ≤ 60 MiB", f"{mib(peak)} MiB", peak <= 60 * 1024)
    w = idle[tr]
    # A wake-up is a voluntary switch (the process slept and was woken); a
    # nonvoluntary one is the process preempted while it was already running.
    woken = w.get("voluntary", w["wakeups"])
    row(f"0 wake-ups in {w['seconds']:.0f} idle seconds while nothing changes (issue 23: timers at the "
        f"instants, no polling): wake-ups that drew no change",
        f"{max(woken - w['updates'], 0)} (context switches: {w['wakeups']}, of them wake-ups: {woken}; "
        f"screen updates: {w['updates']})", woken <= w["updates"])
    lines += ["### Targets (issue 23)", "", table(["Target", "Measured", "Result"], rows, "llr")]
    lines += [HOW.format(letters=", ".join(LETTERS[:view["keys"]]), rows=view["rows"], quiet_tr=view["quiet_ms"][tr], quiet_vit=view["quiet_ms"][vit],
                         zone=view["zone"] or "the machine's own")]
    return "\n".join(lines)


HOW = """### How it measures

- **Data.** bench/generate.py's tasks, imported into a todo-remind store and a
  private Taskwarrior database as for the command line (bench/stores.py). vit
  gets its own `VIT_DIR` whose config.ini only sets `confirmation = False` and
  `wait = False` (no question before a done, no pause on `task`'s output after
  it), as the taskrc keeps Taskwarrior from asking; its report is its default
  (`next`).
- **First full screen.** todo-remind's last row is its footer, which ends with
  "q quit"; vit (urwid) moves the cursor to every row it draws, the last one with
  `ESC [{rows};1H`. The screen counts as full at the last byte of the output in
  which that appeared, once nothing more has come for {quiet_tr:.0f} ms
  (todo-remind) or {quiet_vit:.0f} ms (vit); the wait is not counted. Each start
  is a new process on the same store, so the files are in the page cache.
- **Key to screen.** Each key is written once the output has been quiet; the
  time is to the last byte of the update it caused, again followed by that quiet;
  a search's update is the one that names it (todo-remind's header
  `search “e”`, vit's message line `Search forward for: e`), and vit's done's
  the one that says `marked done`. The search keys are sent one at a time, each
  letter after its `/` has been drawn, and `Esc` (todo-remind) clears the search
  before the next; the letters are {letters}, in that order. The done
  keys change a copy of the store (and of Taskwarrior's data); each done takes
  the selected task, which leaves the list, so every one is a different task.
- **Peak memory** is the process's VmHWM from /proc/PID/status after the keys;
  for vit, the Python process only (each `task` it runs is a process of its own).
- **Wake-ups** are the process's context switches, voluntary and nonvoluntary,
  over all its threads, as bench/daemon.py counts the daemons', in a window with
  no key after the first screen; beside them, how many screen updates it wrote in
  that window (bytes less than 50 ms apart are one update). A wake-up is a
  voluntary switch (the process slept and something woke it); a nonvoluntary
  one is the process preempted while it was already running, which the
  machine's load makes more likely. todo-remind's
  header shows the time to the minute, and its detail pane a coming reminder
  as "in 7 h 40 min", which changes on the half minute (minutes are rounded):
  a window of 30 s holds one or two of those redraws, each a timer armed at
  that instant. Tasks and programs are in the zone {zone}, where it is night,
  so that no task crosses its due instant in the window.
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="10000 100000")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keys", type=int, default=20)
    parser.add_argument("--idle", type=float, default=30)
    parser.add_argument("--only", choices=list(PROGRAMS),
                        help="measure this program again, keeping the other's numbers from the last run")
    parser.add_argument("--keep-data", action="store_true",
                        help="use the data of the last run again (same sizes) instead of generating it")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "todo-remind"))
    parser.add_argument("--out", default=os.path.join(ROOT, "BENCHMARKS.md"))
    o = parser.parse_args()
    import run
    binary = os.path.abspath(o.binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"bench: {binary} is not an executable: run 'make release'.")
    for tool in ("task", "vit"):
        if not any(os.access(os.path.join(p, tool), os.X_OK) for p in os.environ["PATH"].split(os.pathsep)):
            sys.exit(f"bench: {tool} is missing: run 'make bench-deps'.")
    work = os.path.join(ROOT, ".build", "bench")
    results = os.path.join(work, "results")
    os.makedirs(results, exist_ok=True)
    config = os.path.join(work, "config.toml")
    with open(config, "w", encoding="utf-8") as file:
        file.write("# Empty on purpose: the benchmark runs on todo-remind's defaults.\n")
    now = int(time.time())
    view = measure(binary, config, sorted(int(s) for s in o.sizes.split()), work, now, run.SEED,
                   o.runs, o.keys, o.idle, run.night_zone(now), o.keep_data or bool(o.only),
                   (o.only,) if o.only else tuple(PROGRAMS))
    if o.only:
        with open(os.path.join(results, "view.json"), encoding="utf-8") as file:
            last = json.load(file)
        for key in ("first_screen", "first_screen_cpu"):
            for size, by_program in view[key].items():
                last[key][size][o.only] = by_program[o.only]
        for key in ("idle", "key_times", "peak_kib"):
            last[key][o.only] = view[key][o.only]
        last["load"].update({f"{o.only}: {k}": v for k, v in view["load"].items()})
        view = last
    view["versions"] = {"todo-remind": run.output([binary, "--version"]), "vit": run.dpkg_version("vit"),
                        "task": run.output(["task", "--version"]), "commit": run.output(["git", "rev-parse", "--short", "HEAD"])}
    with open(os.path.join(results, "view.json"), "w", encoding="utf-8") as file:
        json.dump(view, file, indent=1)
    replace_section(o.out, section(view))
    print(f"bench: wrote the view's section of {o.out}", flush=True)


def replace_section(path, text):
    """Puts `text` in place of the report's view section, or before the
    list folders' section (after the daemon's) when it has none."""
    with open(path, encoding="utf-8") as file:
        report = file.read()
    start = report.find("\n" + HEADING + "\n")
    if start >= 0:
        following = report.find("\n## ", start + 1)
        report = report[:start + 1] + text + (report[following + 1:] if following >= 0 else "")
    else:
        at = report.find("\n## List folders")
        at = at + 1 if at >= 0 else len(report)
        report = report[:at] + text + "\n" + report[at:]
    with open(path, "w", encoding="utf-8") as file:
        file.write(report)


if __name__ == "__main__":
    main()
