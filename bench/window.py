#!/usr/bin/env python3
"""window.py: the desktop window beside GNOME To Do (Endeavour 43, Debian 12's
gnome-todo), on the same generated tasks (bench/generate.py, seed 5).

    window.py ours --sizes 100 10000 100000 --out FILE.json
    window.py endeavour --sizes 100 10000 --out FILE.json
    window.py report OURS.json ENDEAVOUR.json --section FILE.md --paste BENCHMARKS.md

Each part runs inside a desktop session of its own (scripts/with-desktop-session:
an Xvfb display, a session bus with the accessibility bus, no window manager);
`make bench-window` runs them. Endeavour keeps its tasks in Evolution Data
Server's local task list, whose processes the session bus starts with the
session's HOME: its part runs in a session whose HOME is the run's.

What is measured, the same way for both where both can be:

- ready: from the start of the process until the first task's row is on the
  accessibility bus (polled every 50 ms, as a screen reader would see it);
  Endeavour puts no task's title there, so for it: until its sidebar counts
  a task;
- settled: until the window process (and Endeavour's Evolution Data Server
  calendar factory) have used no CPU for a second;
- peak memory: the window process's VmHWM once it has settled (Endeavour's
  Evolution Data Server processes are counted beside it);
- idle wake-ups: the context switches of all the window's threads over 30 s
  with nothing happening.

For todo-remind-window alone, with TODO_REMIND_WINDOW_FRAMES (the moment of
each painted frame, and of each change the list was brought up to date
with): the first frame, and from a key (xdotool) to the first frame painted
after the change it made: a letter typed into the search, Space marking the
selected task done (the cursor's blink turned off in its GTK settings, so that every
frame after a key is one the key caused).
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

import pyatspi

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import stores  # noqa: E402

WORK = os.path.join(ROOT, ".build", "bench", "window")
NOW = int(time.time())
SEED = 5


def threads_switches(pid, by_thread=None):
    """Context switches of every thread of the process; with `by_thread`, a
    dict, also each thread's by its name."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/status", encoding="utf-8") as status:
                for line in status:
                    if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                        total += int(line.split()[1])
                        if by_thread is not None:
                            with open(f"/proc/{pid}/task/{task}/comm", encoding="utf-8") as comm:
                                name = comm.read().strip()
                            by_thread[name] = by_thread.get(name, 0) + int(line.split()[1])
        except FileNotFoundError:
            pass
    return total


def status_kib(pid, key):
    with open(f"/proc/{pid}/status", encoding="utf-8") as status:
        for line in status:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return 0


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat", encoding="utf-8") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def settle(pid, quiet=0.5, timeout=120, others=()):
    """Waits until the process (and `others`) have used no CPU for `quiet`
    seconds; returns the moment (time.monotonic) the quiet began."""
    def ticks():
        return sum(cpu_ticks(process) for process in (pid, *others))
    deadline = time.monotonic() + timeout
    last, since = ticks(), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.05)
        now = ticks()
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return since
    return None


def application(name, pid):
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        child = desktop.getChildAtIndex(index)
        try:
            if child is not None and child.name == name and child.get_process_id() == pid:
                return child
        except Exception:
            continue
    return None


def first_match(root, matches):
    """The first accessible under root whose name matches, depth first."""
    stack = [root]
    while stack:
        node = stack.pop()
        try:
            if node.name and matches(node.name):
                return node
            stack.extend(node.getChildAtIndex(index) for index in reversed(range(node.childCount)))
        except Exception:
            continue
    return None


def wait_ready(name, pid, matches, began, timeout=300):
    """Seconds from `began` until a task's row is on the accessibility bus;
    None when none was in `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        root = application(name, pid)
        if root is not None and first_match(root, matches) is not None:
            return time.monotonic() - began
        time.sleep(0.05)
    return None


def marks(path, kind):
    """The moments of the window's log lines of one kind ("frame", "change")."""
    try:
        with open(path, encoding="utf-8") as file:
            return [int(line.split()[1]) for line in file if line.startswith(kind + " ")]
    except FileNotFoundError:
        return []


def next_mark(path, kind, after_ns, timeout=10):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        later = [mark for mark in marks(path, kind) if mark > after_ns]
        if later:
            return min(later)
        time.sleep(0.002)
    return None


def next_frame(path, after_ns, timeout=10):
    return next_mark(path, "frame", after_ns, timeout)


def key_to_screen(path, began_ns):
    """From a key to the first frame painted after the change it made; None
    when it made none within 2 s (the key did not reach its widget)."""
    change = next_mark(path, "change", began_ns, timeout=2)
    frame = next_frame(path, change) if change else None
    return (frame - began_ns) / 1e6 if frame else None


