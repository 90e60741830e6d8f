"""Turns a run's numbers (.build/bench/results/run.json) into BENCHMARKS.md.

run.py calls write(); `python3 bench/report.py [RUN_JSON [OUT]]` re-renders
the report from a kept run without measuring again (handy when only the
wording or FINDINGS.md changed).
"""

import datetime as dt
import os
import sys

import sync
import view
from zoneinfo import ZoneInfo

from cli import ADD_FOLDER, LIST_REPEATING, MINIMAL, NEXT_REPEATING, PAIRS, STARTUP

MIB = 1024  # KiB per MiB


def ms(seconds):
    """A duration for people: 4.21 ms, 38.5 ms, 1.23 s."""
    if seconds is None:
        return "n/a"
    if seconds >= 1:
        return f"{seconds:.2f} s"
    value = seconds * 1000
    return f"{value:.2f} ms" if value < 10 else f"{value:.1f} ms"


def mib(kib):
    return "n/a" if kib is None else f"{kib / MIB:.1f}"


def faster(ratio):
    """todo-remind time / peer time, in words."""
    return f"{1 / ratio:.1f}× faster" if ratio <= 1 else f"{ratio:.1f}× slower"


def table(header, rows, align=None):
    """A markdown table; align is one letter per column, l or r (default: the
    first column left, numbers right)."""
    align = align or "l" + "r" * (len(header) - 1)
    rule = ["---" if a == "l" else "---:" for a in align]
    lines = [header, rule, *rows]
    return "\n".join("| " + " | ".join(str(c) for c in line) + " |" for line in lines) + "\n"


def median(cli, size, name):
    """The median time of a command at a size; None when that size or
    command was not run (a run from before the command was measured)."""
    part = cli["sizes"].get(str(size))
    timed = part["times"].get(name) if part else None
    return timed["median"] if timed else None


def peak(cli, size, name):
    part = cli["sizes"].get(str(size))
    return part["peak_kib"].get(name) if part else None


def header(run):
    m, v = run["machine"], run["versions"]
    dirty = f", {v['dirty']} tracked files changed (dirty tree)" if v["dirty"] else ", clean tree"
    if run.get("bench_bin_set"):
        dirty += " (the binary came from BENCH_BIN: the commit is the source tree's, not necessarily the binary's)"
    minutes, seconds = divmod(run["seconds"], 60)
    return f"""# Benchmarks

Measured on {run['date']}; the run took {minutes} min {seconds} s.
Regenerate with `make bench` (knobs, all optional: `BENCH_IDLE_SECONDS`,
`BENCH_SIZES`, `BENCH_BIN`, `BENCH_OUT`; see `bench/run.py`). Raw numbers:
`.build/bench/results/` (hyperfine JSON, `run.json`).

| Machine | |
|---|---|
| CPU | {m['cpu']} |
| Cores | {m['cores']} |
| Memory | {m['memory_gib']} GiB |
| Kernel | {m['kernel']} |
| Load average when the run began | {m['load_at_start']:.2f} |

| Software | Version |
|---|---|
| Swift | {v['swift']} |
| todo-remind | {v['todo-remind']}, commit {v['commit']}{dirty}; binary `{run['binary']}` |
| Taskwarrior | {v['task']} |
| vit | {v.get('vit', 'not measured')} |
| remind | {v['remind']} |
| hyperfine | {v['hyperfine']} |
| SQLite | {v['sqlite']} |
| dunst | {v['dunst']} |

How it measures:

- Data: `bench/generate.py SIZE --seed {run['seed']} --now {run['now']}`, the same tasks for
  every tool: 70 % with a due date (from 30 days ago to 60 days ahead, half a
  day, half a time), 15 % completed. The remind file holds the open dated
  tasks only (remind has no other kind).
- todo-remind: `--store` in `.build/bench/` and an empty `--config` (the defaults).
- Taskwarrior: its own `TASKRC` and `TASKDATA`; the rc holds only
  {', '.join('`' + line.replace('{data}', '…') + '`' for line in run['taskrc'])};
  everything else is the default (gc on). One `task list` after `task import`
  does the garbage collection before timing. hyperfine cannot give one command
  its own environment, so `task` runs through `env TASKRC=… TASKDATA=… task …`
  (one more exec of a tiny program).
- Times: hyperfine `-N` (no shell), output to /dev/null, 1 warm-up and 5 runs,
  one hyperfine invocation per size; the tables give the median.
- Peak memory: the maximum RSS of one run under `/usr/bin/time -f %M`.
- `next --limit 20` is also timed on a second store of each size, in the same
  hyperfine invocation: `generate.py SIZE --repeating 0.333`, where a third of
  the tasks repeat (daily, weekly, every 2 weeks, Mondays/Wednesdays/Fridays,
  monthly or yearly; one in ten from completion), each the open occurrence of
  a series begun up to 3 years (at most 200 occurrences) before it; the
  other tasks as above. No peer runs on it.
"""


