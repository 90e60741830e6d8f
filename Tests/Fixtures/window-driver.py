#!/usr/bin/env python3
"""Drives todo-remind-window as a person with a screen reader would: every
control is found by its accessible name on the accessibility bus (AT-SPI),
and clicked where it says it is, with xdotool (GTK 4.8 offers no action to
toggle a check button).

    window-driver.py wait NAME [SECONDS]     exits 1 unless NAME shows in time
    window-driver.py gone NAME [SECONDS]     exits 1 unless NAME goes in time
    window-driver.py click NAME [ROLE]       clicks the middle of NAME (the
                                             one of that role: entry, label…)
    window-driver.py checked NAME            prints true or false
    window-driver.py key KEYS…               presses keys (xdotool's names)
    window-driver.py type TEXT               types text into the focus
    window-driver.py selected                prints the names in the selected row
    window-driver.py names                   prints every name shown

With --pid N first, the window of that process is the one driven.
"""
import subprocess
import sys
import time

import pyatspi

APPLICATION = "todo-remind-window"
# The window's process, when several run (--pid N before the command).
PROCESS = None


def application():
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        child = desktop.getChildAtIndex(index)
        if child is None or child.name != APPLICATION:
            continue
        if PROCESS is None or child.get_process_id() == PROCESS:
            return child
    return None


def walk(root):
    stack = [root]
    while stack:
        node = stack.pop()
        if node is None:
            continue
        yield node
        try:
            count = node.childCount
        except Exception:
            continue
        for index in reversed(range(count)):
            try:
                stack.append(node.getChildAtIndex(index))
            except Exception:
                pass


def showing(node):
    try:
        states = node.getState()
        # GTK 4.8 marks the window showing, not what is in it: a hidden
        # widget is left out of the tree or not visible.
        return states.contains(pyatspi.STATE_VISIBLE)
    except Exception:
        return False


def find(name, role=None):
    root = application()
    if root is None:
        return None
    for node in walk(root):
        try:
            if node.name == name and showing(node) and (role is None or node.getRoleName() == role):
                return node
        except Exception:
            continue
    return None


def wait(name, seconds, present=True):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if (find(name) is not None) == present:
            return True
        time.sleep(0.1)
    return False


def click(name, role=None):
    deadline = time.monotonic() + 10
    node = find(name, role)
    while node is None and time.monotonic() < deadline:
        time.sleep(0.1)
        node = find(name, role)
    if node is None:
        sys.exit(f"{name!r} is not shown; shown: {names()}")
    extents = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    x = extents.x + extents.width // 2
    y = extents.y + extents.height // 2
    subprocess.run(["xdotool", "mousemove", "--sync", str(x), str(y), "click", "1"], check=True)


def checked(name):
    node = find(name)
    if node is None:
        sys.exit(f"{name!r} is not shown; shown: {names()}")
    states = node.getState()
    return states.contains(pyatspi.STATE_CHECKED) or states.contains(pyatspi.STATE_PRESSED)


def selected():
    """The names in the selected row of the list."""
    root = application()
    if root is None:
        return []
    for node in walk(root):
        try:
            if node.getRoleName() == "list item" and node.getState().contains(pyatspi.STATE_SELECTED):
                return [child.name for child in walk(node) if child.name]
        except Exception:
            continue
    return []


def names():
    root = application()
    if root is None:
        return []
    return [node.name for node in walk(root) if node.name and showing(node)]


def main(arguments):
    global PROCESS
    if arguments[0] == "--pid":
        PROCESS = int(arguments[1])
        arguments = arguments[2:]
    command, rest = arguments[0], arguments[1:]
    if command == "wait":
        sys.exit(0 if wait(rest[0], float(rest[1]) if len(rest) > 1 else 10) else f"{rest[0]!r} did not show; shown: {names()}")
    if command == "gone":
        sys.exit(0 if wait(rest[0], float(rest[1]) if len(rest) > 1 else 10, present=False) else f"{rest[0]!r} is still shown")
    if command == "click":
        click(rest[0], rest[1] if len(rest) > 1 else None)
    elif command == "checked":
        print("true" if checked(rest[0]) else "false")
    elif command == "key":
        subprocess.run(["xdotool", "key", "--delay", "50"] + rest, check=True)
    elif command == "type":
        subprocess.run(["xdotool", "type", "--delay", "30", rest[0]], check=True)
    elif command == "selected":
        print("\n".join(selected()))
    elif command == "names":
        print("\n".join(names()))
    else:
        sys.exit(f"unknown command {command}")


if __name__ == "__main__":
    main(sys.argv[1:])
