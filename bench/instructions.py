#!/usr/bin/env python3
"""instructions.py: what starting a command costs, in instructions and time,
beside the floor of any Swift program and the tools people would pick
instead; and what the binaries weigh (issue 39). `make bench` runs it after
bench/run.py; `make bench-instructions` alone (a few minutes).

For each command: instructions counted by callgrind (the same count for the
same binary, input and environment, however loaded the machine is), the
median wall time of hyperfine, and the peak memory (max RSS, GNU time). The
floor is a minimal Swift program that reads the local zone and the date with
FoundationEssentials' TimeZone and Calendar, built in the run with the
release build's flags (static Swift runtime, BENCH_RELEASE_LINK).

The stores are the benchmark's generated tasks (generate.py, seed 5), as in
bench/run.py; `remind -n` and `task list` read the same tasks. Debian 12's
valgrind cannot read the DWARF 5 of Swift's debug information, so callgrind
runs stripped copies of the binaries (the same code, the same count).

Writes its section of BENCHMARKS.md between the markers
`<!-- instructions -->` and `<!-- /instructions -->` (appended if absent),
and the raw numbers to .build/bench/results/instructions.json.
"""
import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import cli  # noqa: E402
import stores  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SEED = 5
BEGIN, END = "<!-- instructions -->", "<!-- /instructions -->"

FLOOR = "minimal Swift program (FoundationEssentials: local zone and date)"
FLOOR_SOURCE = """import FoundationEssentials

// The floor of a Swift command: the runtime, the local zone and today's date.
let zone = TimeZone.current
let day = Calendar(identifier: .gregorian).dateComponents(in: zone, from: Date.now)
print(zone.identifier, day.year ?? 0, day.month ?? 0, day.day ?? 0)
"""


def callgrind(cmd, env=None):
    """Instructions callgrind counts for one run of cmd."""
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, env=env, timeout=3600)
    found = re.search(r"Collected : (\d+)", result.stderr)
    if result.returncode != 0 or not found:
        sys.exit(f"bench: callgrind could not count {shlex.join(cmd)}:\n{result.stderr[-2000:]}")
    return int(found.group(1))


def stripped(binary, folder):
    copy = folder / (Path(binary).name + ".stripped")
    subprocess.run(["strip", "-o", str(copy), str(binary)], check=True)
    return str(copy)


def measure(commands, counted, work, runs):
    """{name: {instructions, seconds, peak_kib}}; `counted` is the same
    commands with the stripped binaries, for callgrind, each with the
    environment it needs (callgrind would count env(1), not what it runs)."""
    out = {}
    for name, cmd in commands.items():
        print(f"bench: counting {name}", flush=True)
        counted_cmd, env = counted[name] if isinstance(counted[name], tuple) else (counted[name], None)
        out[name] = {"instructions": callgrind(counted_cmd, env), "peak_kib": cli.peak_kib(cmd)}
    times = cli.hyperfine(commands, str(work / f"hyperfine-{int(time.time() * 1000)}.json"), 2, runs)
    for name in commands:
        out[name]["seconds"] = times[name]["median"]
    return out


def section(results):
    def row(name, numbers, ratio_to=None, ratio_name=""):
        ratio = ""
        if ratio_to:
            ratio = (f"{numbers['instructions'] / ratio_to['instructions']:.2f}× / "
                     f"{numbers['seconds'] / ratio_to['seconds']:.2f}× {ratio_name}")
        return (f"| {name} | {numbers['instructions'] / 1e6:.1f} M | {numbers['seconds'] * 1000:.1f} ms | "
                f"{numbers['peak_kib'] / 1024:.1f} MiB | {ratio} |")

    lines = [BEGIN, "", "### Starting a command: instructions beside times (issue 39)", "",
             f"Run on {results['date']} at {results['commit']}: `{results['command']}`. Instructions are",
             "callgrind's count of one run (stable whatever the machine's load); time is hyperfine's",
             "median; peak memory is GNU time's max RSS. The ratio column is instructions / time",
             "against the row it names.", ""]
    floor = results["floor"]
    lines += ["| Command | instructions | time | peak memory | ratio |", "| --- | ---: | ---: | ---: | --- |",
              row(FLOOR, floor),
              row("`todo-remind list`, empty store", results["empty"], floor, "the floor")]
    for size, commands in results["sizes"].items():
        lines += ["", f"At {int(size):,} tasks:", "",
                  "| Command | instructions | time | peak memory | ratio |", "| --- | ---: | ---: | ---: | --- |"]
        for name, numbers in commands.items():
            peer = {"todo-remind next --limit 20": "remind -n", "todo-remind list": "task list"}.get(name)
            lines.append(row(f"`{name}`", numbers, commands.get(peer), f"`{peer}`"))
    sizes = results["binaries"]
    lines += ["", "The binaries (MB of 10⁶ bytes): as built, and stripped as `make install` installs them.", "",
              "| Binary | built | installed |", "| --- | ---: | ---: |"]
    for name, size in sizes.items():
        lines.append(f"| `{name}` | {size['built'] / 1e6:.1f} | {size['stripped'] / 1e6:.1f} |")
    total = sum(size["stripped"] for size in sizes.values())
    lines += [f"| both | | **{total / 1e6:.1f}** |", "", END]
    return "\n".join(lines)