def cli_section(run):
    cli, out = run["cli"], ["## Command line\n",
                            "Each todo-remind command is set against the peer command that does the same job.\n"]
    for size in run["sizes"]:
        rows = []
        for mine, peer in PAIRS:
            a, b = median(cli, size, mine), median(cli, size, peer)
            rows.append([f"`{mine}`", ms(a), f"`{peer}`", ms(b), f"{a / b:.3f}", faster(a / b)])
        out.append(f"### {size:,} tasks\n")
        out.append(table(["todo-remind", "median", "peer", "median", "todo-remind / peer", ""], rows, "lrlrrl"))
    names = list(dict.fromkeys([n for pair in PAIRS for n in pair] + [LIST_REPEATING, NEXT_REPEATING]))
    out.append("### Peak memory (MiB, maximum RSS of one run)\n")
    out.append(table(["Command", *[f"{s:,} tasks" for s in run["sizes"]]],
                     [[f"`{n}`", *[mib(peak(cli, s, n)) for s in run["sizes"]]] for n in names]))

    first, last = run["sizes"][0], run["sizes"][-1]

    def ratio(name, size):
        a, b = median(cli, first, name), median(cli, size, name)
        return b / a if a and b else None

    def times(ratio_value):
        return "n/a" if ratio_value is None else f"{ratio_value:.2f}"

    plain = "todo-remind next --limit 20"
    rows = [[f"{s:,}", ms(median(cli, s, plain)), times(ratio(plain, s)),
             ms(median(cli, s, NEXT_REPEATING)), times(ratio(NEXT_REPEATING, s)),
             ms(median(cli, s, "remind -n"))] for s in run["sizes"]]
    out.append("### `next --limit 20` across sizes\n")
    out.append(table(["Tasks", "`todo-remind next --limit 20`", f"÷ at {first:,}",
                      "the same, a third of the tasks repeating", f"÷ at {first:,}", "`remind -n` (peer)"], rows))
    for name, what in ((plain, "the time"), (NEXT_REPEATING, "with a third of the tasks repeating, the time")):
        grown = ratio(name, last)
        if grown is not None:
            verdict = "flat (≤ 1.5)" if grown <= 1.5 else "not flat (> 1.5)"
            out.append(f"From {first:,} to {last:,} tasks {what} grows {grown:.2f}×: {verdict}.\n")

    rows = []
    for s in run["sizes"]:
        a, b = median(cli, s, "todo-remind list"), median(cli, s, LIST_REPEATING)
        rows.append([f"{s:,}", ms(a), ms(b), f"{b / a:.2f}" if a and b else "n/a"])
    out.append("### `list` with a third of the tasks repeating\n")
    out.append("The second store of each size (see above), timed in the same hyperfine run.\n")
    out.append(table(["Tasks", "`todo-remind list`", "a third repeating", "÷"], rows))

    add = cli["add"]
    b = add["times"]["task add"]["median"]
    out.append(f"### `add` into {add['size']:,} tasks\n")
    out.append("Each tool adds to its own copy of the data; every run adds one task. "
               "Into a list folder: the same store, with a `[[calendar]]` folder as the default "
               "list, so each `add` also writes the task's .ics file.\n")
    out.append(table(["Command", "median", "peak memory (MiB)"],
                     [[f"`{n}`", ms(t['median']), mib(add["peak_kib"][n])] for n, t in add["times"].items()]))
    for name in ("todo-remind add", ADD_FOLDER):
        if name in add["times"]:
            a = add["times"][name]["median"]
            out.append(f"`{name}` / `task add`: {a / b:.3f} ({faster(a / b)}).\n")

    startup = cli["startup"]
    out.append("### Start-up\n")
    out.append("`todo-remind list` on an empty store, and a minimal Swift program that imports "
               "Foundation and prints the date, built in the run as the release build is "
               f"(`swiftc {startup.get('minimal_build', '')}`), in one hyperfine run: "
               f"{next(iter(startup['times'].values()))['runs']} runs each after 3 warm-ups.\n")
    out.append(table(["Command", "median", "mean ± σ", "min", "max", "peak memory (MiB)"],
                     [[f"`{name}`", ms(t["median"]), f"{ms(t['mean'])} ± {ms(t['stddev'])}", ms(t["min"]), ms(t["max"]),
                       mib(startup["peak_kib"][name])] for name, t in startup["times"].items()], "lrrrrr"))
    if MINIMAL in startup["times"]:
        a, b = startup["times"][STARTUP]["median"], startup["times"][MINIMAL]["median"]
        out.append(f"`todo-remind list` / the minimal program: {a / b:.2f}×.\n")
    return "\n".join(out)


