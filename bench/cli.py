"""The command-line part of the benchmark: for each size, todo-remind's
list/export/next against `task` and `remind -n` in one hyperfine invocation,
then `add` into the biggest store (with and without a list folder to write)
and start-up on an empty store beside a minimal Swift program; and the peak
memory (max RSS) of every command, from one run under /usr/bin/time.

`list` and `next` are also timed, in the same invocation, on a second store of
each size in which a third of the tasks repeat (LIST_REPEATING,
NEXT_REPEATING): no peer command runs on that one, it shows what expanding
series costs and whether `next` stays flat.

Times are hyperfine's medians; every raw hyperfine JSON is kept in results/.
"""

import json
import os
import shlex
import subprocess
import sys
import tempfile

import stores

# The todo-remind command and the peer command it is compared with.
PAIRS = [
    ("todo-remind list", "task list"),
    ("todo-remind list --overdue", "task overdue"),
    ("todo-remind list --json", "task export"),
    ("todo-remind export", "task export"),
    ("todo-remind next --limit 20", "remind -n"),
]


# The share of the tasks that repeat in the second store of each size, and
# the name `next` is timed under there.
REPEATING = 0.333
NEXT_REPEATING = "todo-remind next --limit 20 (a third repeating)"
LIST_REPEATING = "todo-remind list (a third repeating)"

# The start-up pair, timed in one hyperfine invocation.
STARTUP = "todo-remind list (empty store)"
MINIMAL = "minimal Swift program (Foundation, prints the date)"

# add with a list folder to write (a [[calendar]] folder, its default list).
ADD_FOLDER = "todo-remind add (into a list folder)"

# A Swift program that imports Foundation and formats the current date: the
# floor of a Swift command's start-up, built as the release build is.
MINIMAL_SOURCE = """import Foundation

print(Date.now.formatted(date: .abbreviated, time: .shortened))
"""


def todo(binary, config, store, *args):
    return [binary, *args, "--store", store, "--config", config]


def task(env, *args):
    # hyperfine -N has no per-command environment, so Taskwarrior's goes
    # through env(1): one extra exec of a tiny program, well under a millisecond.
    return ["env", "TASKRC=" + env["TASKRC"], "TASKDATA=" + env["TASKDATA"], "task", *args]


def size_commands(binary, config, store, env, remfile):
    """The eight commands timed at every size, by display name."""
    return {
        "todo-remind list": todo(binary, config, store, "list"),
        "todo-remind list --json": todo(binary, config, store, "list", "--json"),
        "todo-remind list --overdue": todo(binary, config, store, "list", "--overdue"),
        "todo-remind export": todo(binary, config, store, "export"),
        "todo-remind next --limit 20": todo(binary, config, store, "next", "--limit", "20"),
        "task list": task(env, "list"),
        "task overdue": task(env, "overdue"),
        "task export": task(env, "export"),
        "remind -n": ["remind", "-n", remfile],
    }


def hyperfine(commands, json_path, warmup, runs):
    """One hyperfine invocation for all commands; returns name -> seconds stats."""
    argv = ["hyperfine", "-N", "--style", "basic", "--warmup", str(warmup), "--runs", str(runs),
            "--export-json", json_path]
    for name, cmd in commands.items():
        argv += ["-n", name, shlex.join(cmd)]
    # hyperfine prints its own progress; it is the run's log.
    if subprocess.run(argv, stdin=subprocess.DEVNULL).returncode != 0:
        sys.exit(f"bench: hyperfine failed; its output is above ({json_path}).")
    with open(json_path, encoding="utf-8") as file:
        results = json.load(file)["results"]
    keys = ("median", "mean", "stddev", "min", "max")
    return {r["command"]: {**{k: r[k] for k in keys}, "runs": len(r["times"])} for r in results}


def peak_kib(cmd):
    """Max RSS in KiB of one run of cmd, from GNU time's %M."""
    with tempfile.NamedTemporaryFile("r") as out:
        result = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", out.name, *cmd],
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True)
        if result.returncode != 0:
            sys.exit(f"bench: {shlex.join(cmd)} failed ({result.returncode}): {result.stderr.strip()}")
        return int(out.read().split()[-1])


def measure(commands, json_path, warmup, runs):
    """Peak memory first (one run each, which also checks every command
    works before hyperfine spends minutes on it), then the times."""
    peaks = {name: peak_kib(cmd) for name, cmd in commands.items()}
    times = hyperfine(commands, json_path, warmup, runs)
    return {"commands": {n: shlex.join(c) for n, c in commands.items()},
            "times": times, "peak_kib": peaks}


