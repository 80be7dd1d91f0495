# SPDX-License-Identifier: MIT
"""What several themes of end-to-end checks use: bindings written as the configuration file has them, tolerances,
what a client heard, a lock screen, two touchscreens at once."""
import json
import os

from desktop import wait_for


def binding(gesture, action, priority="high", **fields):
    """A [[binding]] of the configuration file, with priority high unless told."""
    lines = ['[[binding]]', 'gesture = "%s"' % gesture, 'priority = "%s"' % priority, 'action = { host = "%s" }' % action]
    lines += ['%s = %s' % (key, value if isinstance(value, int) else '"%s"' % value) for key, value in fields.items()]
    return "\n".join(lines) + "\n"


def near(value, expected, tolerance):
    return abs(value - expected) <= tolerance


def local(client, x, y):
    return [x - client.window["x"], y - client.window["y"]]


def kinds_of_touch(events, kinds):
    """The types of the wl_touch events among a client's events, those of kinds only."""
    return [e["type"] for e in events if e.get("event") == "touch" and e["type"] in kinds]


def near_point(point, expected, tolerance):
    return point is not None and len(point) == 2 and all(near(a, b, tolerance) for a, b in zip(point, expected))


def locked_desktop(Desktop, config, *others):
    """A Desktop with config, a window per title in others, then a lock screen: a client that locked the session
    (lock_protocol says how), whose own gestures are a 4-finger tap and a 3-finger swipe. Returns the desktop, the
    windows and the lock."""
    desktop = Desktop(config)
    windows = [desktop.open_client("--gesture", "tap=tap", "--touch", title=title) for title in others]
    lock = desktop.open_client("--gesture", "tap4=tap:fingers=4", "--gesture", "swipe3=swipe:fingers=3", "--touch",
                               "--lock", title="lock")
    return desktop, windows, lock


def lock_protocol(lock):
    """How a lock screen's client locked the session, as its ready line says: "ext-session-lock-v1", or
    "wlr-input-inhibitor-unstable-v1" (wlroots 0.15, Wayfire 0.7)."""
    return next(e["lock"] for e in lock.events() if e.get("event") == "ready")


def unlock(desktop, lock, titles):
    """Ends the lock screen's client, which unlocks on SIGTERM, and waits until its window is gone."""
    lock.kill()
    wait_for(lambda: sorted(w["title"] for w in desktop.windows()) == sorted(titles), 5, "the lock screen gone")


def on_two_touchscreens(first, second, delay_ms, path):
    """Writes a trace at path that plays trace first on its touchscreen and trace second on another one (device 2),
    delay_ms later; returns path."""
    def read(trace):
        with open(trace) as file:
            lines = [json.loads(line) for line in file]
        return lines[0], lines[1:]
    (header, events), (other, later) = read(first), read(second)
    for device in other["devices"]:
        device.update(id=2, name="second touchscreen")
    for event in later:
        event.update(t=event["t"] + delay_ms * 1000, device=2)
    header["devices"] += other["devices"]
    with open(path, "w") as file:
        # A stable sort: each device's events keep their order, its frames after its touches.
        for line in [header] + sorted(events + later, key=lambda event: event["t"]):
            file.write(json.dumps(line) + "\n")
    return path


def phases(client, name):
    return [e["phase"] for e in client.events(name) if e.get("phase") != "changed"]


def pointer_events(client, since=0):
    """The wl_pointer events a client printed from index since on, as (type, detail): a button's state, else the
    location."""
    return [(e["type"], e.get("state") or e.get("location")) for e in client.events()[since:] if e.get("event") == "pointer"]


def cpu_seconds(pid):
    """The CPU time a process has used so far (user and system)."""
    with open("/proc/%d/stat" % pid) as file:
        fields = file.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