def clock(epoch, zone):
    """HH:MM:SS UTC, and in the daemons' zone when they had one of their own."""
    utc = dt.datetime.fromtimestamp(epoch, dt.timezone.utc)
    text = utc.strftime("%H:%M:%S UTC")
    return f"{text} ({utc.astimezone(ZoneInfo(zone)).strftime('%H:%M:%S')} in {zone})" if zone else text


def daemon_section(run):
    d, out = run["daemon"], ["## Daemon\n"]
    sizes = d["sizes"]
    window = d["window"]
    out.append(f"""Each daemon runs `todo-remind daemon --store S --config C -v` inside
`scripts/with-desktop-session` (private D-Bus, Xvfb, dunst). The peer is
`remind -z1` (remind's daemon mode, re-reading every minute) on the remind file
of the {d['remind_file_size']:,}-task data. {zone_note(d['zone'])}
""")
    out.append(f"### Idle wake-ups over the same {window['end'] - window['start']:.0f} s\n")
    out.append(f"From {clock(window['start'], d['zone'])} to {clock(window['end'], d['zone'])}; "
               "context switches summed over all threads (`/proc/PID/task/*/status`).\n")
    rows = []
    for name, w in d["wakeups"].items():
        rows.append([label(name), w["voluntary"], w["nonvoluntary"], f"**{w['total']}**",
                     f"{w['threads_start']} → {w['threads_end']}", w.get("reminders", "–"), w.get("log_lines", "–")])
    out.append(table(["Process", "voluntary", "nonvoluntary", "wake-ups", "threads", "reminders in window",
                      "log lines in window"], rows))
    notes = []
    for size in sizes:
        nxt = d["next_reminder"][size]
        where = "inside the window" if nxt["in_window"] else "after the window"
        notes.append(f"{int(size):,} tasks: next reminder at {nxt['at']} ({where})")
    out.append("Before the window, `next --limit 1`: " + "; ".join(notes) + ".\n")
    if any(d["next_reminder"][s]["in_window"] for s in sizes):
        out.append("**A reminder fell inside the idle window**; the wake-ups above include it "
                   "(see \"reminders in window\").\n")

    out.append("### Memory (MiB)\n")
    out.append("""From `/proc/PID/smaps_rollup`, read at one moment per row. **Private** (clean
+ dirty) is what no other process maps: what the daemon itself costs the
machine. **PSS** (proportional set size) adds each shared page divided by the
number of processes mapping it: a share of the C library, GLib and the other
libraries it has in common with the programs running beside it. PSS
therefore depends on what else runs: the more processes map the same pages,
the lower it is. The daemon's binary (the Swift runtime and Foundation linked
in statically) is shared with nobody but another todo-remind process, so its
resident code counts whole, in private and in PSS; to measure that as a
user's one daemon has it, each daemon here runs from its own copy of the
binaries (two daemons of one file would each be charged half of it, and none
as private). Private includes clean pages of that code, which the kernel can
drop under memory pressure and read back; private dirty is the part only
swap could take back. RSS counts every resident page whole, shared or not;
it is shown, not a target. The two minimal Swift programs, built as the
release build is, do nothing but wait: what any Swift process holds before
it does any work (the runtime; with Foundation, also what reading the local
zone touches), the floor under the daemon's figures.
""")
    rows = []
    for when, key in (("settled", "memory_settled"), ("end of idle window", "memory_idle_end"),
                      ("end of run", "memory_end")):
        for name, m in d[key].items():
            rows.append([label(name), when, mib(m.get("Rss", m.get("VmRSS"))), mib(m.get("Pss")),
                         f"**{mib(m['Private'])}**" if key == "memory_idle_end" else mib(m["Private"]),
                         mib(m.get("Private_Dirty"))])
    out.append(table(["Process", "when", "RSS", "PSS", "private (clean + dirty)", "private dirty"], rows, "llrrrr"))
    out.append("\"end of run\" is after the lateness and pick-up tests below.\n")
    maps = d.get("mappings_idle_end", {})
    if maps:
        names = [n for n in maps if n.startswith("todo-remind")]
        if names:
            out.append(where_section(names, maps))
    out.append("### Reminder lateness\n")
    out.append("""20 tasks due one second apart a few seconds ahead; lateness is the
instant dbus-monitor saw the Notify call minus the reminder's instant. The
daemon's own log ("N ms late", when its timer fired) is the cross-check.
""")
    rows = []
    for size in sizes:
        l = d["lateness"][size]
        rows.append([f"{int(size):,}", f"{l['seen']} of {l['count']}", ms(_s(l["median_ms"])), ms(_s(l["worst_ms"])),
                     f"{ms(_s(l['log_median_ms']))} / {ms(_s(l['log_worst_ms']))}"])
    out.append(table(["Tasks", "Notify calls seen", "median", "worst", "daemon log: median / worst"], rows))

    out.append("### Pick-up of a new task\n")
    out.append("""`add "Pickup N" --due <now + 2 s>`, 5 times per store; pick-up is the
timestamp of the daemon's "Next reminder: task ID" line minus the instant
`add` exited (negative: the daemon saw the task before `add` had exited).
""")
    rows = []
    for size in sizes:
        p = d["pickup"][size]
        each = ", ".join("–" if r["pickup_ms"] is None else f"{r['pickup_ms']:.0f}" for r in p["runs"])
        rows.append([f"{int(size):,}", ms(_s(p["median_ms"])), ms(_s(p["worst_ms"])), each, ms(_s(p["add_median_ms"]))])
    out.append(table(["Tasks", "median", "worst", "each run (ms)", "`add` itself (median)"], rows, "lrrlr"))
    return "\n".join(out)


