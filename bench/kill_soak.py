"""kill_soak.py [--binary B] [--server dunst|slow] [--kills N] [--seconds S] [--out JSON] [--logs DIR]

The kill soak: reminders at distinct instants over a few minutes,
the daemon SIGKILLed at random moments and 10-40 ms after reminder instants,
and restarted at once each time; then every reminder is accounted for from
the bus. Run it inside scripts/with-desktop-session (`make bench-soak` does);
it builds nothing (--binary, or $SOAK_BIN, default .build/release/todo-remind,
with todo-remind-notifier beside it).

--server dunst: the session's real dunst answers (DUNST_PID). --server slow:
dunst is stopped and bench/slow_notify_server.py takes its name, answering
each Notify 5 s (--delay) after receiving it; its receive times are the
ones measured.

Counting, per reminder (a task with one reminder, at its due time):
- every Notify call on the bus naming it (dbus-monitor; a digest names
  several tasks in its body), with its `x-dunst-stack-tag` hint;
- lost: no Notify at all; or every bubble naming it was later replaced, by
  tag, by one that does not name it (gone from the screen);
- shown twice: Notify calls naming it under two different tags (two bubbles:
  dunst replaces a bubble only by the same tag);
- re-sends replaced by tag: Notify calls whose tag an earlier call carried;
- lateness: its first Notify on the bus minus its instant, split into
  reminders with a kill between 1 s before the instant and their first
  Notify (or 1 s after the instant) and the others.
dunst's own count (displayed + waiting, then `dunstctl history` after
close-all) is compared with the number of distinct tags.

Everything lives in a temporary folder (store, config, XDG dirs); --logs
keeps the logs. Python 3 standard library only (the slow server needs
python3-dbus and python3-gi, run by the first python3 that has them).
"""

import argparse
import datetime as dt
import json
import math
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TITLE = "Soak-{:03d}"
TITLE_RE = re.compile(r"Soak-(\d{3})")
HEADER = re.compile(r"^(method call|method return|signal|error) time=([\d.]+) ")
TAG = re.compile(r'string "x-dunst-stack-tag"\s*\n\s*variant\s+string "((?:[^"\\]|\\.)*)"')


