"""daemon.py --binary B --config C --remind FILE --idle SECONDS --logs DIR --out JSON SIZE=STORE...

The daemon part of the benchmark; run.py runs it inside
scripts/with-desktop-session, so a real dunst answers on a private D-Bus.
For every SIZE=STORE it runs `todo-remind daemon -v` and, as the peer,
`remind -z1 FILE`, and beside them each --reference program (a minimal
Swift program that only waits: the floor under the daemon), then measures:

1. idle wake-ups: context switches (voluntary + nonvoluntary, summed over
   all threads) of every daemon over the SAME idle window;
2. memory from /proc/PID/smaps_rollup (RSS, PSS, private = Private_Clean +
   Private_Dirty, Private_Dirty alone) after settling and at the end of that
   window, and where it is (per mapping, /proc/PID/smaps) at the end of it;
3. lateness: 20 reminders one second apart, from the instant each Notify
   call crosses the bus (dbus-monitor) minus the reminder's instant;
4. pick-up: from `add` exiting to the daemon's log line arming its timer
   for the new task (event "armed").

The daemons run with `--log-format json`: every number here is read from a
log line's metadata (its "event", "task", "lateness_ms"), never from the
sentence written for people.

Each daemon runs from its own copy of the binaries (see own_copy).

The stores must have no reminder in the idle window (run.py arranges it,
and this script checks it with `next --limit 1` and counts any reminder
logged in the window). Writes everything to the --out JSON for run.py.
"""

import argparse
import datetime as dt
import glob
import json
import math
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import time

NOTIFY = re.compile(r"^method call time=([\d.]+) .*member=Notify$")


def read_log(path):
    """The daemon's JSON log (--log-format json) as (epoch, metadata) tuples;
    a line that is not JSON (a crash's output, a line still being written)
    is left out."""
    lines = []
    with open(path, encoding="utf-8", errors="replace") as file:
        for line in file:
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            lines.append((entry["time"], entry.get("metadata", {})))
    return lines