def mapping_group(path):
    """A mapping's object, shortened: the binary, a library's file name, or
    what the kernel calls an anonymous one ([heap], [stack], [anon])."""
    if path.startswith("["):
        return path
    base = os.path.basename(path)
    return "the `todo-remind-notifier` binary" if base.startswith("todo-remind") else f"`{base.split('.so')[0]}`"


def where_section(names, maps, top=10):
    """Where each todo-remind daemon's memory is at the end of the idle window."""
    grouped = {}
    for name in names:
        for path, v in maps[name].items():
            g = grouped.setdefault(mapping_group(path), {})
            got = g.setdefault(name, {"Rss": 0, "Pss": 0, "Private": 0})
            for k in got:
                got[k] += v[k]
    last = names[-1]
    order = sorted(grouped, key=lambda g: -grouped[g].get(last, {"Pss": 0})["Pss"])
    rows = []
    for g in order[:top]:
        cells = []
        for name in names:
            v = grouped[g].get(name)
            cells.append("–" if v is None else f"{mib(v['Pss'])} / {mib(v['Private'])}")
        rows.append([g, *cells])
    rest = order[top:]
    if rest:
        cells = []
        for name in names:
            pss = sum(grouped[g].get(name, {"Pss": 0})["Pss"] for g in rest)
            private = sum(grouped[g].get(name, {"Private": 0})["Private"] for g in rest)
            cells.append(f"{mib(pss)} / {mib(private)}")
        rows.append([f"{len(rest)} others", *cells])
    head = [f"{label(n)}: PSS / private" for n in names]
    return ("#### Where it is, at the end of the idle window (MiB)\n\n"
            "Per mapped object, from `/proc/PID/smaps`, largest PSS first. `[anon]` is anonymous memory "
            "outside the heap: malloc arenas of threads other than the main one, the threads' stacks, "
            "SQLite's page cache when it is large.\n\n"
            + table(["Mapping", *head], rows, "l" + "r" * len(names)))