def iso(epoch):
    return dt.datetime.fromtimestamp(epoch, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def schedule(start, seconds, rng):
    """{task number: instant}: one reminder a second, with bursts of three
    (three bubbles) and of five (one digest, above digest-threshold 3)."""
    due, n = {}, 1
    for i in range(seconds):
        at = start + i
        size = 5 if i % 40 == 20 else 3 if i % 40 == 0 and i > 0 else 1
        for _ in range(size):
            due[n] = at
            n += 1
    return due


def kill_plan(due, start, seconds, kills, rng):
    """kills (time, kind) spread over the soak, one per slot: every other one
    10-40 ms after an instant (a burst's when the slot has one), the others at
    a random moment of the slot."""
    plan = []
    slot = seconds / kills
    instants = sorted(set(due.values()))
    sizes = {at: sum(1 for a in due.values() if a == at) for at in instants}
    for j in range(kills):
        lo, hi = start + j * slot + 1.5, start + (j + 1) * slot - 1.5
        if j % 2 == 0:
            inside = [at for at in instants if lo <= at <= hi]
            bursts = [at for at in inside if sizes[at] > 1]
            at = rng.choice(bursts or inside)
            plan.append((at + rng.uniform(0.010, 0.040), "after instant", at))
        else:
            plan.append((rng.uniform(lo, hi), "random", None))
    return plan


def sleep_until(t):
    while True:
        left = t - time.time()
        if left <= 0:
            return
        time.sleep(min(left, 0.5) if left > 0.003 else left)


def notify_calls(path):
    """Every Notify call of a dbus-monitor log: (epoch, tag, tasks named, summary)."""
    calls, block, stamp = [], [], None

    def flush():
        if stamp is None:
            return
        text = "\n".join(block)
        if "member=Notify" not in block[0] or not block[0].startswith("method call"):
            return
        tag = TAG.search(text)
        strings = re.findall(r'^   string "(.*)', text, re.M)
        summary = strings[2].rstrip('"') if len(strings) > 2 else ""
        calls.append((stamp, tag[1] if tag else None, sorted({int(m) for m in TITLE_RE.findall(text)}), summary))

    with open(path, encoding="utf-8", errors="replace") as file:
        for line in file:
            line = line.rstrip("\n")
            header = HEADER.match(line)
            if header:
                flush()
                block, stamp = [line], float(header[2])
            elif stamp is not None:
                block.append(line)
    flush()
    return calls


def server_calls(path):
    """The slow server's record, as notify_calls' tuples (receive times)."""
    calls = []
    with open(path, encoding="utf-8") as file:
        for line in file:
            entry = json.loads(line)
            text = entry["summary"] + "\n" + entry["body"]
            calls.append((entry["t"], entry["hints"].get("x-dunst-stack-tag"),
                          sorted({int(m) for m in TITLE_RE.findall(text)}), entry["summary"]))
    return calls


def watching(log):
    """Whether a daemon's JSON log (--log-format json) has the line that
    says it watches its store (event "watching")."""
    with open(log, encoding="utf-8", errors="replace") as file:
        for line in file:
            try:
                if json.loads(line).get("metadata", {}).get("event") == "watching":
                    return True
            except ValueError:
                continue  # a line still being written, or a crash's output
    return False


def dunstctl(*args):
    result = subprocess.run(["dunstctl", *args], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    return result.stdout.strip()


class Soak:
    def __init__(self, opts):
        self.opts = opts
        self.rng = random.Random(opts.seed)
        self.work = tempfile.mkdtemp(prefix="todo-remind-soak-")
        self.logs = opts.logs or os.path.join(ROOT, ".build", "bench", f"soak-{opts.server}-{opts.kills}-kills")
        shutil.rmtree(self.logs, ignore_errors=True)
        os.makedirs(self.logs, exist_ok=True)
        self.store = os.path.join(self.work, "data", "todo-remind", "tasks.sqlite")
        self.config = os.path.join(self.work, "config.toml")
        self.env = dict(os.environ)
        for key, sub in (("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config"),
                         ("XDG_STATE_HOME", "state"), ("XDG_CACHE_HOME", "cache")):
            self.env[key] = os.path.join(self.work, sub)
            os.makedirs(self.env[key], exist_ok=True)
        self.env["TODO_REMIND_STORE"] = self.store
        self.daemon = None
        self.incarnation = 0
        self.others = []  # dbus-monitor, slow server

    def todo(self, *args):
        return subprocess.run([self.opts.binary, *args, "--store", self.store, "--config", self.config],
                              stdin=subprocess.DEVNULL, capture_output=True, text=True, check=True, env=self.env).stdout

    def write_config(self):
        # The morning reminder and the daily overdue one fall 12 h away: the
        # soak sees only the at-due-time reminders it adds. An hour of
        # catch-up is plenty for a restart.
        morning = (dt.datetime.now() + dt.timedelta(hours=12)).strftime("%H:%M")
        with open(self.config, "w", encoding="utf-8") as file:
            file.write(f'reminder-time = "{morning}"\ncatch-up-hours = 1\ndigest = true\ndigest-threshold = 3\n')

    def start_daemon(self):
        """A new daemon process; returns once it logs that it watches the store."""
        self.incarnation += 1
        log = os.path.join(self.logs, f"daemon-{self.incarnation:02d}.log")
        with open(log, "w") as err, open(os.path.join(self.logs, f"daemon-{self.incarnation:02d}.out"), "w") as out:
            began = time.time()
            self.daemon = subprocess.Popen([self.opts.binary, "daemon", "--store", self.store, "--config", self.config, "-v",
                                            "--log-format", "json"],
                                           stdin=subprocess.DEVNULL, stdout=out, stderr=err, env=self.env)
        deadline = began + 15
        while time.time() < deadline:
            if watching(log):
                return began, time.time()
            if self.daemon.poll() is not None:
                sys.exit(f"soak: the daemon exited ({self.daemon.returncode}); see {log}")
            time.sleep(0.002)
        sys.exit(f"soak: the daemon did not log that it runs within 15 s; see {log}")

    def start_slow_server(self):
        dunst = os.environ.get("DUNST_PID")
        if dunst:
            os.kill(int(dunst), signal.SIGTERM)
        python = next((p for p in (os.environ.get("SOAK_SERVER_PYTHON"), sys.executable, "/usr/bin/python3")
                       if p and subprocess.run([p, "-c", "import dbus, gi"], capture_output=True).returncode == 0), None)
        if python is None:
            sys.exit("soak: no python3 here has python3-dbus and python3-gi: run 'make bench-deps'.")
        self.record = os.path.join(self.logs, "slow-server.jsonl")
        ready = os.path.join(self.work, "server-ready")
        deadline = time.time() + 10
        while True:  # dunst lets go of the name as it exits
            with open(os.path.join(self.logs, "slow-server.err"), "a") as err:
                server = subprocess.Popen([python, os.path.join(HERE, "slow_notify_server.py"), "--delay",
                                           str(self.opts.delay), "--record", self.record, "--ready", ready],
                                          stdin=subprocess.DEVNULL, stdout=err, stderr=err)
            while server.poll() is None and not os.path.exists(ready):
                time.sleep(0.02)
            if os.path.exists(ready):
                self.others.append(server)
                return
            if time.time() > deadline:
                sys.exit("soak: the slow server could not own org.freedesktop.Notifications; see slow-server.err")
            time.sleep(0.1)

    def run(self):
        o = self.opts
        self.write_config()
        if o.server == "slow":
            self.start_slow_server()
        monitor_log = os.path.join(self.logs, "dbus-monitor.log")
        with open(monitor_log, "w") as out, open(os.path.join(self.logs, "dbus-monitor.err"), "w") as err:
            self.others.append(subprocess.Popen(
                ["dbus-monitor", "--session", "interface='org.freedesktop.Notifications',member='Notify'"],
                stdin=subprocess.DEVNULL, stdout=out, stderr=err))
        deadline = time.time() + 10
        while os.path.getsize(monitor_log) == 0 and time.time() < deadline:
            time.sleep(0.05)

        # Adds take a few ms each: the first instant comes after they are done.
        probe = time.time()
        self.todo("add", "Soak probe", "--no-reminder")
        per_add = time.time() - probe
        count = sum(5 if i % 40 == 20 else 3 if i % 40 == 0 and i > 0 else 1 for i in range(o.seconds))
        start = math.ceil(time.time() + count * per_add * 1.5 + 8)
        due = schedule(start, o.seconds, self.rng)
        for n, at in due.items():
            self.todo("add", TITLE.format(n), "--due", iso(at))
        adds_done = time.time()
        if adds_done > start - 2:
            sys.exit(f"soak: adding took too long ({adds_done - probe:.1f} s); the first instant has passed")
        print(f"soak[{o.server}]: {len(due)} reminders from {iso(start)} over {o.seconds} s, "
              f"{o.kills} kills; logs in {self.logs}", flush=True)

        plan = kill_plan(due, start, o.seconds, o.kills, self.rng) if o.kills else []
        kills = []
        self.start_daemon()
        for at, kind, instant in plan:
            sleep_until(at)
            killed = time.time()
            self.daemon.send_signal(signal.SIGKILL)
            self.daemon.wait()
            began, ready = self.start_daemon()
            kills.append({"at": killed, "kind": kind, "instant": instant, "restarted": began, "running": ready})
        end = max(due.values()) + (o.delay + 8 if o.server == "slow" else 5)
        sleep_until(end)
        self.daemon.send_signal(signal.SIGTERM)
        try:
            self.daemon.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.daemon.kill()
            self.daemon.wait()
        time.sleep(0.5)
        for proc in self.others:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=10)

        bus = notify_calls(monitor_log)
        result = self.account(due, kills, bus)
        result["bus_source"] = "dbus-monitor"
        if o.server == "slow":
            received = server_calls(self.record)
            result["server_receive"] = self.account(due, kills, received)
            result["notify_calls_dbus_monitor"] = len(bus)
        else:
            result["dunst"] = self.dunst_count(result["bubbles"], due)
        result.update(server=o.server, delay=o.delay if o.server == "slow" else None, seconds=o.seconds,
                      start=start, seed=o.seed, kill_times=kills, incarnations=self.incarnation,
                      add_seconds=round(adds_done - probe, 2))
        return result

    def account(self, due, kills, calls):
        """The figures of the module docstring, from (epoch, tag, tasks, summary) calls."""
        per_task = {n: [] for n in due}
        seen_tags, resends, untagged = set(), 0, 0
        final = {}  # tag -> tasks of its last Notify
        for stamp, tag, tasks, _ in sorted(calls):
            if tag is None:
                untagged += 1
            elif tag in seen_tags:
                resends += 1
            seen_tags.add(tag)
            final[tag] = set(tasks)
            for n in tasks:
                if n in per_task:
                    per_task[n].append((stamp, tag))
        lost = sorted(n for n, c in per_task.items() if not c)
        replaced_away = sorted(n for n, c in per_task.items()
                               if c and not any(n in final[tag] for tag in {t for _, t in c}))
        twice = {n: sorted({t or "(none)" for _, t in c}) for n, c in per_task.items() if len({t for _, t in c}) > 1}
        lateness = {"killed around it": [], "not": []}
        for n, c in per_task.items():
            if not c:
                continue
            first = min(s for s, _ in c)
            late = first - due[n]
            around = any(due[n] - 1 <= k["at"] <= max(due[n] + 1, first) for k in kills)
            lateness["killed around it" if around else "not"].append((late, n))

        def summary(values):
            if not values:
                return {"count": 0}
            ms = sorted(v * 1000 for v, _ in values)
            worst = max(values)
            return {"count": len(ms), "median_ms": round(ms[len(ms) // 2], 1), "max_ms": round(worst[0] * 1000, 1),
                    "max_task": worst[1], "over_1s": sum(1 for v in ms if v > 1000)}
        return {
            "expected": len(due), "notify_calls": len(calls), "bubbles": len(seen_tags),
            "lost": lost, "replaced_away": replaced_away, "shown_twice": twice,
            "resends_replaced_by_tag": resends, "untagged_calls": untagged,
            "kills": len(kills), "kills_after_instant": sum(1 for k in kills if k["kind"] == "after instant"),
            "lateness": {k: summary(v) for k, v in lateness.items()},
        }

    def dunst_count(self, bubbles, due):
        """dunst's own count: displayed + waiting should be the bubbles; after
        close-all, the history should name every task once."""
        counts = {k: dunstctl("count", k) for k in ("displayed", "waiting", "history")}
        dunstctl("close-all")
        time.sleep(1)
        counts_after = {k: dunstctl("count", k) for k in ("displayed", "waiting", "history")}
        try:
            history = json.loads(dunstctl("history"))["data"][0]
        except (ValueError, KeyError, IndexError):
            history = []
        named = {}
        for entry in history:
            text = entry.get("summary", {}).get("data", "") + "\n" + entry.get("body", {}).get("data", "")
            for m in {int(m) for m in TITLE_RE.findall(text)}:
                named[m] = named.get(m, 0) + 1
        return {
            "before_close": counts, "after_close": counts_after, "bubbles_from_bus": bubbles,
            "history_entries": len(history),
            "history_missing": sorted(n for n in due if n not in named),
            "history_twice": sorted(n for n, c in named.items() if c > 1),
        }

    def cleanup(self):
        if self.daemon and self.daemon.poll() is None:
            self.daemon.kill()
            self.daemon.wait()
        for proc in self.others:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        shutil.rmtree(self.work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.environ.get("SOAK_BIN", os.path.join(ROOT, ".build/release/todo-remind")))
    parser.add_argument("--server", choices=("dunst", "slow"), default="dunst")
    parser.add_argument("--delay", type=float, default=5.0, help="the slow server's seconds per Notify")
    parser.add_argument("--kills", type=int, default=int(os.environ.get("SOAK_KILLS", 20)))
    parser.add_argument("--seconds", type=int, default=int(os.environ.get("SOAK_SECONDS", 190)),
                        help="how long reminders come for (one a second, with bursts)")
    parser.add_argument("--seed", type=int, default=int(os.environ.get("SOAK_SEED", time.time())))
    parser.add_argument("--out", help="the result as JSON")
    parser.add_argument("--logs", help="a folder to keep the logs in")
    opts = parser.parse_args()
    opts.binary = os.path.abspath(opts.binary)
    if not os.access(opts.binary, os.X_OK):
        sys.exit(f"soak: {opts.binary} is not an executable: run 'make release' or pass --binary.")
    if not os.environ.get("DBUS_SESSION_BUS_ADDRESS") or not os.environ.get("TODO_REMIND_DESKTOP_SESSION"):
        sys.exit("soak: run me inside scripts/with-desktop-session.")
    soak = Soak(opts)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("soak: stopped by SIGTERM."))
    try:
        result = soak.run()
    finally:
        soak.cleanup()
    text = json.dumps(result, indent=1)
    if opts.out:
        with open(opts.out, "w", encoding="utf-8") as file:
            file.write(text)
    brief = {k: result[k] for k in ("expected", "notify_calls", "bubbles", "lost", "replaced_away", "shown_twice",
                                    "resends_replaced_by_tag", "kills", "kills_after_instant", "lateness")}
    if "server_receive" in result:
        brief["server_receive_lateness"] = result["server_receive"]["lateness"]
    if "dunst" in result:
        brief["dunst"] = result["dunst"]
    print(json.dumps(brief, indent=1), flush=True)
    bad = result["lost"] or result["replaced_away"] or result["shown_twice"]
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