def iso(epoch):
    return dt.datetime.fromtimestamp(epoch, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def ctx_switches(pid):
    """Context switches summed over all threads of pid (threads come and go,
    so also how many there were)."""
    total = {"voluntary": 0, "nonvoluntary": 0, "threads": 0}
    for status in glob.glob(f"/proc/{pid}/task/*/status"):
        try:
            with open(status, encoding="utf-8") as file:
                text = file.read()
        except FileNotFoundError:  # the thread ended while we looked
            continue
        total["threads"] += 1
        for key in ("voluntary", "nonvoluntary"):
            total[key] += int(re.search(rf"^{key}_ctxt_switches:\s+(\d+)", text, re.M)[1])
    return total


def memory(pid):
    """Memory in KiB from /proc/PID/smaps_rollup (one read, one moment):
    RSS, PSS (each resident page divided by the number of processes mapping
    it), private = Private_Clean + Private_Dirty (pages no other process
    maps), Private_Dirty alone (what only swap could take back), and
    Anonymous; plus VmRSS, RssAnon, RssFile and the peak, VmHWM, from
    /proc/PID/status."""
    def fields(path):
        with open(path, encoding="utf-8") as file:
            return {m[1]: int(m[2]) for m in re.finditer(r"^(\w+):\s+(\d+) kB", file.read(), re.M)}
    smaps, status = fields(f"/proc/{pid}/smaps_rollup"), fields(f"/proc/{pid}/status")
    return {"Rss": smaps["Rss"], "Pss": smaps["Pss"],
            "Private": smaps["Private_Clean"] + smaps["Private_Dirty"],
            "Private_Dirty": smaps["Private_Dirty"], "Anonymous": smaps["Anonymous"],
            "VmRSS": status["VmRSS"], "RssAnon": status["RssAnon"], "RssFile": status["RssFile"],
            "VmHWM": status["VmHWM"]}


def mappings(pid):
    """Where the memory is, per mapped object, in KiB, from /proc/PID/smaps:
    {name: {Rss, Pss, Private}}; anonymous mappings are "[anon]", and a
    thread's stack is one of them (only the main thread's says "[stack]")."""
    out, name = {}, None
    with open(f"/proc/{pid}/smaps", encoding="utf-8") as file:
        for line in file:
            head = re.match(r"^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \d+\s*(.*)$", line)
            if head:
                name = head[1].strip() or "[anon]"
                out.setdefault(name, {"Rss": 0, "Pss": 0, "Private": 0})
                continue
            field = re.match(r"^(Rss|Pss|Private_Clean|Private_Dirty):\s+(\d+) kB", line)
            if field and name:
                key = "Private" if field[1].startswith("Private") else field[1]
                out[name][key] += int(field[2])
    return {n: v for n, v in out.items() if v["Rss"]}


def notify_calls(path):
    """(epoch, summary) of every Notify call dbus-monitor saw. The summary is
    the fourth top-level argument (app_name, replaces_id, app_icon, summary);
    top-level arguments are the lines indented by exactly three spaces."""
    calls, current, args = [], None, []
    with open(path, encoding="utf-8", errors="replace") as file:
        for line in file:
            line = line.rstrip("\n")
            if not line.startswith(" "):
                match = NOTIFY.match(line)
                current, args = (float(match[1]) if match else None), []
                continue
            if current is not None and re.match(r"^   [a-z]", line):
                args.append(line.strip())
                if len(args) == 4 and args[3].startswith("string "):
                    value = args[3][len("string "):]
                    calls.append((current, value[1:-1]))
    return calls


def own_copy(binary, folder):
    """A copy of todo-remind and the todo-remind-notifier beside it (which
    `daemon` runs) in folder; returns the copy of todo-remind.

    Each daemon runs its own copy so that the daemons measured side by side
    share no page of their binary: two processes of one file would each be
    charged half of its resident code in PSS, and none of it as private,
    where a user's one daemon is charged all of it. Written back to disk
    before it runs, so its pages are clean page cache, as an installed
    binary's are, not dirty pages waiting for writeback."""
    os.makedirs(folder, exist_ok=True)
    for name in (os.path.basename(binary), "todo-remind-notifier"):
        shutil.copy2(os.path.join(os.path.dirname(binary), name), os.path.join(folder, name))
    os.sync()
    return os.path.join(folder, os.path.basename(binary))


class Bench:
    def __init__(self, opts):
        self.opts = opts
        self.procs = {}  # name -> Popen, every process this script started
        self.logs = {}   # size -> daemon log path

    def todo(self, store, *args):
        cmd = [self.opts.binary, *args, "--store", store, "--config", self.opts.config]
        return subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True, check=True).stdout

    def start(self, name, cmd, stdout, stderr):
        with open(stdout, "w") as out, open(stderr, "w") as err:
            self.procs[name] = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        return self.procs[name].pid

    def alive(self):
        """Stops the run if a daemon died: a benchmark of a dead process is no benchmark."""
        for name, proc in self.procs.items():
            if proc.poll() is not None:
                sys.exit(f"bench: {name} exited ({proc.returncode}); see {self.opts.logs}.")

    def stop_all(self):
        """SIGTERM to everything started here, SIGKILL to what ignores it."""
        exits = {}
        for name, proc in self.procs.items():
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for name, proc in self.procs.items():
            try:
                exits[name] = proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                exits[name] = f"killed after ignoring SIGTERM for 10 s ({proc.wait()})"
        return exits

    def wait_for_log(self, size, matches, since, timeout):
        """The epoch of the first line of size's log after `since` whose
        metadata `matches`, or None."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            for epoch, metadata in read_log(self.logs[size]):
                if epoch >= since - 0.001 and matches(metadata):
                    return epoch
            time.sleep(0.02)
        return None

    def run(self):
        o, sizes = self.opts, list(self.opts.stores)
        result = {"tz": os.environ.get("TZ", ""), "idle_seconds": o.idle, "sizes": sizes}
        monitor_log = os.path.join(o.logs, "dbus-monitor.log")
        self.start("dbus-monitor", ["dbus-monitor", "--session",
                                    "type='method_call',interface='org.freedesktop.Notifications',member='Notify'"],
                   monitor_log, os.path.join(o.logs, "dbus-monitor.err"))
        # dbus-monitor prints a NameAcquired signal once it is listening.
        deadline = time.time() + 10
        while os.path.getsize(monitor_log) == 0 and time.time() < deadline:
            time.sleep(0.05)

        binaries = {size: own_copy(o.binary, os.path.join(o.logs, f"bin-{size}")) for size in sizes}
        started = time.time()
        pids = {}
        for size, store in o.stores.items():
            self.logs[size] = os.path.join(o.logs, f"daemon-{size}.log")
            pids[f"todo-remind {size}"] = self.start(
                f"todo-remind daemon ({size} tasks)",
                [binaries[size], "daemon", "--store", store, "--config", o.config, "-v", "--log-format", "json"],
                os.path.join(o.logs, f"daemon-{size}.out"), self.logs[size])
        for reference in o.reference:
            name, program = reference.split("=", 1)
            copy = os.path.join(o.logs, f"reference-bin-{len(pids)}")
            os.makedirs(copy, exist_ok=True)
            shutil.copy2(program, copy)
            os.sync()
            pids[name] = self.start(name, [os.path.join(copy, os.path.basename(program))],
                                    os.path.join(o.logs, f"reference-{len(pids)}.out"), os.devnull)
        pids["remind -z1"] = self.start("remind -z1", ["remind", "-z1", o.remind],
                                        os.path.join(o.logs, "remind.out"), os.path.join(o.logs, "remind.err"))

        # Settled: each daemon has logged its next reminder (it has loaded the
        # store and armed its timer); then a little longer for stragglers.
        result["settle_seconds"] = {}
        for size in sizes:
            seen = self.wait_for_log(size, lambda m: m.get("event") == "armed", started, 60)
            result["settle_seconds"][size] = None if seen is None else round(seen - started, 3)
        self.alive()
        # Whether a reminder falls inside the window to come (+ 10 s of margin).
        window_end = time.time() + 2 + o.idle + 10
        result["next_reminder"] = {}
        for size, store in o.stores.items():
            coming = json.loads(self.todo(store, "next", "--limit", "1", "--json"))
            at = coming[0]["at"] if coming else None
            in_window = at is not None and dt.datetime.fromisoformat(at.replace("Z", "+00:00")).timestamp() < window_end
            result["next_reminder"][size] = {"at": at, "in_window": in_window}
        time.sleep(2)
        self.alive()

        print(f"bench: daemons settled; idle window of {o.idle} s", flush=True)
        result["memory_settled"] = {name: memory(pid) for name, pid in pids.items()}
        before = {name: ctx_switches(pid) for name, pid in pids.items()}
        window_start = time.time()
        time.sleep(o.idle)
        after = {name: ctx_switches(pid) for name, pid in pids.items()}
        window_stop = time.time()
        result["memory_idle_end"] = {name: memory(pid) for name, pid in pids.items()}
        result["mappings_idle_end"] = {name: mappings(pid) for name, pid in pids.items()}
        self.alive()
        result["window"] = {"start": window_start, "end": window_stop}
        result["wakeups"] = {}
        for name in pids:
            d = {k: after[name][k] - before[name][k] for k in ("voluntary", "nonvoluntary")}
            result["wakeups"][name] = {**d, "total": d["voluntary"] + d["nonvoluntary"],
                                       "threads_start": before[name]["threads"], "threads_end": after[name]["threads"]}
        for size in sizes:
            lines = [l for l in read_log(self.logs[size]) if window_start <= l[0] <= window_stop]
            result["wakeups"][f"todo-remind {size}"].update(
                log_lines=len(lines),
                reminders=sum(1 for _, metadata in lines if metadata.get("event") == "fire"))

        result["lateness"] = {size: self.lateness(size, o.stores[size]) for size in sizes}
        result["pickup"] = {size: self.pickup(size, o.stores[size]) for size in sizes}
        result["memory_end"] = {name: memory(pid) for name, pid in pids.items()}
        self.alive()
        return result

    def lateness(self, size, store, count=20, lead=8):
        """count reminders one second apart, starting lead s from now (enough
        for the adds to finish first, so they do not compete with the firing)."""
        print(f"bench: lateness of {count} reminders, {size} tasks", flush=True)
        first = math.ceil(time.time()) + lead
        due = {f"Lateness {size} #{i + 1}": first + i for i in range(count)}
        for title, at in due.items():
            self.todo(store, "add", title, "--due", iso(at))
        adds_done = time.time()
        time.sleep(max(0, first + count + 3 - time.time()))
        seen = {title: epoch for epoch, title in notify_calls(os.path.join(self.opts.logs, "dbus-monitor.log"))
                if title in due}
        logged = {metadata["summary"]: metadata["lateness_ms"] for _, metadata in read_log(self.logs[size])
                  if metadata.get("event") == "fire" and metadata.get("summary") in due}
        bus_ms = [(seen[t] - at) * 1000 for t, at in due.items() if t in seen]
        return {"count": count, "seen": len(bus_ms), "adds_done_before_first_s": round(first - adds_done, 3),
                "bus_ms": bus_ms, "median_ms": statistics.median(bus_ms) if bus_ms else None,
                "worst_ms": max(bus_ms) if bus_ms else None,
                "log_ms": list(logged.values()),
                "log_median_ms": statistics.median(logged.values()) if logged else None,
                "log_worst_ms": max(logged.values()) if logged else None}

    def pickup(self, size, store, times=5):
        """From `add` exiting to the daemon logging the new task as its next reminder."""
        print(f"bench: pick-up, {size} tasks", flush=True)
        runs = []
        for n in range(1, times + 1):
            at = math.ceil(time.time() + 2)
            began = time.time()
            out = self.todo(store, "add", f"Pickup {size} #{n}", "--due", iso(at))
            ended = time.time()
            task_id = re.search(r"Added (\d+) ", out)[1]
            seen = self.wait_for_log(size, lambda m: m.get("event") == "armed" and m.get("task") == int(task_id),
                                     began - 1, 10)
            runs.append({"id": int(task_id), "add_ms": (ended - began) * 1000,
                         "pickup_ms": None if seen is None else (seen - ended) * 1000})
            # Let it fire and the daemon settle before the next one.
            time.sleep(max(0, at + 1.5 - time.time()))
        got = [r["pickup_ms"] for r in runs if r["pickup_ms"] is not None]
        return {"runs": runs, "missed": times - len(got),
                "median_ms": statistics.median(got) if got else None, "worst_ms": max(got) if got else None,
                "add_median_ms": statistics.median(r["add_ms"] for r in runs)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for flag in ("--binary", "--config", "--remind", "--logs", "--out"):
        parser.add_argument(flag, required=True)
    parser.add_argument("--idle", type=float, required=True)
    parser.add_argument("--reference", action="append", default=[], metavar="NAME=BINARY",
                        help="a program that only waits, measured beside the daemons")
    parser.add_argument("stores", nargs="+", help="SIZE=STORE")
    opts = parser.parse_args()
    opts.stores = dict(spec.split("=", 1) for spec in opts.stores)
    os.makedirs(opts.logs, exist_ok=True)
    bench = Bench(opts)
    # SIGTERM (e.g. from with-desktop-session's caller) must still clean up.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("bench: stopped by SIGTERM."))
    try:
        result = bench.run()
    finally:
        exits = bench.stop_all()
    result["exits"] = exits
    with open(opts.out, "w", encoding="utf-8") as file:
        json.dump(result, file, indent=1)


if __name__ == "__main__":
    main()