def list_folder_config(folder):
    """A config whose default list is an empty iCalendar folder (folder/vdir/bench),
    so that `add` writes the new task's file there too."""
    os.makedirs(os.path.join(folder, "vdir", "bench"), exist_ok=True)
    config = os.path.join(folder, "config.toml")
    with open(config, "w", encoding="utf-8") as file:
        file.write(f'[[calendar]]\npath = "{os.path.join(folder, "vdir")}/*"\ndefault-list = "bench"\n')
    return config


def minimal_program(folder, source=MINIMAL_SOURCE):
    """source (MINIMAL_SOURCE unless given) built with swiftc -O, the Swift
    runtime and Foundation linked in statically as `make release` links
    todo-remind, with the same linker flags (BENCH_RELEASE_LINK, which `make
    bench` sets from the Makefile's RELEASE_LINK). Returns the binary and the
    flags used."""
    os.makedirs(folder, exist_ok=True)
    source_path, binary = os.path.join(folder, "main.swift"), os.path.join(folder, "minimal")
    with open(source_path, "w", encoding="utf-8") as file:
        file.write(source)
    # RELEASE_LINK is written for `swift build` (-Xswiftc before swiftc's own flags).
    link = [f for f in os.environ.get("BENCH_RELEASE_LINK", "").split() if f != "-Xswiftc"]
    flags = ["-O", "-static-stdlib", *link]
    result = subprocess.run(["swiftc", *flags, source_path, "-o", binary], stdin=subprocess.DEVNULL,
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"bench: the minimal Swift program did not build: {result.stderr.strip()}")
    return binary, " ".join(flags)


def run(binary, config, sizes, work, results, now, seed):
    """The whole CLI part; returns its numbers (also kept in results/cli.json)."""
    out = {"sizes": {}}
    for size in sizes:
        folder = os.path.join(work, "data", str(size))
        gen = os.path.join(folder, "generated")
        print(f"bench: {size} tasks: generating and importing", flush=True)
        stores.generate(size, gen, now, seed)
        store = stores.todo_store(binary, config, os.path.join(folder, "todo"), os.path.join(gen, "todo.json"))
        env = stores.taskwarrior(os.path.join(folder, "task"), os.path.join(gen, "taskwarrior.json"))
        commands = size_commands(binary, config, store, env, os.path.join(gen, "reminders.rem"))
        repeating_gen = os.path.join(folder, "generated-repeating")
        stores.generate(size, repeating_gen, now, seed, repeating=REPEATING)
        repeating_store = stores.todo_store(binary, config, os.path.join(folder, "todo-repeating"),
                                            os.path.join(repeating_gen, "todo.json"))
        commands[NEXT_REPEATING] = todo(binary, config, repeating_store, "next", "--limit", "20")
        commands[LIST_REPEATING] = todo(binary, config, repeating_store, "list")
        out["sizes"][str(size)] = measure(commands, os.path.join(results, f"hyperfine-{size}.json"), 1, 5)

    # add writes, so each tool gets its own copy of the biggest data set;
    # every run adds one more task, which is noise at this size.
    big = os.path.join(work, "data", str(max(sizes)))
    store = stores.copy_store(os.path.join(big, "todo"), os.path.join(big, "todo-add"))
    env = stores.copy_taskwarrior(os.path.join(big, "task"), os.path.join(big, "task-add"))
    folder_store = stores.copy_store(os.path.join(big, "todo"), os.path.join(big, "todo-add-folder"))
    folder_config = list_folder_config(os.path.join(big, "todo-add-folder"))
    add = {
        "todo-remind add": todo(binary, config, store, "add", "Bench task", "--due", "tomorrow"),
        ADD_FOLDER: todo(binary, folder_config, folder_store, "add", "Bench task", "--due", "tomorrow"),
        "task add": task(env, "add", "Bench", "task", "due:tomorrow"),
    }
    print(f"bench: add into {max(sizes)} tasks", flush=True)
    out["add"] = {"size": max(sizes), **measure(add, os.path.join(results, "hyperfine-add.json"), 1, 5)}

    # Start-up: everything but the work, so more runs to see through the noise.
    empty_json = os.path.join(work, "data", "empty.json")
    with open(empty_json, "w", encoding="utf-8") as file:
        file.write("[]\n")
    store = stores.todo_store(binary, config, os.path.join(work, "data", "empty"), empty_json)
    print("bench: start-up on an empty store, beside a minimal Swift program", flush=True)
    minimal, flags = minimal_program(os.path.join(work, "minimal"))
    out["startup"] = measure({STARTUP: todo(binary, config, store, "list"), MINIMAL: [minimal]},
                             os.path.join(results, "hyperfine-startup.json"), 3, 30)
    out["startup"]["minimal_build"] = flags
    with open(os.path.join(results, "cli.json"), "w", encoding="utf-8") as file:
        json.dump(out, file, indent=1)
    return out
