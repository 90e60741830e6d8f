"""Makes the benchmark data: one generated task set per size, loaded into a
todo-remind store, a private Taskwarrior database and a remind file.

Every tool gets its own folder so nothing ever touches the user's real data
(~/.task, ~/.local/share/todo-remind): todo-remind always gets --store and
--config, Taskwarrior always gets TASKRC and TASKDATA.
"""

import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# Only what keeps Taskwarrior quiet and from asking questions; everything
# else (gc, locking, defaultwidth...) stays at its default, so it is neither
# slowed down nor sped up compared with a normal user's setup.
TASKRC_LINES = [
    "data.location={data}",
    "confirmation=no",
    "verbose=nothing",
    "hooks=off",
]


def run(cmd, env=None, quiet=True):
    """Runs cmd and stops the whole run with its stderr if it fails."""
    result = subprocess.run(cmd, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL if quiet else None,
                            stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit(f"bench: {' '.join(cmd)} failed ({result.returncode}): {result.stderr.strip()}")
    return result


def generate(size, outdir, now, seed, env=None, repeating=0.0):
    """bench/generate.py SIZE OUTDIR: todo.json, taskwarrior.json, reminders.rem;
    `repeating` is the share of the tasks that repeat (todo.json only)."""
    run([sys.executable, os.path.join(HERE, "generate.py"), str(size), outdir,
         "--now", str(now), "--seed", str(seed), "--repeating", str(repeating)], env=env)


def todo_store(binary, config, folder, json_file, env=None):
    """A fresh todo-remind store in its own folder, filled by `import`."""
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    store = os.path.join(folder, "store.db")
    run([binary, "import", "--store", store, "--config", config, json_file], env=env)
    return store


def task_env(folder):
    """The environment that points Taskwarrior at a private rc and data folder."""
    return dict(os.environ, TASKRC=os.path.join(folder, "taskrc"), TASKDATA=os.path.join(folder, "data"))


def write_taskrc(folder):
    """folder/taskrc, naming folder/data; both exist afterwards, so `task`
    never offers to create them."""
    data = os.path.join(folder, "data")
    os.makedirs(data, exist_ok=True)
    with open(os.path.join(folder, "taskrc"), "w", encoding="utf-8") as rc:
        rc.write("\n".join(TASKRC_LINES).format(data=data) + "\n")
    return task_env(folder)


def taskwarrior(folder, json_file=None):
    """A fresh Taskwarrior database in folder, filled by `task import`."""
    shutil.rmtree(folder, ignore_errors=True)
    env = write_taskrc(folder)
    if json_file:
        run(["task", "import", json_file], env=env)
        # The first command after an import moves the completed tasks to
        # completed.data (gc); do it now so no timed run pays for it.
        run(["task", "list"], env=env)
    return env


def copy_store(source, target):
    """A private copy of a todo-remind store folder (for runs that write)."""
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(source, target)
    return os.path.join(target, "store.db")


def copy_taskwarrior(source, target):
    """A private copy of a Taskwarrior database, with an rc naming the copy."""
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(os.path.join(source, "data"), os.path.join(target, "data"))
    return write_taskrc(target)