def xdotool(*arguments):
    subprocess.run(["xdotool", *arguments], check=True)


def gtk_settings():
    """A config folder whose GTK settings turn the cursor's blink off: a
    blinking cursor paints a frame every half second, which a key's time
    would be taken from."""
    folder = os.path.join(WORK, "config")
    os.makedirs(os.path.join(folder, "gtk-4.0"), exist_ok=True)
    with open(os.path.join(folder, "gtk-4.0", "settings.ini"), "w", encoding="utf-8") as file:
        file.write("[Settings]\ngtk-cursor-blink=false\n")
    return folder


def ours(opts):
    binary = os.path.abspath(opts.binary)
    results = []
    for size in opts.sizes:
        data = os.path.join(WORK, f"data-{size}")
        stores.generate(size, data, NOW, SEED)
        config = os.path.join(WORK, "config.toml")
        open(config, "w", encoding="utf-8").close()
        store = stores.todo_store(binary.replace("todo-remind-window", "todo-remind"), config,
                                  os.path.join(WORK, f"ours-{size}"), os.path.join(data, "todo.json"))
        for renderer in opts.renderers:
            runs = []
            for run in range(opts.runs):
                log = os.path.join(WORK, "frames.log")
                if os.path.exists(log):
                    os.remove(log)
                env = dict(os.environ, GSK_RENDERER=renderer, TODO_REMIND_WINDOW_FRAMES=log, TZ="Europe/Berlin",
                           XDG_CONFIG_HOME=gtk_settings())
                began_ns = time.monotonic_ns()
                began = time.monotonic()
                process = subprocess.Popen([binary, "--store", store, "--config", config], env=env,
                                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                ready = wait_ready("todo-remind-window", process.pid, lambda name: name.startswith("Done: "), began)
                if ready is None:
                    sys.exit(f"bench: todo-remind-window showed no task of {size} in 300 s")
                first = next_frame(log, began_ns, timeout=30)
                settled = settle(process.pid, quiet=1)
                measured = {"ready_s": ready, "first_frame_s": (first - began_ns) / 1e9 if first else None,
                            "settled_s": settled - began if settled else None,
                            "peak_kib": status_kib(process.pid, "VmHWM"), "rss_kib": status_kib(process.pid, "VmRSS")}
                if renderer == opts.renderers[0] and run == 0:
                    # Idle once it has started, before any key.
                    before = threads_switches(process.pid)
                    time.sleep(opts.idle)
                    measured["idle_start_switches"] = threads_switches(process.pid) - before
                    measured.update(interactions(process.pid, log, opts))
                process.terminate()
                process.wait()
                runs.append(measured)
            results.append({"size": size, "renderer": renderer, "runs": runs})
            print(f"window {size} {renderer}: {runs}", file=sys.stderr)
    with open(opts.out, "w", encoding="utf-8") as file:
        json.dump({"sizes": opts.sizes, "results": results}, file, indent=1)


def interactions(pid, log, opts):
    """A letter typed into the search, and Space marking a task done: from the
    key (xdotool started) to the next frame; then 30 s of nothing."""
    searches, dones = [], []
    xdotool("key", "ctrl+f")
    time.sleep(0.5)
    for letter in "eaoirtns":
        began = time.monotonic_ns()
        xdotool("key", letter)
        searches.append(key_to_screen(log, began))
        settle(pid, quiet=0.3)
        xdotool("key", "BackSpace")
        settle(pid, quiet=0.3)
    # Out of the search (the click below puts the focus on the list).
    xdotool("key", "Escape")
    root = application("todo-remind-window", pid)
    check = first_match(root, lambda name: name.startswith("Done: ")) if root else None
    title = None
    if check is not None:
        name = check.name[len("Done: "):]
        title = first_match(root, lambda text: text == name)
    if title is not None:
        # A click on the row's title selects the row and puts the focus on the list.
        extents = title.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        xdotool("mousemove", "--sync", str(extents.x + extents.width // 2), str(extents.y + extents.height // 2), "click", "1")
        settle(pid, quiet=0.3)
        for _ in range(8):
            began = time.monotonic_ns()
            xdotool("key", "space")
            dones.append(key_to_screen(log, began))
            settle(pid, quiet=0.3)
    # The last toast goes after 5 s, with its animation.
    time.sleep(7)
    settle(pid, quiet=1)
    threads_before, threads_after = {}, {}
    before = threads_switches(pid, threads_before)
    time.sleep(opts.idle)
    idle = threads_switches(pid, threads_after) - before
    print(f"idle by thread: { {name: threads_after[name] - threads_before.get(name, 0) for name in threads_after} }", file=sys.stderr)
    searches = [sample for sample in searches if sample is not None]
    dones = [sample for sample in dones if sample is not None]
    return {"search_ms": searches, "done_ms": dones, "idle_switches": idle, "idle_s": opts.idle}


def endeavour(opts):
    """Endeavour on the same tasks, written as VTODOs into Evolution Data
    Server's local task list in this session's HOME."""
    home = os.environ["HOME"]
    if not home.startswith(WORK):
        sys.exit(f"bench: the Endeavour part runs with HOME under {WORK} (make bench-window sets it)")
    results = []
    for size in opts.sizes:
        data = os.path.join(WORK, f"data-{size}")
        stores.generate(size, data, NOW, SEED)
        with open(os.path.join(data, "todo.json"), encoding="utf-8") as file:
            tasks = json.load(file)
        for path in ("data", "config", "cache"):
            shutil.rmtree(os.path.join(home, path, "evolution"), ignore_errors=True)
        folder = os.path.join(home, "data", "evolution", "tasks", "system")
        os.makedirs(folder, exist_ok=True)
        titles = set()
        lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//todo-remind bench//EN"]
        for number, task in enumerate(tasks):
            titles.add(task["title"])
            lines += ["BEGIN:VTODO", f"UID:bench-{number}@todo-remind", "DTSTAMP:20261201T000000Z",
                      "SUMMARY:" + task["title"].replace(",", "\\,").replace(";", "\\;")]
            due = task.get("due")
            if due and "day" in due:
                lines.append("DUE;VALUE=DATE:" + due["day"].replace("-", ""))
            elif due and "time" in due:
                lines.append("DUE:" + due["time"].replace("-", "").replace(":", ""))
            lines.append("STATUS:COMPLETED" if task.get("completedAt") else "STATUS:NEEDS-ACTION")
            lines.append("END:VTODO")
        lines.append("END:VCALENDAR")
        with open(os.path.join(folder, "tasks.ics"), "w", encoding="utf-8", newline="") as file:
            file.write("\r\n".join(lines) + "\r\n")
        runs = []
        for _ in range(opts.runs):
            env = dict(os.environ, GSK_RENDERER="cairo")
            began = time.monotonic()
            process = subprocess.Popen(["gnome-todo"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            # Its rows' titles are not on the accessibility bus; its sidebar's
            # counts are: ready when one counts a task, settled when it and
            # Evolution Data Server's calendar factory have been idle for 1 s.
            # Given up on after `--give-up` seconds (10,000 tasks took it past
            # 5 minutes and 2 GB): measured as it is then.
            ready = wait_ready("gnome-todo", process.pid, lambda name: name.isdigit() and int(name) > 0, began, timeout=opts.give_up)
            factory = subprocess.run(["pgrep", "-f", "evolution-calendar-factory"], capture_output=True, text=True).stdout.split()
            left = max(1.0, opts.give_up - (time.monotonic() - began))
            settled = settle(process.pid, quiet=1, others=[int(pid) for pid in factory], timeout=left)
            measured = {"ready_s": ready, "settled_s": settled - began if settled else None,
                        "given_up_s": None if settled else time.monotonic() - began,
                        "peak_kib": status_kib(process.pid, "VmHWM"),
                        "eds_kib": sum(status_kib(int(pid), "VmRSS") for pid in factory)}
            if not runs and settled:
                before = threads_switches(process.pid)
                time.sleep(opts.idle)
                measured["idle_switches"] = threads_switches(process.pid) - before
                measured["idle_s"] = opts.idle
            process.terminate()
            process.wait()
            runs.append(measured)
            if not settled:
                break
        results.append({"size": size, "runs": runs})
        print(f"endeavour {size}: {runs}", file=sys.stderr)
    with open(opts.out, "w", encoding="utf-8") as file:
        json.dump({"sizes": opts.sizes, "results": results}, file, indent=1)


def median(values):
    values = [value for value in values if value is not None]
    return statistics.median(values) if values else None


def report(opts):
    with open(opts.ours, encoding="utf-8") as file:
        ours_results = json.load(file)["results"]
    with open(opts.endeavour, encoding="utf-8") as file:
        theirs = {entry["size"]: entry["runs"] for entry in json.load(file)["results"]}

    def ms(value):
        return "–" if value is None else f"{value * 1000:.0f} ms"

    def mib(kib):
        return "–" if kib is None else f"{kib / 1024:.1f} MiB"

    lines = ["## The desktop window (issue 40)", "",
             "`make bench-window` (bench/window.py): todo-remind-window beside GNOME To Do (Endeavour 43, Debian 12's",
             "gnome-todo, its local Evolution Data Server task list) on the same generated tasks, under Xvfb with",
             "no window manager. *Ready* is from the process's start until a task's row is on the accessibility bus",
             "(polled every 50 ms); Endeavour puts no task title there, so for it, until its sidebar counts a task.",
             "*Settled* is until the window process (and Endeavour's Evolution Data Server calendar factory) used no",
             "CPU for a second: the same measure for both. *First frame* is todo-remind-window's own frame clock",
             "(`TODO_REMIND_WINDOW_FRAMES`). Medians of the runs; memory is the window process's peak (VmHWM).", "",
             "| tasks | renderer | first frame | ready | settled | peak memory | Endeavour ready | Endeavour settled | Endeavour peak (+ EDS factory) |",
             "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for entry in ours_results:
        runs = entry["runs"]
        size = entry["size"]
        other = theirs.get(size) if entry["renderer"] == "cairo" else None
        endeavour_ready = ms(median([run["ready_s"] for run in other])) if other else "–"
        if other and all(run["ready_s"] is None for run in other):
            endeavour_ready = f"not in {other[0]['given_up_s']:.0f} s"
        endeavour_settled = ms(median([run["settled_s"] for run in other])) if other else "–"
        if other and all(run.get("given_up_s") for run in other):
            endeavour_settled = f"not in {other[0]['given_up_s']:.0f} s"
        endeavour_memory = (f"{mib(median([run['peak_kib'] for run in other]))} (+ {mib(median([run['eds_kib'] for run in other]))})"
                            if other else "–")
        lines.append(f"| {size:,} | {entry['renderer']} | {ms(median([run['first_frame_s'] for run in runs]))} | "
                     f"{ms(median([run['ready_s'] for run in runs]))} | {ms(median([run['settled_s'] for run in runs]))} | "
                     f"{mib(median([run['peak_kib'] for run in runs]))} | {endeavour_ready} | {endeavour_settled} | {endeavour_memory} |")
    lines += ["", "### Key or click to screen, and idle", "",
              "| tasks | search letter (median, max) | Space: done (median, max) | context switches over 30 s idle: after start, after the keys | Endeavour, after start |",
              "| ---: | ---: | ---: | ---: | ---: |"]
    for entry in ours_results:
        first = entry["runs"][0]
        if "search_ms" not in first:
            continue
        other = theirs.get(entry["size"])
        endeavour_idle = str(other[0].get("idle_switches", "–")) if other else "–"

        def switches(count):
            # A thread that ends during the 30 s takes its own count with it.
            return "–" if count is None else str(max(0, count))

        def cell(samples):
            return f"{statistics.median(samples):.0f} ms, {max(samples):.0f} ms" if samples else "–"
        lines.append(f"| {entry['size']:,} | {cell(first['search_ms'])} | {cell(first['done_ms'])} | "
                     f"{switches(first.get('idle_start_switches'))}, {switches(first['idle_switches'])} | {endeavour_idle} |")
    lines += ["", "A key's time runs from starting xdotool to the first frame painted after the list was brought up to"
              " date with the change the key made, so it includes xdotool's start and the X server's round trip. The idle count is of"
              " every thread's context switches (GLib's and GDBus's threads included), over 30 s once the window settled, and"
              " again from 8 s after the last key (a thread that ended meanwhile takes its count with it: a total"
              " below 0 shows as 0); the window's own timer wakes once a minute for the relative times, and GTK"
              " paints while an entry has the focus (its cursor's blink, off in this run's GTK settings) and while a toast"
              " fades.", ""]
    text = "\n".join(lines)
    with open(opts.section, "w", encoding="utf-8") as file:
        file.write(text)
    if opts.paste:
        import events
        events.paste(opts.section, opts.paste)
    print(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parts = parser.add_subparsers(dest="part", required=True)
    mine = parts.add_parser("ours")
    mine.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "todo-remind-window"))
    mine.add_argument("--sizes", type=int, nargs="+", default=[100, 10000, 100000])
    mine.add_argument("--renderers", nargs="+", default=["cairo", "gl"])
    mine.add_argument("--runs", type=int, default=3)
    mine.add_argument("--idle", type=float, default=30.0)
    mine.add_argument("--out", required=True)
    theirs = parts.add_parser("endeavour")
    theirs.add_argument("--sizes", type=int, nargs="+", default=[100, 10000])
    theirs.add_argument("--runs", type=int, default=3)
    theirs.add_argument("--idle", type=float, default=30.0)
    theirs.add_argument("--give-up", type=float, default=120.0)
    theirs.add_argument("--out", required=True)
    both = parts.add_parser("report")
    both.add_argument("ours")
    both.add_argument("endeavour")
    both.add_argument("--section", required=True)
    both.add_argument("--paste")
    opts = parser.parse_args()
    os.makedirs(WORK, exist_ok=True)
    {"ours": ours, "endeavour": endeavour, "report": report}[opts.part](opts)


if __name__ == "__main__":
    main()
