"""bench/run.py: benchmarks todo-remind against Taskwarrior (and its terminal
view vit) and remind and writes BENCHMARKS.md. `make bench` runs it after
building the release binary.

Environment knobs:
  BENCH_IDLE_SECONDS  the daemons' idle window, in seconds (default 300)
  BENCH_SIZES         task counts for the CLI part (default "1000 10000 100000")
  BENCH_BIN           the todo-remind binary (default .build/release/todo-remind)
  BENCH_OUT           the report to write (default BENCHMARKS.md)
  BENCH_RELEASE_LINK  the linker flags of the release build (`make bench` passes
                      the Makefile's RELEASE_LINK), with which the minimal Swift
                      program of the start-up comparison is built
A quick development run: BENCH_IDLE_SECONDS=20 BENCH_SIZES="1000 10000" python3 bench/run.py
The daemon part always uses 100 tasks and the largest of BENCH_SIZES; the
interactive view's part (bench/view.py) 10,000 and 100,000 where BENCH_SIZES
has them (else the largest), with an idle window of at most 30 s.

Everything it makes lives in .build/bench/ (data, logs, raw results as JSON
under .build/bench/results/); the user's own tasks and config are never read.
"""

import datetime as dt
import json
import os
import platform
import shutil
import sqlite3
import subprocess
import sys
import time

import cli
import report
import stores
import sync
import view

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEED = 5  # the same tasks every run, relative to the run's --now