def floors(daemon, key):
    """The minimal programs' figure for key at the end of the idle window, as
    a note beside the daemon's (empty for a run without them)."""
    minimal = [(name, m[key]) for name, m in daemon["memory_idle_end"].items() if name.startswith("minimal")]
    if not minimal:
        return ""
    return " (waiting minimal Swift programs: " + ", ".join(
        f"{mib(value)} MiB {'with Foundation' if 'Foundation' in name else 'without'}" for name, value in minimal) + ")"


def label(name):
    """"todo-remind 100" -> "todo-remind daemon, 100 tasks"; "remind -z1" as
    a command; the minimal programs as they are named."""
    tool, _, size = name.partition(" ")
    if tool == "todo-remind":
        return f"`todo-remind daemon`, {int(size):,} tasks"
    return name if name.startswith("minimal") else f"`{name}`"


def zone_note(zone):
    if not zone:
        return ("The daemons ran in the machine's own time zone (no Etc/GMT zone was installed), so a "
                "generated reminder may fall in the idle window; the tables say when one did.")
    return (f"The daemons' tasks were generated, and the daemons ran, with `TZ={zone}`, where it was "
            "night: the generated reminders (07:00–21:55 and 09:00 local) then stay out of the "
            "idle window, with as many tasks and reminders as ever.")


def _s(milliseconds):
    return None if milliseconds is None else milliseconds / 1000


