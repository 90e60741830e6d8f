#!/usr/bin/env python3
"""outputs.py BEFORE AFTER [--keep DIR]

Runs two builds of todo-remind (two `todo-remind` binaries) on the same data
at a fixed --now and compares what each prints and writes, byte for byte: for
a change that must not change what a user sees (a reshaping of the code).

The data, made once and copied for each binary, so both read the same rows:
- the benchmark's generated tasks (bench/generate.py, seed 5): 1,000 with
  repeating tasks, subtasks, waiting tasks and tags; 1,000 a third of which
  repeat, as `make bench` makes them; and 10,000 plain ones; imported by
  BEFORE;
- list folders holding every client's task fixture (Tests/TodoCalendarTests/
  Fixtures) and a calendar of events (the clients' event fixtures and 60
  generated ones, Tests/EventReference/generate.py), read in by BEFORE.

What is compared: `list` (text and --json, --all), `show --json` of a few
tasks, `next` (text and --json), `agenda --json` over two weeks, `export` (json
and ics), `lists`, `sync --check`; and, on the folders, `done`, `snooze`,
`edit` and `add` with the files they write. Prints one line per output and
exits 1 if any differs (the first lines of the difference are shown).
"""
import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOW = "2026-12-07 10:15"
NOW_EPOCH = "1796638500"  # 2026-12-07 10:15 in Europe/Berlin (09:15 UTC)
ZONE = "Europe/Berlin"
# The generated sets, by name: generate.py's size and options.
SETS = {
    "1000": ["1000", "--repeating", "0.1", "--subtasks", "0.1", "--waiting", "0.05", "--tagged", "0.3"],
    "1000-repeating": ["1000", "--repeating", "0.333"],
    "10000": ["10000"],
}


# What is new each run, whichever build runs: a new file's name and a new
# alarm's UID (random UUIDs).
UUID = re.compile(rb"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}")


def normalized(output):
    return UUID.sub(b"<uuid>", output)


def run(binary, args, env, cwd, stdin=None):
    # The clock stands still at NOW (libfaketime) for what takes no --now:
    # export's DTSTAMP, a change's LAST-MODIFIED.
    result = subprocess.run(["faketime", "-f", "2026-12-07 09:15:00"] + [str(binary)] + args, env=env, cwd=cwd, input=stdin,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
    output = result.stdout + b"\n--- stderr ---\n" + result.stderr + f"\n--- exit {result.returncode} ---\n".encode()
    return normalized(output)


def environment(home):
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_DATA_HOME": str(home / "data"),
        "TZ": ZONE,
        "FAKETIME_DONT_FAKE_MONOTONIC": "1",
        "LANG": "C.UTF-8",
        "COLUMNS": "120",
    }


def make_data(before, base):
    """The stores and folders both binaries start from."""
    data = base / "data"
    data.mkdir()
    for name, options in SETS.items():
        generated = base / f"gen-{name}"
        subprocess.run([sys.executable, str(ROOT / "bench/generate.py"), options[0], str(generated),
                        "--now", NOW_EPOCH, "--seed", "5"] + options[1:], check=True, stdout=subprocess.DEVNULL)
        home = base / f"home-import-{name}"
        home.mkdir()
        out = run(before, ["import", str(generated / "todo.json"), "--store", str(data / f"tasks-{name}.sqlite")],
                  environment(home), base)
        if b"--- exit 0 ---" not in out:
            sys.exit(f"import of the {name} tasks failed:\n{out.decode(errors='replace')}")
    # Folders: a task list with every client's fixture, a calendar of events.
    folders = data / "folders"
    tasks = folders / "tasks"
    events = folders / "events"
    tasks.mkdir(parents=True)
    events.mkdir(parents=True)
    fixtures = ROOT / "Tests/TodoCalendarTests/Fixtures"
    for path in sorted(fixtures.glob("*.ics")):
        text = path.read_bytes()
        if b"BEGIN:VTODO" in text:
            shutil.copy(path, tasks / path.name)
    for path in sorted((fixtures / "Events").glob("*.ics")):
        shutil.copy(path, events / path.name)
    subprocess.run([sys.executable, str(ROOT / "Tests/EventReference/generate.py"), str(events), "60", "7"], check=True,
                   stdout=subprocess.DEVNULL)
    (data / "config.toml").write_text(
        '[[calendar]]\npath = "folders/tasks"\ndefault-list = "tasks"\n\n'
        '[[calendar]]\npath = "folders/events"\nevent-default-alarm = "-10m"\n'
    )
    home = base / "home-folders"
    home.mkdir()
    out = run(before, ["sync", "--store", str(data / "folders.sqlite"), "--config", str(data / "config.toml")],
              environment(home), data)
    if b"--- exit 0 ---" not in out:
        sys.exit(f"reading the folders in failed:\n{out.decode(errors='replace')}")
    shutil.copytree(base / "gen-1000", data / "gen-1000")
    return data


