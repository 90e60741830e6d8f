#!/usr/bin/env python3
"""cost.py BEFORE AFTER [--sizes 1000 10000 100000]

What each command costs in two builds of todo-remind, side by side on the same
stores: instructions counted by callgrind (the same count for the same binary
and input, however loaded the machine is) and peak memory (max RSS, from
/usr/bin/time). For a change that must cost no more than the build before it;
a ratio above 1.05 is marked.

The stores are the benchmark's generated tasks (generate.py, seed 5, a fixed
--now), imported once by BEFORE and copied for each build; each build opens
its copy once before it is measured, so a migration of the store is not
counted. Needs valgrind and GNU time (make bench installs them); Debian 12's
valgrind cannot read the DWARF 5 of Swift's debug information, so give it
stripped copies (`strip -o`), which count the same instructions.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
NOW = "2026-11-24 05:10"
NOW_EPOCH = "1795493458"

COMMANDS = [
    ("list", ["list", "--now", NOW]),
    ("list --json", ["list", "--json", "--now", NOW]),
    ("next --limit 20", ["next", "--limit", "20", "--now", NOW]),
    ("show 7", ["show", "7", "--now", NOW]),
    ("agenda --days 7", ["agenda", "--days", "7", "--now", NOW]),
    ("export", ["export"]),
    ("add", ["add", "Bring the forms", "--due", "tomorrow 10:00", "--now", NOW]),
    ("done 3", ["done", "3", "--now", NOW]),
]


def environment(home):
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "TZ": "Europe/Berlin",
            "LANG": "C.UTF-8", "XDG_CONFIG_HOME": str(home / "config"), "XDG_DATA_HOME": str(home / "data")}


def instructions(binary, args, env):
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", str(binary)] + args,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=1200)
    found = re.search(r"Collected : (\d+)", result.stderr)
    if not found:
        sys.exit(f"callgrind counted nothing for {args}:\n{result.stderr[-2000:]}")
    return int(found.group(1))


def peak_kib(binary, args, env):
    result = subprocess.run(["/usr/bin/time", "-f", "%M", str(binary)] + args, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=600)
    return int(result.stderr.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000, 100000])
    arguments = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="todo-remind-cost-"))
    home = base / "home"
    home.mkdir()
    env = environment(home)
    rows = []
    try:
        for size in arguments.sizes:
            generated = base / f"gen-{size}"
            subprocess.run([sys.executable, str(HERE / "generate.py"), str(size), str(generated), "--now", NOW_EPOCH,
                            "--seed", "5", "--repeating", "0.1"], check=True, stdout=subprocess.DEVNULL)
            source = base / f"tasks-{size}.sqlite"
            subprocess.run([str(arguments.before), "import", str(generated / "todo.json"), "--store", str(source)],
                           env=env, check=True, stdout=subprocess.DEVNULL)
            for name, args in COMMANDS:
                counts, peaks = [], []
                for binary in (arguments.before, arguments.after):
                    store = base / "measured.sqlite"
                    for suffix in ("", "-wal", "-shm"):
                        Path(str(store) + suffix).unlink(missing_ok=True)
                    shutil.copy(source, store)
                    # Opened once first: a migration is not the command's cost.
                    subprocess.run([str(binary), "tags", "--store", str(store)], env=env, check=True, stdout=subprocess.DEVNULL)
                    snapshot = base / "snapshot.sqlite"
                    shutil.copy(store, snapshot)
                    counts.append(instructions(binary, args + ["--store", str(store)], env))
                    shutil.copy(snapshot, store)
                    peaks.append(peak_kib(binary, args + ["--store", str(store)], env))
                rows.append((size, name, counts, peaks))
                ratio = counts[1] / counts[0]
                print(f"{size:>7} {name:<18} {counts[0] / 1e6:9.1f} M {counts[1] / 1e6:9.1f} M  {ratio:5.3f}"
                      f"  {peaks[0] / 1024:6.1f} MiB {peaks[1] / 1024:6.1f} MiB{'  <-- more' if ratio > 1.05 else ''}", flush=True)
        print()
        print("| tasks | command | before (instructions) | after | after/before | peak before | peak after |")
        print("| ---: | --- | ---: | ---: | ---: | ---: | ---: |")
        for size, name, counts, peaks in rows:
            print(f"| {size:,} | `{name}` | {counts[0] / 1e6:.1f} M | {counts[1] / 1e6:.1f} M | {counts[1] / counts[0]:.3f} |"
                  f" {peaks[0] / 1024:.1f} MiB | {peaks[1] / 1024:.1f} MiB |")
        return 1 if any(counts[1] > 1.05 * counts[0] for _, _, counts, _ in rows) else 0
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
