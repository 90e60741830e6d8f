#!/usr/bin/env python3
"""generate.py SIZE OUTDIR [--now EPOCH] [--seed N] [--repeating FRACTION] [--subtasks FRACTION] [--waiting FRACTION] [--tagged FRACTION]

Makes one set of benchmark tasks three ways, so every tool is timed on the
same work:

- OUTDIR/todo.json       a JSON array for `todo-remind import`
- OUTDIR/taskwarrior.json one object per line for `task import`
- OUTDIR/reminders.rem   a remind file: one REM per open task with a due date

The mix: 70 % of the tasks have a due date spread from 30 days
ago to 60 days ahead, half of them a day and half a time of day; 15 % are
completed; titles, categories, priorities and notes vary. The same seed gives
the same tasks, relative to --now (default: the current time), so runs differ
only by the day they were made on.

remind has no notion of a completed task or of a task without a date, so its
file holds only the open tasks with a due date (about 60 % of SIZE); that is
what a remind user would keep in the file.

--repeating FRACTION (default 0) makes that fraction of the tasks repeat
(todo.json only: the other two files are for the peers, which are timed on
the plain set). A repeating task always has a due date, the open occurrence
of a series that began up to 3 years before it (at most 200 occurrences
back), so that expanding from the series' start costs what it would for a
user who has kept the task for years. Rules: daily, weekly, every 2 weeks,
Mondays/Wednesdays/Fridays, monthly, yearly; one in ten repeats from
completion.

Tags, subtasks and starts, each 0 by default, which leaves every
file as it was without them (they draw from a random stream of their own):

--subtasks FRACTION makes that fraction of the tasks subtasks of an earlier
task that is not one (todo.json: "id" on every task, "parent" on these; a
parent gets 1 to about 1/(1-FRACTION) subtasks, a few of them more).

--waiting FRACTION gives that fraction of the open tasks a start 1 to 30 days
ahead (a day), their due, if any, moved to at most 14 days after it so that
it is not before the start: they wait, and `list` leaves them out. In
taskwarrior.json it is the task's `wait`.

--tagged FRACTION gives that fraction of the tasks one to three tags after
their category ("tags", the category first; Taskwarrior's `tags`).

For the measure of tags, subtasks and starts (bench/SUBTASKS.md), 100,000
tasks with a fifth of them subtasks and a
tenth waiting: `generate.py 100000 OUT --subtasks 0.2 --waiting 0.1 --tagged 0.3`.
"""

import argparse
import datetime as dt
import json
import os
import random

VERBS = ["Call", "Email", "Buy", "Fix", "Write", "Review", "Book", "Pay", "Plan",
         "Clean", "Renew", "Order", "Return", "Send", "Prepare", "Check"]
OBJECTS = ["the dentist", "milk and bread", "bike tyre", "quarterly report", "train tickets",
           "rent", "garden shed", "passport", "library books", "birthday card for Léa",
           "slides for Monday", "café meeting notes", "insurance claim", "car service",
           "tax return", "the plumber", "Zoë's present", "backup drive", "flat viewing",
           "conference talk"]
CATEGORIES = ["General", "Work", "Home", "Health", "Errands", "Finance", "Family",
              "Garden", "Travel", "Study", "Car", "Friends"]
PRIORITIES = [("low", 3), ("medium", 5), ("high", 2)]
NOTES = ["Ask about the invoice.", "Bring the receipt.", "See the email from Tuesday.",
         "Second floor, ring twice.", "Before the end of the month.", "Use the blue folder."]

DAY_SECONDS = 86_400

# (RRULE, days between occurrences) of the repeating tasks; the series' start
# is a whole number of those before the open occurrence, so the due is one of
# its occurrences. MO,WE,FR gets the open occurrence's weekday added.
RULES = [("FREQ=DAILY", 1), ("FREQ=WEEKLY", 7), ("FREQ=WEEKLY;INTERVAL=2", 14),
         ("FREQ=WEEKLY;BYDAY=MO,WE,FR", 7), ("FREQ=MONTHLY", None), ("FREQ=YEARLY", None)]
WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

TAGS = ["urgent", "phone", "computer", "errand", "weekend", "waiting-on", "someday", "quick",
        "deep-work", "outside", "shopping", "paperwork"]


def pick_priority(rng):
    total = sum(weight for _, weight in PRIORITIES)
    roll = rng.uniform(0, total)
    for name, weight in PRIORITIES:
        if roll < weight:
            return name
        roll -= weight
    return PRIORITIES[-1][0]