def paste(out, text):
    report = Path(out)
    old = report.read_text(encoding="utf-8") if report.exists() else ""
    if BEGIN in old and END in old:
        new = old[:old.index(BEGIN)] + text + old[old.index(END) + len(END):]
    else:
        new = old.rstrip("\n") + "\n\n" + text + "\n"
    report.write_text(new, encoding="utf-8")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=str(ROOT / ".build/release/todo-remind"))
    parser.add_argument("--notifier", default=str(ROOT / ".build/release/todo-remind-notifier"))
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 100000])
    parser.add_argument("--out", default=str(ROOT / "BENCHMARKS.md"))
    arguments = parser.parse_args()
    for tool in ("valgrind", "hyperfine", "task", "remind", "strip", "swiftc"):
        if not shutil.which(tool):
            sys.exit(f"bench: {tool} is missing: run 'make bench-deps' (or 'make bench').")
    work = ROOT / ".build/bench/instructions"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    binary = os.path.abspath(arguments.binary)
    counted_binary = stripped(binary, work)
    config = str(work / "config.toml")
    Path(config).write_text("", encoding="utf-8")
    now = int(time.time())

    def todo(bin_, store, *args):
        return cli.todo(bin_, config, store, *args)

    results = {"date": time.strftime("%Y-%m-%d"), "sizes": {},
               "commit": subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                                        capture_output=True, text=True).stdout.strip(),
               "command": "make bench-instructions"}
    floor, flags = cli.minimal_program(str(work / "floor"), FLOOR_SOURCE)
    empty_json = work / "empty.json"
    empty_json.write_text("[]\n", encoding="utf-8")
    empty = stores.todo_store(binary, config, str(work / "empty"), str(empty_json))
    start = measure({FLOOR: [floor], "empty": todo(binary, empty, "list")},
                    {FLOOR: [stripped(floor, work)], "empty": todo(counted_binary, empty, "list")}, work, 30)
    results["floor"], results["empty"], results["floor_build"] = start[FLOOR], start["empty"], flags

    for size in arguments.sizes:
        folder = work / str(size)
        generated = folder / "generated"
        print(f"bench: {size} tasks: generating and importing", flush=True)
        stores.generate(size, str(generated), now, SEED)
        store = stores.todo_store(binary, config, str(folder / "todo"), str(generated / "todo.json"))
        added = stores.copy_store(str(folder / "todo"), str(folder / "todo-add"))
        env = stores.taskwarrior(str(folder / "task"), str(generated / "taskwarrior.json"))
        remfile = str(generated / "reminders.rem")

        def commands(bin_, counting=False):
            out = {"todo-remind list": todo(bin_, store, "list"),
                   "todo-remind next --limit 20": todo(bin_, store, "next", "--limit", "20"),
                   "todo-remind show 7": todo(bin_, store, "show", "7"),
                   "todo-remind add": todo(bin_, added, "add", "Bench task", "--due", "tomorrow")}
            if size <= 1000:
                # Taskwarrior under callgrind at 100,000 tasks takes many minutes.
                out["task list"] = (["task", "list"], env) if counting else cli.task(env, "list")
            out["remind -n"] = ["remind", "-n", remfile]
            return out

        results["sizes"][str(size)] = measure(commands(binary), commands(counted_binary, counting=True), work,
                                              20 if size <= 1000 else 5)

    results["binaries"] = {}
    for path in (binary, os.path.abspath(arguments.notifier)):
        results["binaries"][Path(path).name] = {"built": os.path.getsize(path),
                                                 "stripped": os.path.getsize(stripped(path, work))}
    results_dir = ROOT / ".build/bench/results"
    results_dir.mkdir(parents=True, exist_ok=True)
    (results_dir / "instructions.json").write_text(json.dumps(results, indent=1), encoding="utf-8")
    text = section(results)
    paste(arguments.out, text)
    print(text)


if __name__ == "__main__":
    main()