def targets(run):
    """(target, measured, pass/miss/n/a) rows, from this run's numbers only."""
    cli, d, rows = run["cli"], run["daemon"], []

    def row(text, measured, ok):
        rows.append([text, measured, "n/a" if ok is None else ("**pass**" if ok else "**miss**")])

    # The speed and memory targets against Taskwarrior, remind and a minimal
    # program: ratios within one run.
    for size, limit in ((10_000, 10), (100_000, 25)):
        a, b = median(cli, size, "todo-remind list"), median(cli, size, "task list")
        row(f"`list` at {size:,} ≤ 1/{limit} of `task list`",
            f"1/{b / a:.1f} ({ms(a)} vs {ms(b)})" if a else "size not run", a / b <= 1 / limit if a else None)
    for name in ("todo-remind list", "todo-remind list --json", "todo-remind export"):
        if name != "todo-remind list":
            a, b = median(cli, 100_000, name), median(cli, 100_000, "task export")
            row(f"`{name.removeprefix('todo-remind ')}` at 100,000 ≤ 1/8 of `task export`",
                f"1/{b / a:.1f} ({ms(a)} vs {ms(b)})" if a else "size not run", a / b <= 1 / 8 if a else None)
        p = peak(cli, 100_000, name)
        row(f"`{name.removeprefix('todo-remind ')}` peak memory at 100,000 ≤ 40 MiB",
            f"{mib(p)} MiB" if p else "size not run", p <= 40 * MIB if p else None)
    startup = cli["startup"]["times"]
    if MINIMAL in startup:
        a, b = startup[STARTUP]["median"], startup[MINIMAL]["median"]
        row("start-up: `list` on an empty store ≤ 2× a minimal Swift program (Foundation, date)",
            f"{a / b:.2f}× ({ms(a)} vs {ms(b)})", a <= 2 * b)
    for size in (10_000, 100_000):
        a, b = median(cli, size, "todo-remind next --limit 20"), median(cli, size, "remind -n")
        row(f"`next --limit 20` at {size:,} faster than `remind -n`",
            f"{ms(a)} vs {ms(b)}" if a else "size not run", a < b if a else None)
    a, b = median(cli, 1_000, "todo-remind next --limit 20"), median(cli, 1_000, "remind -n")
    row("`next --limit 20` at 1,000 within 2× of `remind -n`",
        f"{a / b:.1f}× ({ms(a)} vs {ms(b)})" if a else "size not run", a <= 2 * b if a else None)
    for name, what in (("todo-remind next --limit 20", ""), (NEXT_REPEATING, ", a third of the tasks repeating")):
        a, b = median(cli, 1_000, name), median(cli, 100_000, name)
        row(f"`next --limit 20` flat, 1,000 → 100,000 (ratio ≤ 1.5){what}",
            f"{b / a:.2f}× ({ms(a)} → {ms(b)})" if a and b else "size not run", b / a <= 1.5 if a and b else None)
    for plain, repeating in (("todo-remind list", LIST_REPEATING), ("todo-remind next --limit 20", NEXT_REPEATING)):
        a, b = median(cli, 100_000, plain), median(cli, 100_000, repeating)
        row(f"`{plain.removeprefix('todo-remind ')}` at 100,000, a third repeating, within 10 % of none",
            f"{b / a:.2f}× ({ms(a)} → {ms(b)})" if a and b else "size not run", b / a <= 1.10 if a and b else None)
    touched = run.get("sync", {}).get("ics_touched")
    if "sync" in run:
        plain = run["sync"].get(sync.PLAIN)
        later = run["sync"]["todo-remind list (nothing changed)"]
        vs = f"; {ms(later)} vs {ms(plain)} without folders" if plain else ""
        row("with list folders, nothing changed, `list` reads SQLite only (no .ics file touched)",
            "not measured" if touched is None else f"{touched} .ics files touched{vs}", None if touched is None else touched == 0)
    add = cli["add"]
    for name in ("todo-remind add", ADD_FOLDER):
        if name in add["times"]:
            a, b = add["times"][name]["median"], add["times"]["task add"]["median"]
            row(f"`{name.removeprefix('todo-remind ')}` into {add['size']:,} tasks ≤ 1/20 of `task add`",
                f"1/{b / a:.1f} ({ms(a)} vs {ms(b)})", a / b <= 1 / 20)

    owned = {}
    for size in d["sizes"]:
        name = f"todo-remind {size}"
        w = d["wakeups"][name]
        extra = f", {w['reminders']} reminders in the window" if w.get("reminders") else ""
        row(f"daemon, {int(size):,} tasks: 0 wake-ups in the idle window", f"{w['total']}{extra}", w["total"] == 0)
        m = d["memory_idle_end"][name]
        owned[size] = m
        row(f"daemon, {int(size):,} tasks: private ≤ 4 MiB (end of idle window)",
            f"{mib(m['Private'])} MiB{floors(d, 'Private')}", m["Private"] <= 4 * MIB)
        pss = m.get("Pss")
        row(f"daemon, {int(size):,} tasks: PSS ≤ 12 MiB (end of idle window)",
            "not measured" if pss is None else f"{mib(pss)} MiB{floors(d, 'Pss')}",
            None if pss is None else pss <= 12 * MIB)
    if len(owned) >= 2:
        (s1, m1), (s2, m2) = list(owned.items())[0], list(owned.items())[-1]
        for key, what in (("Private", "private"), ("Pss", "PSS")):
            if m1.get(key) is None or m2.get(key) is None:
                continue
            gap = m2[key] - m1[key]
            row(f"daemon {what} flat from {int(s1):,} to {int(s2):,} tasks (within 1 MiB)",
                f"{gap / MIB:+.1f} MiB ({mib(m1[key])} → {mib(m2[key])})", abs(gap) <= 1 * MIB)
    for size in d["sizes"]:
        l = d["lateness"][size]
        ok = l["median_ms"] is not None and l["seen"] == l["count"] and l["median_ms"] < 50 and l["worst_ms"] < 250
        row(f"lateness, {int(size):,} tasks: median < 50 ms, worst < 250 ms",
            f"{ms(_s(l['median_ms']))} / {ms(_s(l['worst_ms']))} ({l['seen']} of {l['count']} seen)", ok)
    for size in d["sizes"]:
        p = d["pickup"][size]
        ok = p["worst_ms"] is not None and p["missed"] == 0 and p["worst_ms"] < 250
        row(f"pick-up, {int(size):,} tasks: worst < 250 ms", f"{ms(_s(p['worst_ms']))} (median {ms(_s(p['median_ms']))})", ok)
    return "## Targets\n\nComputed from this run's numbers.\n\n" + table(["Target", "Measured", "Result"], rows, "llr")