def months_back(day, months):
    """The same day of the month `months` earlier; None when that month lacks it."""
    index = day.year * 12 + day.month - 1 - months
    try:
        return day.replace(year=index // 12, month=index % 12 + 1)
    except ValueError:
        return None


def make_repeat(due, rng, zone):
    """A repeat whose series began up to 3 years before `due`, with `due` one of its occurrences."""
    rule, period = rng.choice(RULES)
    kind, value = due
    day = value.date() if kind == "time" else value
    if rule.endswith("BYDAY=MO,WE,FR"):
        weekday = WEEKDAYS[day.weekday()]
        rule = rule if weekday in ("MO", "WE", "FR") else rule + "," + weekday
    if period:
        back = rng.randint(0, min(200, 3 * 365 // period))
        start_day = day - dt.timedelta(days=back * period)
    else:
        months = 12 if rule == "FREQ=YEARLY" else 1
        start_day = months_back(day, months * rng.randint(0, 36 // months)) or day
    # Read on the local wall clock, as the due was: across DST the offset differs.
    start = ("day", start_day) if kind == "day" else ("time", dt.datetime.combine(start_day, value.time()).astimezone())
    return {"rule": rule, "from": "completion" if rng.random() < 0.1 else "due",
            "zone": zone if kind == "time" else None, "start": start}


def local_zone():
    """The zone name the tasks' times are written in: TZ, else /etc/localtime's."""
    name = os.environ.get("TZ", "").lstrip(":")
    if name and not name.startswith("/"):
        return name
    path = os.path.realpath(name or "/etc/localtime")
    marker = "/zoneinfo/"
    return path.split(marker, 1)[1] if marker in path else "UTC"


def make_tasks(size, now, seed, repeating=0.0):
    """The tasks as plain dicts: title, notes, category, priority, due, created, completed, repeat."""
    rng = random.Random(seed)
    local = dt.datetime.fromtimestamp(now).astimezone()
    today = local.date()
    zone = local_zone()
    tasks = []
    for index in range(size):
        title = f"{rng.choice(VERBS)} {rng.choice(OBJECTS)} #{index}"
        repeats = repeating > 0 and rng.random() < repeating
        due = None
        if repeats or rng.random() < 0.70:
            day = today + dt.timedelta(days=rng.randint(-30, 60))
            if rng.random() < 0.5:
                due = ("day", day)
            else:
                at = dt.time(rng.randint(7, 21), rng.choice(range(0, 60, 5)))
                due = ("time", dt.datetime.combine(day, at).astimezone())
        created = now - rng.randint(1, 60) * DAY_SECONDS - rng.randint(0, DAY_SECONDS)
        completed = None
        if rng.random() < 0.15:
            completed = rng.randint(int(created), int(now) - 60)
        tasks.append({
            "title": title,
            "notes": rng.choice(NOTES) if rng.random() < 0.2 else None,
            "category": rng.choice(CATEGORIES),
            "priority": pick_priority(rng),
            "due": due,
            "created": created,
            "completed": completed,
            "repeat": make_repeat(due, rng, zone) if repeats else None,
        })
    return tasks


def add_issue24(tasks, now, seed, subtasks=0.0, waiting=0.0, tagged=0.0):
    """Subtasks, starts and tags on `tasks` (see the module's doc), in place.

    A random stream of its own, so that the tasks' other fields are those of
    the same seed without these options."""
    if not (subtasks or waiting or tagged):
        return
    rng = random.Random(seed + 24)
    today = dt.datetime.fromtimestamp(now).astimezone().date()
    roots = []
    for index, task in enumerate(tasks):
        task["parent"] = None
        task["start"] = None
        task["tags"] = None
        if subtasks and roots and rng.random() < subtasks:
            task["parent"] = rng.choice(roots)
        else:
            roots.append(index)
        if waiting and not task["completed"] and rng.random() < waiting:
            start = today + dt.timedelta(days=rng.randint(1, 30))
            task["start"] = start
            if task["due"]:
                kind, value = task["due"]
                day = value.date() if kind == "time" else value
                if day < start:
                    moved = start + dt.timedelta(days=rng.randint(0, 14))
                    task["due"] = ("day", moved) if kind == "day" else \
                        ("time", dt.datetime.combine(moved, value.time()).astimezone())
                    if task["repeat"]:
                        # The series starts at the moved due: one of its occurrences.
                        task["repeat"]["start"] = task["due"]
        if tagged and rng.random() < tagged:
            task["tags"] = [task["category"]] + rng.sample(TAGS, rng.randint(1, 3))


def iso_instant(epoch):
    return dt.datetime.fromtimestamp(epoch, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def taskwarrior_stamp(moment):
    return moment.astimezone(dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def write_todo(tasks, path):
    out = []
    for task in tasks:
        item = {"title": task["title"], "category": task["category"], "priority": task["priority"],
                "createdAt": iso_instant(task["created"])}
        if task["notes"]:
            item["notes"] = task["notes"]
        if task["due"]:
            kind, value = task["due"]
            item["due"] = {"day": value.isoformat()} if kind == "day" else {"time": value.isoformat()}
        if task["completed"]:
            item["completed"] = True
            item["completedAt"] = iso_instant(task["completed"])
        if task["repeat"]:
            kind, value = task["repeat"]["start"]
            item["repeat"] = {**task["repeat"],
                              "start": {"day": value.isoformat()} if kind == "day" else {"time": value.isoformat()}}
        if "parent" in task:
            # An import gives each task a new id in this order, and each
            # subtask the new id of its parent.
            item["id"] = len(out) + 1
            if task["parent"] is not None:
                item["parent"] = task["parent"] + 1
            if task["start"]:
                item["start"] = {"day": task["start"].isoformat()}
            if task["tags"]:
                item["tags"] = task["tags"]
        out.append(item)
    with open(path, "w", encoding="utf-8") as file:
        json.dump(out, file, ensure_ascii=False)


def write_taskwarrior(tasks, path, seed):
    rng = random.Random(seed + 1)
    priority = {"low": "L", "medium": "M", "high": "H"}
    with open(path, "w", encoding="utf-8") as file:
        for task in tasks:
            item = {
                "uuid": "%08x-%04x-4%03x-8%03x-%012x" % (
                    rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(12),
                    rng.getrandbits(12), rng.getrandbits(48)),
                "description": task["title"],
                "project": task["category"],
                "priority": priority[task["priority"]],
                "entry": taskwarrior_stamp(dt.datetime.fromtimestamp(task["created"]).astimezone()),
                "status": "completed" if task["completed"] else "pending",
            }
            if task["notes"]:
                item["annotations"] = [{"entry": item["entry"], "description": task["notes"]}]
            if task["due"]:
                kind, value = task["due"]
                # Taskwarrior has no floating day: a date alone is its local midnight.
                moment = dt.datetime.combine(value, dt.time()).astimezone() if kind == "day" else value
                item["due"] = taskwarrior_stamp(moment)
            if task["completed"]:
                item["end"] = taskwarrior_stamp(dt.datetime.fromtimestamp(task["completed"]).astimezone())
            if task.get("start"):
                item["wait"] = taskwarrior_stamp(dt.datetime.combine(task["start"], dt.time()).astimezone())
                item["status"] = "waiting"
            if task.get("tags"):
                item["tags"] = [tag.lower() for tag in task["tags"][1:]]
            file.write(json.dumps(item, ensure_ascii=False) + "\n")


def write_remind(tasks, path):
    with open(path, "w", encoding="utf-8") as file:
        for task in tasks:
            if task["completed"] or not task["due"]:
                continue
            kind, value = task["due"]
            day = value.date() if kind == "time" else value
            date = f"{day.day} {day.strftime('%b')} {day.year}"
            at = f" AT {value.strftime('%H:%M')}" if kind == "time" else ""
            # The generated titles hold neither % nor [, remind's special characters.
            file.write(f"REM {date}{at} MSG {task['title']}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("size", type=int)
    parser.add_argument("outdir")
    parser.add_argument("--now", type=float, default=None)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--repeating", type=float, default=0.0)
    parser.add_argument("--subtasks", type=float, default=0.0)
    parser.add_argument("--waiting", type=float, default=0.0)
    parser.add_argument("--tagged", type=float, default=0.0)
    args = parser.parse_args()
    now = args.now if args.now is not None else dt.datetime.now().timestamp()
    os.makedirs(args.outdir, exist_ok=True)
    tasks = make_tasks(args.size, now, args.seed, args.repeating)
    add_issue24(tasks, now, args.seed, args.subtasks, args.waiting, args.tagged)
    write_todo(tasks, os.path.join(args.outdir, "todo.json"))
    write_taskwarrior(tasks, os.path.join(args.outdir, "taskwarrior.json"), args.seed)
    write_remind(tasks, os.path.join(args.outdir, "reminders.rem"))


if __name__ == "__main__":
    main()
