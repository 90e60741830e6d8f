"""The folder-sync part of the benchmark: 10,000 tasks in 50
vdir folders, read by todo-remind and by todoman side by side.

- the first scan: `todo-remind list` on a new store, every file read in,
  against `todoman list` with no cache (it parses every file too);
- a later start with nothing changed: `todo-remind list` and `todoman list`
  again, each with its cache or store from the run before, beside
  `todo-remind list` of the same tasks in a store without folders (exported
  and imported); and which files that `list` touches, under strace: it
  should read SQLite only, no .ics file;
- a file written to the daemon re-planned: the running release daemon, a new
  task file renamed into a folder (as vdirsyncer writes), measured from the
  rename to the daemon's log line saying it planned the new task.

Run alone: python3 bench/sync.py [BINARY]  (prints the Markdown section).
"""

import json
import os
import random
import shlex
import subprocess
import sys
import tempfile
import time

FOLDERS = 50
TASKS = 10_000
SAMPLES = 20


def vtodo(uid, index, rng):
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//bench//EN", "BEGIN:VTODO",
             f"UID:{uid}", "DTSTAMP:20261101T100000Z", f"SUMMARY:Task number {index}",
             f"PRIORITY:{rng.choice([0, 1, 5, 9])}", f"CATEGORIES:{rng.choice(['Work', 'Home', 'Errands'])}"]
    kind = rng.random()
    day = 1 + index % 28
    if kind < 0.4:
        lines.append(f"DUE;VALUE=DATE:202612{day:02d}")
    elif kind < 0.8:
        lines.append(f"DUE:202612{day:02d}T{8 + index % 10:02d}0000Z")
    if rng.random() < 0.1:
        lines.append("RRULE:FREQ=WEEKLY")
        if kind >= 0.8:
            lines.append(f"DUE;VALUE=DATE:202612{day:02d}")
    if rng.random() < 0.2:
        lines += ["STATUS:COMPLETED", "COMPLETED:20261120T100000Z", "PERCENT-COMPLETE:100"]
    lines += ["END:VTODO", "END:VCALENDAR", ""]
    return "\r\n".join(lines)


def make_folders(root):
    rng = random.Random(12)
    for folder in range(FOLDERS):
        path = os.path.join(root, f"list{folder:02d}")
        os.makedirs(path)
        for index in range(folder, TASKS, FOLDERS):
            uid = f"bench-{index:05d}"
            with open(os.path.join(path, uid + ".ics"), "w", encoding="utf-8", newline="") as file:
                file.write(vtodo(uid, index, rng))


def hyperfine(commands, json_path, runs, prepare=None, warmup=0):
    argv = ["hyperfine", "-N", "--style", "basic", "--runs", str(runs), "--warmup", str(warmup),
            "--export-json", json_path]
    if prepare:
        argv += ["--prepare", prepare]
    for name, cmd in commands.items():
        argv += ["-n", name, shlex.join(cmd)]
    if subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL).returncode != 0:
        sys.exit(f"bench: hyperfine failed ({json_path}).")
    with open(json_path, encoding="utf-8") as file:
        return {entry["command"]: entry["median"] for entry in json.load(file)["results"]}


def replan_latency(binary, env, root, work):
    """Starts the daemon, writes SAMPLES files one by one, and returns the
    seconds from each rename to the log line of the daemon planning it."""
    log_path = os.path.join(work, "daemon.log")
    with open(log_path, "w") as log:
        # -v: the "armed" line the latency is read from is a debug line.
        daemon = subprocess.Popen([binary, "daemon", "-v", "--log-format", "json"], env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.time() + 120
        while '"watching"' not in open(log_path).read():
            if time.time() > deadline or daemon.poll() is not None:
                sys.exit("bench: the daemon did not start: " + open(log_path).read())
            time.sleep(0.05)
        time.sleep(1)
        latencies = []
        folder = os.path.join(root, "list00")
        for sample in range(SAMPLES):
            uid = f"latency-{sample}"
            # Due before every other task, so that the re-plan arms it and says so.
            due = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(time.time() + 3600 - sample * 60))
            text = vtodo(uid, 0, random.Random(sample)).replace("SUMMARY:Task number 0", f"SUMMARY:Latency {sample}")
            text = "\r\n".join(line for line in text.split("\r\n") if not line.startswith(("DUE", "RRULE", "STATUS", "COMPLETED", "PERCENT")))
            text = text.replace("END:VTODO", f"DUE:{due}\r\nEND:VTODO")
            temporary = os.path.join(folder, f".{uid}.tmp")
            with open(temporary, "w", newline="") as file:
                file.write(text)
            mark = len(open(log_path).read())
            start = time.time()
            os.rename(temporary, os.path.join(folder, uid + ".ics"))
            while True:
                tail = open(log_path).read()[mark:]
                if '"armed"' in tail:
                    latencies.append(time.time() - start)
                    break
                if time.time() - start > 10:
                    sys.exit("bench: the daemon did not plan the new task: " + tail)
                time.sleep(0.0005)
            time.sleep(0.2)
        return latencies
    finally:
        daemon.terminate()
        daemon.wait()