def outputs(binary, data, work):
    """Every output of `binary` on a copy of `data`, by name."""
    shutil.copytree(data, work)
    home = work / "home"
    home.mkdir()
    env = environment(home)
    found = {}

    def cli(name, args):
        found[name] = run(binary, args, env, work)

    for name in SETS:
        store = ["--store", str(work / f"tasks-{name}.sqlite")]
        cli(f"{name}: list", ["list", "--now", NOW] + store)
        cli(f"{name}: list --all --json", ["list", "--all", "--json", "--now", NOW] + store)
        for task in ("1", "7", "42", "99"):
            cli(f"{name}: show {task} --json", ["show", task, "--json", "--now", NOW] + store)
            cli(f"{name}: show {task}", ["show", task, "--now", NOW] + store)
        cli(f"{name}: next --limit 50", ["next", "--limit", "50", "--now", NOW] + store)
        cli(f"{name}: next --json --limit 500", ["next", "--json", "--limit", "500", "--now", NOW] + store)
        cli(f"{name}: agenda --json --days 14", ["agenda", "--json", "--days", "14", "--now", NOW] + store)
        cli(f"{name}: export", ["export"] + store)
        cli(f"{name}: export --format ics", ["export", "--format", "ics"] + store)
        cli(f"{name}: tags", ["tags"] + store)
    # An import by this build itself, and what it then exports.
    own = ["--store", str(work / "imported-here.sqlite")]
    cli("import (by each build)", ["import", str(work / "gen-1000" / "todo.json")] + own)
    cli("import (by each build): export", ["export"] + own)
    folders = ["--store", str(work / "folders.sqlite"), "--config", str(work / "config.toml")]
    # The copied files have new inodes, which are part of their etags: read
    # in again first, by whichever build, and left out of the comparison.
    run(binary, ["sync"] + folders, env, work)
    cli("folders: list --all", ["list", "--all", "--now", NOW] + folders)
    cli("folders: list --all --json", ["list", "--all", "--json", "--now", NOW] + folders)
    cli("folders: next --json --limit 300", ["next", "--json", "--limit", "300", "--now", NOW] + folders)
    cli("folders: next --limit 40", ["next", "--limit", "40", "--now", NOW] + folders)
    cli("folders: agenda --json --days 30", ["agenda", "--json", "--days", "30", "--now", NOW] + folders)
    cli("folders: agenda --days 7", ["agenda", "--days", "7", "--now", NOW] + folders)
    cli("folders: lists", ["lists"] + folders)
    cli("folders: export --format ics", ["export", "--format", "ics"] + folders)
    cli("folders: sync --check", ["sync", "--check"] + folders)
    # Changes, and the files they write.
    cli("folders: done 1", ["done", "1", "--now", NOW] + folders)
    cli("folders: snooze 2", ["snooze", "2", "tomorrow 9:00", "--now", NOW] + folders)
    cli("folders: edit 3", ["edit", "3", "--due", "fri 17:00", "--now", NOW] + folders)
    cli("folders: add", ["add", "Bring the forms", "--due", "tomorrow 10:00", "--now", NOW] + folders)
    cli("folders: list --all after", ["list", "--all", "--json", "--now", NOW] + folders)
    for path in sorted((work / "folders").rglob("*")):
        if path.is_file():
            found["file " + normalized(bytes(path.relative_to(work))).decode()] = normalized(path.read_bytes())
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--keep", type=Path, help="keep the outputs here")
    arguments = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="todo-remind-outputs-"))
    try:
        data = make_data(arguments.before.resolve(), base)
        # Both in one place, one after the other: paths in the outputs match.
        old = outputs(arguments.before.resolve(), data, base / "run")
        shutil.rmtree(base / "run")
        new = outputs(arguments.after.resolve(), data, base / "run")
        differing = 0
        for name in sorted(set(old) | set(new)):
            a, b = old.get(name), new.get(name)
            if a == b:
                print(f"same      {name} ({len(a)} bytes)")
                continue
            differing += 1
            print(f"DIFFERENT {name}")
            diff = difflib.unified_diff((a or b"").decode(errors="replace").splitlines(),
                                        (b or b"").decode(errors="replace").splitlines(), "before", "after", lineterm="", n=1)
            for line in list(diff)[:20]:
                print("    " + line)
        print(f"{len(set(old) | set(new)) - differing} same, {differing} different")
        if arguments.keep:
            shutil.copytree(base, arguments.keep, dirs_exist_ok=True)
        return 1 if differing else 0
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