def render(run, findings, kill_soak=""):
    folders = sync.section(run["sync"]) if "sync" in run else ""
    interactive = view.section(run["view"]) if "view" in run else ""
    parts = [header(run), cli_section(run), daemon_section(run), interactive, folders, kill_soak, targets(run), findings]
    return "\n".join(part for part in parts if part)


def write(run, out_path, findings_path):
    """BENCHMARKS.md from run; bench/KILL_SOAK.md (`make bench-soak`) goes before the targets and
    bench/FINDINGS.md (written by hand) at the end, verbatim."""
    if not os.path.exists(findings_path):
        with open(findings_path, "w", encoding="utf-8") as file:
            file.write("## Findings\n\nWritten by hand: profiling findings and explanations of misses.\n")
    with open(findings_path, encoding="utf-8") as file:
        findings = file.read()
    # The kill soak's section, as `make bench-soak` last wrote it (bench/soak_report.py).
    kill_soak_path = os.path.join(os.path.dirname(findings_path), "KILL_SOAK.md")
    kill_soak = ""
    if os.path.exists(kill_soak_path):
        with open(kill_soak_path, encoding="utf-8") as file:
            kill_soak = file.read()
    # Sections measured apart, kept as last written: calendar events beside khal
    # (`make bench-events`, bench/events.py), import beside `task import`
    # (bench/import.py) and the list and journal with tags, subtasks and
    # starts (bench/SUBTASKS.md, by hand).
    for kept in ("EVENTS.md", "SUBTASKS.md", "IMPORT.md"):
        kept_path = os.path.join(os.path.dirname(findings_path), kept)
        if os.path.exists(kept_path):
            with open(kept_path, encoding="utf-8") as file:
                kill_soak = file.read().rstrip("\n") + "\n\n" + kill_soak
    with open(out_path, "w", encoding="utf-8") as file:
        file.write(render(run, findings, kill_soak))


if __name__ == "__main__":
    import json
    here = os.path.dirname(os.path.abspath(__file__))
    source = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", ".build", "bench", "results", "run.json")
    target = sys.argv[2] if len(sys.argv) > 2 else os.environ.get("BENCH_OUT", os.path.join(here, "..", "BENCHMARKS.md"))
    with open(source, encoding="utf-8") as f:
        write(json.load(f), target, os.path.join(here, "FINDINGS.md"))