def output(cmd):
    """cmd's first output line, or "not found" when cmd cannot run."""
    try:
        result = subprocess.run(cmd, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    except OSError:
        return "not found"
    lines = (result.stdout + result.stderr).strip().splitlines()
    return lines[0].strip() if lines else ""


def dpkg_version(package):
    return output(["dpkg-query", "-W", "-f=${Version}", package]) or "unknown"


def check_tools(binary):
    """Stops with one sentence when something the run needs is missing."""
    for tool in ("hyperfine", "task", "vit", "remind", "dbus-monitor", "git"):
        if not shutil.which(tool):
            sys.exit(f"bench: {tool} is missing: run 'make bench-deps' (or 'make bench').")
    if not os.access("/usr/bin/time", os.X_OK):
        sys.exit("bench: /usr/bin/time is missing: run 'make bench-deps' (or 'make bench').")
    if not os.access(binary, os.X_OK):
        sys.exit(f"bench: {binary} is not an executable: run 'make release' or set BENCH_BIN.")


def night_zone(now):
    """A fixed-offset zone (Etc/GMT±N) where `now` is between 01:00 and 02:00.

    The generated tasks are due at 07:00-21:55 and remind at 09:00, local
    time; at 100,000 tasks a reminder falls in every 5 minutes of the day.
    Generating the daemon's tasks, and running the daemons, in a zone where
    it is night keeps those reminders out of the idle window, without
    changing how many tasks or reminders there are."""
    offset = (1 - time.gmtime(now).tm_hour) % 24
    offset = offset - 24 if offset > 14 else offset
    name = "Etc/GMT" if offset == 0 else f"Etc/GMT{-offset:+d}"
    return name if os.path.exists(os.path.join("/usr/share/zoneinfo", name)) else None


def machine():
    with open("/proc/cpuinfo", encoding="utf-8") as file:
        cpu = next((l.split(":", 1)[1].strip() for l in file if l.startswith("model name")), platform.processor())
    with open("/proc/meminfo", encoding="utf-8") as file:
        mem_kib = int(next(l.split()[1] for l in file if l.startswith("MemTotal")))
    return {"cpu": cpu, "cores": os.cpu_count(), "memory_gib": round(mem_kib / 1024 / 1024, 1),
            "kernel": platform.release(), "load_at_start": os.getloadavg()[0]}


def versions(binary):
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    remind = output(["remind", "-v"])
    return {
        "swift": output(["swift", "--version"]),
        "todo-remind": output([binary, "--version"]),
        "commit": output(["git", "rev-parse", "--short", "HEAD"]),
        "dirty": len(dirty.splitlines()),
        "task": output(["task", "--version"]),
        "vit": dpkg_version("vit"),
        "remind": remind.split()[1] if remind.startswith("REMIND") else dpkg_version("remind"),
        "hyperfine": output(["hyperfine", "--version"]).removeprefix("hyperfine "),
        "sqlite": f"{sqlite3.sqlite_version} (libsqlite3-0 {dpkg_version('libsqlite3-0')})",
        "dunst": output(["dunst", "--version"]).rsplit("notification-daemon ", 1)[-1],
    }


# Beside the daemons, two Swift programs that only wait, built as the release
# build is: what any Swift process holds before it does anything, the floor
# under the daemon's memory.
IDLE_PROGRAMS = {
    "minimal Swift program, waiting": """import Glibc

print("waiting")
fflush(stdout)
pause()
""",
    "minimal Swift program with Foundation (reads the local zone), waiting": """import Foundation

// What a daemon with Foundation does first: the local zone's offset now.
print("waiting", TimeZone.current.identifier, TimeZone.current.secondsFromGMT(for: Date()))
fflush(stdout)
pause()
""",
}


def daemon_part(binary, config, largest, work, results, now, idle):
    """Stores of 100 and `largest` tasks generated in a night zone, then
    bench/daemon.py inside a private desktop session, with IDLE_PROGRAMS
    beside the daemons; returns its JSON."""
    zone = night_zone(now)
    env = dict(os.environ, TZ=zone) if zone else dict(os.environ)
    specs, remfile = [], None
    for size in sorted({100, largest}):
        folder = os.path.join(work, "daemon", str(size))
        print(f"bench: daemon data, {size} tasks (TZ={zone or 'unchanged'})", flush=True)
        stores.generate(size, os.path.join(folder, "generated"), now, SEED, env=env)
        store = stores.todo_store(binary, config, os.path.join(folder, "todo"),
                                  os.path.join(folder, "generated", "todo.json"), env=env)
        specs.append(f"{size}={store}")
        remfile = os.path.join(folder, "generated", "reminders.rem")
    references = []
    for number, (name, source) in enumerate(IDLE_PROGRAMS.items()):
        program, _ = cli.minimal_program(os.path.join(work, "daemon", f"idle-{number}"), source)
        references += ["--reference", f"{name}={program}"]
    out = os.path.join(results, "daemon.json")
    cmd = [os.path.join(ROOT, "scripts", "with-desktop-session"), sys.executable,
           os.path.join(ROOT, "bench", "daemon.py"), "--binary", binary, "--config", config,
           "--remind", remfile, "--idle", str(idle), "--logs", os.path.join(work, "logs"), "--out", out, *references, *specs]
    if subprocess.run(cmd, env=env, stdin=subprocess.DEVNULL).returncode != 0 or not os.path.exists(out):
        sys.exit(f"bench: the daemon part failed; its logs are in {os.path.join(work, 'logs')}.")
    with open(out, encoding="utf-8") as file:
        return {"zone": zone, "remind_file_size": largest, **json.load(file)}


def main():
    os.chdir(ROOT)
    idle = float(os.environ.get("BENCH_IDLE_SECONDS", "300"))
    sizes = sorted(int(s) for s in os.environ.get("BENCH_SIZES", "1000 10000 100000").split())
    binary = os.path.abspath(os.environ.get("BENCH_BIN", ".build/release/todo-remind"))
    out_path = os.environ.get("BENCH_OUT", "BENCHMARKS.md")
    check_tools(binary)

    began = time.time()
    work = os.path.join(ROOT, ".build", "bench")
    results = os.path.join(work, "results")
    for folder in ("data", "daemon", "logs", "results"):
        shutil.rmtree(os.path.join(work, folder), ignore_errors=True)
    os.makedirs(results)
    # An empty config: todo-remind's defaults, whatever the user's own says.
    config = os.path.join(work, "config.toml")
    with open(config, "w", encoding="utf-8") as file:
        file.write("# Empty on purpose: the benchmark runs on todo-remind's defaults.\n")

    now = int(began)  # one --now for every generated data set of this run
    run = {"date": dt.datetime.fromtimestamp(began).astimezone().isoformat(timespec="seconds"),
           "machine": machine(), "versions": versions(binary), "sizes": sizes, "now": now, "seed": SEED,
           "binary": os.path.relpath(binary, ROOT) if binary.startswith(ROOT + os.sep) else binary,
           "bench_bin_set": "BENCH_BIN" in os.environ, "taskrc": stores.TASKRC_LINES}
    run["cli"] = cli.run(binary, config, sizes, work, results, now, SEED)
    run["daemon"] = daemon_part(binary, config, max(sizes), work, results, now, idle)
    print("bench: the interactive view beside vit (bench/view.py)", flush=True)
    view_sizes = sorted({10_000, 100_000} & set(sizes)) or [max(sizes)]
    run["view"] = view.measure(binary, config, view_sizes, work, now, SEED, idle=min(idle, 30.0),
                               zone=night_zone(now))
    run["view"]["versions"] = {"vit": run["versions"]["vit"], "task": run["versions"]["task"]}
    print("bench: list folders beside todoman (bench/sync.py)", flush=True)
    sync_work = os.path.join(work, "sync")
    shutil.rmtree(sync_work, ignore_errors=True)
    os.makedirs(sync_work)
    run["sync"] = sync.measure(binary, sync_work)
    run["seconds"] = round(time.time() - began)

    with open(os.path.join(results, "run.json"), "w", encoding="utf-8") as file:
        json.dump(run, file, indent=1)
    report.write(run, out_path, os.path.join(ROOT, "bench", "FINDINGS.md"))
    print(f"bench: wrote {out_path} in {run['seconds']} s", flush=True)


if __name__ == "__main__":
    main()
