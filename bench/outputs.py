#!/usr/bin/env python3
"""outputs.py BINARY OUTDIR [--data DIR] [--size N]

Writes what one todo-remind binary prints and writes, on the benchmark's
generated tasks at a fixed --now, into OUTDIR: one file per command, and the
list folder's files after a round of edits. Two binaries' OUTDIRs are then
compared with `diff -r`: a refactoring that changes no behaviour leaves them
identical.

The tasks are generated once into --data (default .build/outputs-data), so
both binaries read the same input: a plain set and a set where a third of the
tasks repeat, as `make bench` makes them.

Files written into a folder carry the real time of the write (DTSTAMP,
LAST-MODIFIED) and new random UIDs, so those lines are left out and each
file is named after its SUMMARY before comparing.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
NOW = 1795493458  # the benchmark's --now: 2026-11-24T04:10:58Z
NOW_TEXT = "2026-11-24 05:10"
VOLATILE = re.compile(r"^(DTSTAMP|LAST-MODIFIED|CREATED|UID|RELATED-TO;RELTYPE=SNOOZE)[:;]")


def run(binary, args, env, stdin=None):
    result = subprocess.run([binary] + args, env=env, input=stdin, capture_output=True, text=True)
    return f"exit {result.returncode}\n--- stdout\n{result.stdout}--- stderr\n{result.stderr}"


def generate(data, size, env):
    for name, repeating in (("plain", 0.0), ("repeating", 0.333)):
        folder = os.path.join(data, name)
        if os.path.exists(os.path.join(folder, "todo.json")):
            continue
        os.makedirs(folder, exist_ok=True)
        subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), str(size), folder,
                        "--now", str(NOW), "--seed", "5", "--repeating", str(repeating)], check=True, env=env)


def store_outputs(binary, out, name, json_file, env):
    work = os.path.join(out, ".work", name)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    config = os.path.join(work, "config.toml")
    open(config, "w").close()
    store = os.path.join(work, "store.db")
    base = ["--store", store, "--config", config]
    results = {"import": run(binary, ["import"] + base + [json_file], env)}
    now = ["--now", NOW_TEXT]
    commands = {
        "list": ["list"] + now,
        "list-all": ["list", "--all"] + now,
        "list-json": ["list", "--all", "--json"] + now,
        "list-overdue": ["list", "--overdue"] + now,
        "list-priority": ["list", "--sort", "priority"] + now,
        "next": ["next", "--limit", "200"] + now,
        "next-json": ["next", "--limit", "200", "--json"] + now,
        "next-20": ["next", "--limit", "20"] + now,
        "export": ["export"],
    }
    for label, args in commands.items():
        results[label] = run(binary, args + base, env)
    for task in range(1, 2001, 37):
        results[f"show-{task}"] = run(binary, ["show", str(task), "--json"] + now + base, env)
    for label, text in results.items():
        with open(os.path.join(out, f"{name}-{label}.txt"), "w") as file:
            file.write(text)


def folder_outputs(binary, out, json_file, env):
    """The tasks imported into a list folder, then a round of edits, the
    folder's files compared without their volatile lines."""
    work = os.path.join(out, ".work", "folder")
    shutil.rmtree(work, ignore_errors=True)
    folder = os.path.join(work, "tasks", "personal")
    os.makedirs(folder)
    config = os.path.join(work, "config.toml")
    with open(config, "w") as file:
        file.write(f'[[calendar]]\npath = "{os.path.join(work, "tasks")}/*"\n')
    store = os.path.join(work, "store.db")
    base = ["--store", store, "--config", config]
    with open(json_file) as file:
        tasks = json.load(file)[:300]
    small = os.path.join(work, "small.json")
    with open(small, "w") as file:
        json.dump(tasks, file)
    log = [run(binary, ["import"] + base + [small], env)]
    edits = [["done", "3", "--now", NOW_TEXT], ["done", "5", "--now", NOW_TEXT], ["edit", "7", "--title", "Renamed"], ["off", "9"],
             ["snooze", "11", "2h", "--now", NOW_TEXT], ["edit", "13", "--due", "2026-12-24 10:00"],
             ["reopen", "5"], ["delete", "15"], ["edit", "17", "--remind", "-1d,-15m"],
             ["edit", "19", "--repeat", "weekly"], ["edit", "21", "--priority", "high", "--category", "Zeta"]]
    for edit in edits:
        log.append(" ".join(edit) + "\n" + run(binary, edit + base, env))
    log.append(run(binary, ["list", "--all", "--json", "--now", NOW_TEXT] + base, env))
    log.append(run(binary, ["sync", "--check"] + base, env))
    with open(os.path.join(out, "folder-commands.txt"), "w") as file:
        file.write("\n".join(log))
    files = {}
    for entry in sorted(os.listdir(folder)):
        if not entry.endswith(".ics"):
            continue
        with open(os.path.join(folder, entry)) as file:
            lines = [line for line in file.read().splitlines() if not VOLATILE.match(line)]
        summary = next((line for line in lines if line.startswith("SUMMARY")), entry)
        files.setdefault(summary, []).append("\n".join(lines))
    with open(os.path.join(out, "folder-files.txt"), "w") as file:
        for summary in sorted(files):
            for text in sorted(files[summary]):
                file.write(text + "\n\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("out")
    parser.add_argument("--data", default=os.path.join(HERE, "..", ".build", "outputs-data"))
    parser.add_argument("--size", type=int, default=2000)
    args = parser.parse_args()
    env = dict(os.environ, TZ="Europe/Berlin", NO_COLOR="1")
    env.pop("TODO_REMIND_STORE", None)
    generate(args.data, args.size, env)
    os.makedirs(args.out, exist_ok=True)
    for name in ("plain", "repeating"):
        store_outputs(os.path.abspath(args.binary), args.out, name, os.path.join(args.data, name, "todo.json"), env)
    folder_outputs(os.path.abspath(args.binary), args.out, os.path.join(args.data, "plain", "todo.json"), env)
    shutil.rmtree(os.path.join(args.out, ".work"), ignore_errors=True)


if __name__ == "__main__":
    main()