# The same tasks as the folders hold, in a store without folders.
PLAIN = "todo-remind list (the same tasks, no folders)"


def plain_store(binary, store, config, work):
    """A store without folders holding the folders' tasks (`export`, then
    `import` with an empty config); returns its path and config."""
    exported = os.path.join(work, "exported.json")
    with open(exported, "w", encoding="utf-8") as file:
        subprocess.run([binary, "export", "--store", store, "--config", config], stdout=file, check=True)
    plain, plain_config = os.path.join(work, "plain.sqlite"), os.path.join(work, "plain.toml")
    with open(plain_config, "w", encoding="utf-8") as file:
        file.write("# No [[calendar]] folders.\n")
    subprocess.run([binary, "import", "--store", plain, "--config", plain_config, exported],
                   stdout=subprocess.DEVNULL, check=True)
    return plain, plain_config


def ics_touched(command, log):
    """How many system calls of one run of `command` name an .ics file
    (stat, open, read by path), from strace; None without strace."""
    try:
        subprocess.run(["strace", "-f", "-o", log, "-e", "trace=%file", *command],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    with open(log, encoding="utf-8") as file:
        return sum(1 for line in file if ".ics" in line)


def measure(binary, work):
    root = os.path.join(work, "vdir")
    make_folders(root)
    store = os.path.join(work, "tasks.sqlite")
    config = os.path.join(work, "config.toml")
    with open(config, "w") as file:
        file.write(f'[[calendar]]\npath = "{root}/*"\ndefault-list = "list00"\n')
    todoman_config = os.path.join(work, "todoman", "config.py")
    os.makedirs(os.path.dirname(todoman_config))
    cache = os.path.join(work, "todoman", "cache.sqlite3")
    with open(todoman_config, "w") as file:
        file.write(f'path = "{root}/*"\ndate_format = "%Y-%m-%d"\ntime_format = "%H:%M"\n'
                   f'default_list = "list00"\ncache_path = "{cache}"\n')
    ours = [binary, "list", "--store", store, "--config", config]
    theirs = ["todoman", "--config", todoman_config, "list"]
    results = {}
    first = hyperfine({"todo-remind list (first scan)": ours, "todoman list (no cache)": theirs},
                      os.path.join(work, "first.json"), runs=3,
                      prepare=f"rm -f {shlex.quote(store)} {shlex.quote(store)}-wal {shlex.quote(store)}-shm {shlex.quote(cache)}")
    results.update(first)
    plain = plain_store(binary, store, config, work)
    later = hyperfine({"todo-remind list (nothing changed)": ours, "todoman list (cache warm)": theirs,
                       PLAIN: [binary, "list", "--store", plain[0], "--config", plain[1]]},
                      os.path.join(work, "later.json"), runs=10, warmup=2)
    results.update(later)
    results["ics_touched"] = ics_touched(ours, os.path.join(work, "list.strace"))
    env = dict(os.environ, TODO_REMIND_STORE=store, TODO_REMIND_CONFIG=config, TZ="UTC")
    latencies = sorted(replan_latency(binary, env, root, work))
    results["replan"] = latencies
    return results


def section(results):
    latencies = results["replan"]
    touched = results.get("ics_touched")
    median = latencies[len(latencies) // 2]
    ms = lambda seconds: f"{seconds * 1000:.0f} ms"
    return "\n".join([
        f"## List folders (issue 12): {TASKS:,} tasks in {FOLDERS} folders, beside todoman",
        "",
        "| what | todo-remind | todoman |",
        "| --- | --- | --- |",
        f"| first scan (`list` on a new store; todoman with no cache) | {ms(results['todo-remind list (first scan)'])} | {ms(results['todoman list (no cache)'])} |",
        f"| later start, nothing changed (`list`) | {ms(results['todo-remind list (nothing changed)'])} | {ms(results['todoman list (cache warm)'])} |",
        f"| a file written → the daemon re-planned ({len(latencies)} files) | median {ms(median)}, max {ms(latencies[-1])} | (no daemon) |",
        *([f"| the same tasks in a store without folders (`list`) | {ms(results[PLAIN])} | – |"] if PLAIN in results else []),
        *([f"| .ics files `list` touched, nothing changed (strace) | {touched} | – |"] if touched is not None else []),
        "",
        "Both read the same folders (`bench/sync.py` writes them: days, times, priorities,",
        "categories, a tenth weekly, a fifth completed). The first scan parses every file.",
        "Later, todoman stats every file and compares its mtime with its cache; todo-remind",
        "compares each folder's directory (mtime and inode, which every rename or removal",
        "of a file changes) with the one its last scan saw, and reads the store alone while",
        "they match (a file edited in place is read in by the daemon, on inotify, and by",
        "`todo-remind sync`). The store without folders holds the folders' tasks (exported",
        "and imported); its `list` is timed in the same hyperfine run. The re-plan is",
        "timed from the `rename` that puts a new file in place to the daemon's log line",
        "arming its reminder (the file's task is due first, so the plan must change).",
        "",
    ])


if __name__ == "__main__":
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/todo-remind")
    with tempfile.TemporaryDirectory(prefix="todo-remind-sync-bench-") as work:
        print(section(measure(binary, work)))
