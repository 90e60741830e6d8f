#!/usr/bin/env python3
"""bench/import.py [N]: importing N Taskwarrior tasks (100,000 by default)
into todo-remind (`import --from taskwarrior`, the release build) and into
Taskwarrior itself (`task import`) from the same `task export` file, each
into an empty store, timed the same way. Prints a Markdown table for
BENCHMARKS.md's "Import" section.

The file has what a real export holds: pending, completed, waiting and
deleted tasks, projects, tags, priorities, dues, annotations, a UDA, and
recurring series with their pending instances."""
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build/release/todo-remind")


def stamp(seconds):
    return time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(seconds))


def export(count, seed=26):
    rng = random.Random(seed)
    base = 1_795_000_000
    tasks = []
    while len(tasks) < count:
        entry = base - rng.randint(0, 400 * 86400)
        task = {"id": len(tasks) + 1, "description": f"Task {len(tasks)} {rng.choice(['call', 'buy', 'fix', 'write', 'plan'])}",
                "entry": stamp(entry), "modified": stamp(entry + 60), "status": "pending", "uuid": str(uuid.UUID(int=rng.getrandbits(128))),
                "urgency": round(rng.random() * 10, 2)}
        r = rng.random()
        if r < 0.3:
            task["project"] = rng.choice(["Home", "Work", "Garden", "Home.Kitchen"])
        if rng.random() < 0.4:
            task["tags"] = rng.sample(["next", "phone", "errand", "waiting", "later"], 2)
        if rng.random() < 0.3:
            task["priority"] = rng.choice("HML")
        if rng.random() < 0.5:
            task["due"] = stamp(base + rng.randint(-30, 300) * 86400)
        if rng.random() < 0.1:
            task["annotations"] = [{"entry": stamp(entry + 120), "description": "Note about it"}]
        if rng.random() < 0.05:
            task["estimate"] = "PT1H"
        if r > 0.85:
            task["status"] = "completed"
            task["end"] = stamp(entry + 3600)
        elif r > 0.82:
            task["status"] = "deleted"
            task["end"] = stamp(entry + 3600)
        elif r > 0.80 and "due" in task:
            task["wait"] = stamp(base + 86400)
        tasks.append(task)
        if r < 0.01 and len(tasks) + 3 < count:
            # A recurring series with three pending instances.
            task["status"] = "recurring"
            task["recur"] = "weekly"
            task["due"] = stamp(base + 7 * 86400)
            task["mask"] = "---"
            for index in range(3):
                tasks.append({"id": len(tasks) + 1, "description": task["description"], "entry": task["entry"], "status": "pending",
                              "uuid": str(uuid.UUID(int=rng.getrandbits(128))), "parent": task["uuid"], "recur": "weekly",
                              "imask": index, "due": stamp(base + (7 + 7 * index) * 86400)})
    return tasks


def timed(command, env, input_path):
    with open(input_path, "rb") as stdin:
        start = time.perf_counter()
        result = subprocess.run(command, env=env, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed: {result.stderr.decode()[:500]}")
    return elapsed


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    runs = int(os.environ.get("RUNS", "3"))
    folder = tempfile.mkdtemp(prefix="todo-remind-import-bench-")
    try:
        path = os.path.join(folder, "export.json")
        with open(path, "w") as file:
            file.write("[\n" + ",\n".join(json.dumps(task, separators=(",", ":")) for task in export(count)) + "\n]\n")
        env = dict(os.environ, TZ="Europe/Berlin", HOME=folder)
        ours, theirs = [], []
        for run in range(runs):
            store = os.path.join(folder, f"store-{run}.sqlite")
            ours.append(timed([BINARY, "--store", store, "import", "--from", "taskwarrior", "-"], env, path))
            data = os.path.join(folder, f"task-{run}")
            os.makedirs(data)
            rc = os.path.join(folder, f"taskrc-{run}")
            with open(rc, "w") as file:
                file.write(f"data.location={data}\nconfirmation=off\nverbose=nothing\nuda.estimate.type=duration\n")
            theirs.append(timed(["task", f"rc:{rc}", "rc.hooks=off", "import", "-"], dict(env, TASKRC=rc, TASKDATA=data), path))
        size = os.path.getsize(path) / 1e6
        print(f"`python3 bench/import.py {count}` ({size:.0f} MB export, {runs} runs each, median):\n")
        print("| | median | runs |")
        print("| --- | ---: | --- |")
        for name, times in (("`todo-remind import --from taskwarrior`", ours), ("`task import` (Taskwarrior 2.6)", theirs)):
            print(f"| {name} | {sorted(times)[len(times) // 2]:.2f} s | {', '.join(f'{t:.2f}' for t in times)} |")
        print(f"\nRatio: {sorted(ours)[len(ours) // 2] / sorted(theirs)[len(theirs) // 2]:.3f} of `task import`'s time.")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


main()
