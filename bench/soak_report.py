"""soak_report.py: the "Kill soak" section of BENCHMARKS.md, from the results
`make bench-soak` leaves in .build/bench/soak-*.json.

Writes the section to bench/KILL_SOAK.md (which bench/report.py puts into
BENCHMARKS.md on every `make bench`) and replaces the section in
BENCHMARKS.md itself (or adds it before "## Targets"), leaving the rest as it is.
"""

import datetime as dt
import json
import os
import platform
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RUNS = [("soak-dunst.json", "dunst"), ("soak-slow-no-kills.json", "5 s server, no kills"),
        ("soak-slow-kills.json", "5 s server, kills")]


def ms(value):
    return "–" if value is None else (f"{value / 1000:.2f} s" if value >= 1000 else f"{value:.1f} ms")


def late(block):
    if not block.get("count"):
        return "– (none)"
    return f"{ms(block['median_ms'])} / **{ms(block['max_ms'])}** ({block['count']}; {block['over_1s']} over 1 s)"


def listed(items):
    return "**0**" if not items else f"**{len(items)}** ({', '.join(str(i) for i in list(items)[:10])})"


def section(results):
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip() or "unknown"
    first = min(r["start"] for _, r in results)
    lines = [
        "## Kill soak",
        "",
        f"Measured on {dt.datetime.fromtimestamp(first, dt.timezone.utc).isoformat(timespec='seconds')} "
        f"(commit {commit}, {platform.machine()}, the release binary). Regenerate with `make bench-soak` "
        "(about 11 minutes after the build; knobs `SOAK_SECONDS`, `SOAK_KILLS`, `SOAK_SEED`); the section "
        "is written by `bench/soak_report.py`, raw results in `.build/bench/soak-*.json`, logs in "
        "`.build/bench/soak-*/`.",
        "",
        "`bench/kill_soak.py`, inside `scripts/with-desktop-session`: a fresh store gets one task due each "
        "second for 190 s, with bursts of 3 (three bubbles) and of 5 (one digest) every 40 s; the daemon "
        "(`todo-remind daemon -v --log-format json`) is SIGKILLed 20 times, one kill per 9.5 s slot: every other one 10–40 ms "
        "after a reminder's instant (a burst's when the slot has one), the others at a random moment; after "
        "each kill a new daemon is started at once and the soak waits for its log line saying it watches the store (event `watching`). Every "
        "Notify call is read from `dbus-monitor` with its `x-dunst-stack-tag` hint (a digest names its tasks "
        "in its body). *Lost*: a reminder with no Notify, or whose every bubble was replaced (same tag) by "
        "one not naming it. *Shown twice*: Notify calls naming one reminder under two tags, i.e. two bubbles. "
        "*Re-sends replaced by tag*: calls whose tag an earlier call carried (dunst replaces that bubble). "
        "Lateness: the first Notify on the bus minus the reminder's instant (for the 5 s server, the "
        "instant the server received the call), split into reminders with a kill between 1 s before their "
        "instant and their first Notify, and the others.",
        "",
        "| Run | reminders | Notify calls | bubbles (tags) | lost | shown twice | re-sends replaced by tag "
        "| kills (10–40 ms after an instant) | lateness, killed around it: median / **max** | lateness, "
        "the others: median / **max** |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, r in results:
        source = r.get("server_receive", r)
        lost = sorted(set(r["lost"]) | set(r["replaced_away"]))
        lines.append(
            f"| {name} | {r['expected']} | {source['notify_calls']} | {source['bubbles']} | {listed(lost)} | "
            f"{listed(r['shown_twice'])} | {source['resends_replaced_by_tag']} | {r['kills']} "
            f"({r['kills_after_instant']}) | {late(source['lateness']['killed around it'])} | "
            f"{late(source['lateness']['not'])} |")
    lines.append("")
    for name, r in results:
        d = r.get("dunst")
        if d:
            b = d["before_close"]
            lines.append(
                f"dunst's own count: {b['displayed']} displayed + {b['waiting']} waiting "
                f"= {int(b['displayed']) + int(b['waiting'])} bubbles, against {d['bubbles_from_bus']} tags on "
                f"the bus; after `dunstctl close-all`, `dunstctl history` has {d['history_entries']} entries, "
                f"naming every reminder: {len(d['history_missing'])} missing, {len(d['history_twice'])} named twice. "
                "(Bubbles are fewer than reminders: each burst of 5 is one digest.)")
    slow = [(n, r) for n, r in results if "server_receive" in r]
    if slow:
        worst = max(max(r["server_receive"]["lateness"][k].get("max_ms") or 0 for k in r["server_receive"]["lateness"])
                    for _, r in slow)
        over = sum(r["server_receive"]["lateness"][k].get("over_1s", 0) for _, r in slow
                   for k in r["server_receive"]["lateness"])
        lines += ["", f"With the server taking 5 s per Notify (`bench/slow_notify_server.py`, which "
                      f"replies from a GLib timeout, so it receives every call at once), the latest first "
                      f"receipt of a reminder was {ms(worst)} after its instant; {over} reminders over 1 s."]
    lines += ["", FOUND]
    return "\n".join(lines) + "\n"


# What the soak found when it was first run (written by hand; kept by every run).
FOUND = """What it found, first run (2026-11-23): against dunst, nothing (0 lost, 0 shown
twice; each re-send after a kill carried the first bubble's stack tag and replaced it).
Against the 5 s server with kills, 4 of 48 reminders of a short run reached the bus
1.1–3.8 s late: after a restart the re-sends of the reminders left unanswered took 5
of the deliverer's 8 fixed threads for 5 s, the next second's reminders the rest, and
the next reminder queued behind them. The deliverer now starts another thread when a
job comes and none is free (up to 64, `ThreadedDeliverer.maxWorkers`), tested in
`ThreadedDelivererTests`; the figures above are with that fix."""


def splice(document, text):
    """document with its "## Kill soak" section replaced by text, or text put before "## Targets"."""
    start = document.find("\n## Kill soak\n")
    if start >= 0:
        end = document.find("\n## ", start + 1)
        return document[:start + 1] + text + (document[end:] if end >= 0 else "")
    anchor = document.find("\n## Targets\n")
    if anchor < 0:
        return document.rstrip("\n") + "\n\n" + text
    return document[:anchor + 1] + text + "\n" + document[anchor + 1:]


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "bench")
    results = []
    for file, name in RUNS:
        path = os.path.join(folder, file)
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                results.append((name, json.load(f)))
    if not results:
        sys.exit(f"soak_report: no results in {folder}: run make bench-soak.")
    text = section(results)
    with open(os.path.join(HERE, "KILL_SOAK.md"), "w", encoding="utf-8") as f:
        f.write(text)
    target = os.path.join(ROOT, "BENCHMARKS.md")
    with open(target, encoding="utf-8") as f:
        document = f.read()
    with open(target, "w", encoding="utf-8") as f:
        f.write(splice(document, text))
    print(text)


if __name__ == "__main__":
    main()
