# SPDX-License-Identifier: MIT
"""Wayfire's own checks, beside tactus-wlr's that check-wayfire runs on Wayfire: a locked session, commands of exec
bindings, a withheld tap's times, a Super-gated binding, activators as host actions, two outputs, and the plugin's
library and configuration changed in wayfire.ini while Wayfire runs."""
import os
import tempfile

from checks.common import binding, lock_protocol, near, on_two_touchscreens
from desktop import Failure, wait_for
from wayfire import WITHOUT_GPU


def exec_binding(gesture, text, path, **fields):
    """A binding whose action writes text to a file, with priority high and withhold unless told."""
    fields.setdefault("policy", "withhold")
    lines = ['[[binding]]', 'gesture = "%s"' % gesture, 'priority = "high"',
             'action = { exec = "echo %s >> %s" }' % (text, path)]
    lines += ['%s = %s' % (key, value if isinstance(value, int) else '"%s"' % value) for key, value in fields.items()]
    return "\n".join(lines) + "\n"


def command_output():
    """A file for bindings' commands to write to: Wayfire's user (nobody, when the checks run as root) may."""
    directory = tempfile.mkdtemp(prefix="tactus-wayfire-commands.")
    os.chmod(directory, 0o777)
    return os.path.join(directory, "ran")


def lines_of(path):
    return open(path).read().split("\n")[:-1] if os.path.exists(path) else []


def a_withheld_swipe_runs_its_command_and_the_client_never_sees_it(Desktop):
    """A three-finger swipe bound to an exec action with withhold: the command runs, and the client under the swipe,
    which watches wl_touch, gets none of its touches; a tap after it reaches the client whole."""
    ran = command_output()
    with Desktop(exec_binding("swipe", "swiped", ran, fingers=3, direction="left")) as desktop:
        window = desktop.open_client("--gesture", "tap=tap", "--touch")
        desktop.replay("swipe", "--fingers", "3", "--direction", "left", "--at", "%g,%g" % window.centre())
        wait_for(lambda: lines_of(ran), 5, "the swipe's command")
        touched = len(window.touches("down"))
        desktop.replay("tap", "--at", "%g,%g" % window.centre())
        tap = window.finished("tap", timeout=5)
        if (lines_of(ran) != ["swiped"] or touched != 0
                or (len(window.touches("down")), len(window.touches("up"))) != (1, 1) or len(tap) != 1):
            raise Failure("withhold: the command wrote %s; %d touches during the swipe, then %d down %d up"
                          % (lines_of(ran), touched, len(window.touches("down")), len(window.touches("up"))))
        return ("a withheld 3-finger swipe ran its command ('%s'); the window under it got 0 touches, then the tap's "
                "1 down and 1 up and a recognized tap" % lines_of(ran)[0])


def a_withheld_tap_reaches_the_client_late_with_its_own_times(Desktop):
    """A double tap bound with withhold, and a single tap on a client: the engine keeps the tap's touches while a second
    tap may come, then lets them go; the client gets the down and the up with the times they happened, not the time
    they were let go, and recognizes its tap."""
    config = binding("tap", "zoom", count=2, policy="withhold")
    with Desktop(config) as desktop:
        window = desktop.open_client("--gesture", "tap=tap", "--touch")
        desktop.replay("tap", "--at", "%g,%g" % window.centre(), wait=False)
        wait_for(lambda: window.touches("up"), 5, "the tap's touches let go")
        desktop.answer("replay")
        tapped = window.finished("tap", timeout=5)
        down, up = window.touches("down"), window.touches("up")
        held = up[0]["time_ms"] - down[0]["time_ms"]
        if len(down) != 1 or len(up) != 1 or len(tapped) != 1 or not 40 <= held <= 200 or desktop.actions():
            raise Failure("a withheld tap: downs %s, ups %s, tap %s, actions %s" % (down, up, tapped, desktop.actions()))
        return ("a single tap under a withheld double-tap binding: the client got its down and up once let go, %d ms "
                "apart as they happened, and recognized its tap; no binding ran" % held)


def a_binding_that_needs_super_runs_only_while_it_is_held(Desktop):
    """A swipe bound with Super: with no key held it runs nothing; with Super held on the seat's keyboard (the headless
    one, through Wayfire's keyboard handling) it runs."""
    config = binding("swipe", "overview", fingers=3, direction="up", policy="withhold") + 'modifiers = ["super"]\n'
    with Desktop(config) as desktop:
        swipe = ["swipe", "--fingers", "3", "--direction", "up"]
        desktop.replay(*swipe)
        without = desktop.actions()
        desktop.hold("super")
        desktop.replay(*swipe)
        desktop.hold("super", pressed=False)
        held = [a for a in desktop.actions() if "recognized" in a]
        if without or held != ["overview recognized progress 1.00 fingers 3"]:
            raise Failure("Super: without it %s, with it %s" % (without, held))
        return "a 3-finger swipe bound with Super ran nothing without it and '%s' with it held" % held[0]


def a_locked_session_gets_nothing(Desktop):
    """While a lock screen holds the session: a three-finger swipe bound to a command runs nothing, no client's gesture
    hears anything, and the lock screen gets its touches from Wayfire, but no gesture of Tactus's; once the lock screen
    is gone, the swipe runs its command and the other client's tap is recognized. Wayfire 0.7's lock screens hold the
    input inhibitor, which gives them all input: the other window hears nothing at all. 0.9's lock with
    ext-session-lock-v1 (its session-lock plugin), which stops plugins and leaves input to the lock surfaces covering
    the outputs; the demo client makes none, so the other window still gets the swipe's touches from Wayfire, every one
    as Wayfire sends it: none withheld for the binding, and no gesture."""
    ran = command_output()
    with Desktop(exec_binding("swipe", "swiped", ran, fingers=3, direction="left")) as desktop:
        other = desktop.open_client("--gesture", "tap=tap", "--touch", title="other")
        lock = desktop.open_client("--gesture", "tap=tap", "--touch", "--lock", title="lock")
        how = lock_protocol(lock)
        desktop.replay("swipe", "--fingers", "3", "--direction", "left", "--at", "%g,%g" % other.centre())
        desktop.replay("tap", "--at", "%g,%g" % lock.centre())
        wait_for(lambda: lock.touches("up"), 5, "the lock screen's touches")
        ran_while_locked = lines_of(ran)
        heard_while_locked = [e for e in other.events() if e.get("event") != "ready"]
        other_touches = (len(other.touches("down")), len(other.touches("up")))
        lock_gestures = [e for e in lock.events() if e.get("name") == "tap"]
        lock.kill()
        wait_for(lambda: [w["title"] for w in desktop.windows()] == ["other"], 5, "the lock screen's window gone")
        desktop.replay("swipe", "--fingers", "3", "--direction", "left", "--at", "%g,%g" % other.centre())
        wait_for(lambda: lines_of(ran), 5, "the swipe's command after the lock")
        desktop.replay("tap", "--at", "%g,%g" % other.centre())
        tapped = other.finished("tap", timeout=5)
        if how == "wlr-input-inhibitor-unstable-v1":
            other_right = not heard_while_locked
            other_heard = "the other window heard 0 events"
        else:
            other_right = (other_touches == (3, 3)
                           and not [e for e in heard_while_locked if e.get("event") != "touch"])
            other_heard = ("the other window got the swipe's 3 downs and 3 ups from Wayfire (no lock surface covered "
                           "it) and no gesture")
        if ran_while_locked or not other_right or lock_gestures or len(tapped) != 1:
            raise Failure("locked (%s): commands %s, the other heard %s, the lock's gestures %s; after: tap %s"
                          % (how, ran_while_locked, heard_while_locked, lock_gestures, tapped))
        return ("while a client held the session locked (%s): the bound swipe ran no command, %s, the lock screen got "
                "its tap's down and up from Wayfire and no gesture; after it exited, the swipe ran its command ('%s') "
                "and the other window's tap was recognized" % (how, other_heard, lines_of(ran)[0]))


def a_host_action_calls_a_wayfire_activator(Desktop):
    """A four-finger pinch bound to the host action expo/toggle: Wayfire's expo overview opens (the expo plugin is
    active on the output), and a second pinch closes it."""
    config = binding("pinch", "expo/toggle", fingers=4, policy="withhold")
    with Desktop(config, plugins=("expo",)) as desktop:
        before = desktop.command("active expo")
        desktop.replay("pinch", "--fingers", "4", "--start-span", "80", "--end-span", "40", "--at", "640,360")
        during = wait_for(lambda: desktop.command("active expo") == ["yes"] and ["yes"], 5, "expo active")
        desktop.replay("pinch", "--fingers", "4", "--start-span", "80", "--end-span", "40", "--at", "640,360")
        after = wait_for(lambda: desktop.command("active expo") == ["no"] and ["no"], 5, "expo inactive")
        ran = [a for a in desktop.actions() if a.startswith("expo/toggle ended")]
        if before != ["no"] or len(ran) != 2:
            raise Failure("expo: active %s, then %s, then %s; actions %s" % (before, during, after, desktop.actions()))
        return ("a 4-finger pinch bound to expo/toggle: expo active %s → %s → %s after a second pinch; the plugin "
                "logged '%s'" % (before[0], during[0], after[0], ran[0]))


def two_outputs_share_one_engine_and_each_touchscreen_reaches_its_own_window(Desktop):
    """Two outputs, a touchscreen mapped onto each, a window on each: one engine serves both (Wayfire 0.7 makes the
    plugin once per output, 0.9 once); a pinch on each touchscreen reaches the window on its output alone."""
    with Desktop(outputs=2) as desktop:
        outputs = {line.split()[0]: [int(n) for n in line.split()[1:]] for line in desktop.command("outputs")}
        first, second = sorted(outputs, key=lambda name: outputs[name][0])  # left, right
        desktop.command("focus %s" % first)
        left = desktop.open_client("--gesture", "pinch=pinch", "--touch", title="left")
        desktop.command("focus %s" % second)
        right = desktop.open_client("--gesture", "pinch=pinch", "--touch", title="right")
        desktop.command("map 1 %s" % first)
        desktop.command("map 2 %s" % second)
        on_left = desktop.trace("pinch", "--start-span", "40", "--end-span", "80",
                                "--at", "%g,%g" % (left.centre()[0] - outputs[first][0], left.centre()[1]))
        on_right = desktop.trace("pinch", "--start-span", "80", "--end-span", "40",
                                 "--at", "%g,%g" % (right.centre()[0] - outputs[second][0], right.centre()[1]))
        desktop.play(on_two_touchscreens(on_left, on_right, 1500, os.path.join(desktop.runtime, "two.jsonl")))
        pinched_left, pinched_right = left.finished("pinch", timeout=5), right.finished("pinch", timeout=5)
        engines = [line for line in desktop.log().splitlines() if "libtactus" in line and " runs, ABI " in line]
        scales = [ends[-1]["scale"] for ends in (pinched_left, pinched_right)]
        touches = [len(window.touches("down")) for window in (left, right)]
        if (len(engines) != 1 or len(pinched_left) != 1 or len(pinched_right) != 1 or not near(scales[0], 2, 0.02)
                or not near(scales[1], 0.5, 0.01) or touches != [2, 2] or left.window["x"] >= outputs[second][0]
                or right.window["x"] < outputs[second][0]):
            raise Failure("two outputs: %d engines; left window %s pinched %s, right %s pinched %s; downs %s"
                          % (len(engines), left.window, pinched_left, right.window, pinched_right, touches))
        return ("two outputs (%s, %s), 1 engine for both; the pinch on the first touchscreen reached "
                "the window at x %d (scale %.3f, 2 touches), the one on the second the window at x %d (scale %.3f, 2 "
                "touches)" % (first, second, left.window["x"], scales[0], right.window["x"], scales[1]))


def disabling_and_enabling_the_plugin_at_run_time_leaves_nothing_behind(Desktop):
    """The plugin taken out of wayfire.ini's plugins while Wayfire runs (Wayfire unloads it) and put back. A client
    subscribed before stays connected: while the plugin is out its pinch hears nothing (its objects inert) and its
    touches reach it as Wayfire sends them; once back, a new client's pinch is recognized, and Wayfire kept running."""
    with Desktop() as desktop:
        early = desktop.open_client("--gesture", "pinch=pinch", "--touch", title="early")
        desktop.write_ini(tactus=False)
        wait_for(lambda: "tactus: the engine stopped" in desktop.log(), 10, "the plugin unloaded")
        desktop.replay("pinch", "--start-span", "40", "--end-span", "80", "--at", "%g,%g" % early.centre())
        heard_without = [e for e in early.events() if e.get("name") == "pinch"]
        downs_without = len(early.touches("down"))
        try:
            desktop.open_client("--gesture", "pinch=pinch", title="while out")
            offered = "the global was still offered"
        except Failure as refused:
            offered = str(refused)
        desktop.write_ini(tactus=True)
        wait_for(lambda: desktop.log().count(" runs, ABI ") == 2, 10, "the plugin loaded again")
        early.kill()
        window = desktop.open_client("--gesture", "pinch=pinch", "--touch", title="late")
        desktop.replay("pinch", "--start-span", "40", "--end-span", "80", "--at", "%g,%g" % window.centre())
        pinched = window.finished("pinch", timeout=5)
        if (heard_without or downs_without != 2 or "does not offer tactus_gesture_manager_v1" not in offered
                or len(pinched) != 1 or not desktop.alive()):
            raise Failure("unloaded, the client heard %s and %d downs, and a new one: %s; loaded again, %s"
                          % (heard_without, downs_without, offered, pinched))
        return ("the plugin unloaded at run time: the client subscribed before stayed, its pinch heard nothing and its "
                "wl_touch got both downs from Wayfire; a new client found no tactus_gesture_manager_v1; loaded again: "
                "the next client's pinch ended at scale %.3f" % pinched[-1]["scale"])


def a_new_configuration_path_in_wayfire_ini_takes_effect(Desktop):
    """wayfire.ini's [tactus] config changed while Wayfire runs: the engine starts again with that file, whose binding
    then runs; one written badly is reported with its line, and the bindings in force stay."""
    ran = command_output()
    with Desktop() as desktop:
        other = os.path.join(os.path.dirname(ran), "other.toml")
        with open(other, "w") as file:
            file.write(exec_binding("swipe", "other", ran, fingers=3, direction="up"))
        desktop.write_ini(tactus=True, config=other)
        wait_for(lambda: "1 bindings from %s" % other in desktop.log(), 10, "the other file read")
        desktop.replay("swipe", "--fingers", "3", "--direction", "up")
        wait_for(lambda: lines_of(ran), 5, "the other file's command")
        with open(other, "w") as file:
            file.write("[[binding]]\ngesture = \"swipe\"\nfingerz = 3\n")
        desktop.write_ini(tactus=True, config=other)  # the same path: Wayfire reloads, and the plugin reads it again
        refusal = wait_for(lambda: [line for line in desktop.log().splitlines() if "other.toml:3" in line], 10,
                           "the bad file reported")
        desktop.replay("swipe", "--fingers", "3", "--direction", "up")
        wait_for(lambda: len(lines_of(ran)) == 2, 5, "the binding in force")
        return ("[tactus] config pointed at another file while Wayfire ran: its swipe ran its command ('%s'); the "
                "file written badly was reported ('%s') and the binding in force ran again"
                % (lines_of(ran)[0], refusal[0].split("] ", 1)[-1][:90]))


def a_live_binding_opens_the_overview_as_the_gesture_begins(Desktop):
    """A live four-finger pinch bound to expo/toggle: the overview is open while the fingers are still moving (the
    activator ran at began), and the activator is not called again at the end. (Expo itself then takes the lifting
    fingers as the choice of a workspace, and closes.)"""
    config = binding("pinch", "expo/toggle", fingers=4, policy="withhold") + "live = true\n"
    with Desktop(config, plugins=("expo",)) as desktop:
        desktop.replay("pinch", "--fingers", "4", "--start-span", "80", "--end-span", "40", "--duration", "2000",
                       "--at", "640,360", wait=False)
        wait_for(lambda: any(a.startswith("expo/toggle began") for a in desktop.actions()), 5, "the pinch began")
        during = desktop.command("active expo")
        so_far = [a.split()[1] for a in desktop.actions()]  # the pinch lasts 2 s: it has not ended when asked
        desktop.answer("replay")
        phases = [a.split()[1] for a in desktop.actions()]
        calls = [line for line in desktop.log().splitlines() if "tactus: called the activator expo/toggle" in line]
        if (during != ["yes"] or "ended" in so_far or len(calls) != 1 or phases[0] != "began"
                or phases[-1] != "ended"):
            raise Failure("live expo: active %s while pinching (steps by then %s); %d calls; phases %s"
                          % (during, so_far, len(calls), phases))
        return ("a live 4-finger pinch bound to expo/toggle: expo active while the fingers moved (%d steps logged by "
                "then, none the end); %d steps logged, began to ended, and the activator called once"
                % (len(so_far), len(phases)))


def a_library_that_is_not_libtactus_is_reported_and_wayfire_goes_on(Desktop):
    """[tactus] library pointed at a file that is no library, then at a library that is not libtactus, while Wayfire
    runs: each is reported in Wayfire's log, Wayfire goes on, and pointed back at libtactus the plugin runs again."""
    with Desktop() as desktop:
        desktop.write_ini(tactus=True, library="/dev/null")
        wait_for(lambda: "tactus: cannot load /dev/null" in desktop.log(), 10, "/dev/null reported")
        desktop.write_ini(tactus=True, library=WITHOUT_GPU)
        refused = wait_for(lambda: [l for l in desktop.log().splitlines() if "is not libtactus" in l], 10, "libc reported")
        desktop.write_ini(tactus=True)
        wait_for(lambda: desktop.log().count(" runs, ABI ") == 2, 10, "libtactus loaded again")
        window = desktop.open_client("--gesture", "pinch=pinch")
        desktop.replay("pinch", "--start-span", "40", "--end-span", "80", "--at", "%g,%g" % window.centre())
        pinched = window.finished("pinch", timeout=5)
        return ("[tactus] library = /dev/null, then another library: both reported ('%s'), Wayfire went on; libtactus again: a "
                "pinch ended at scale %.3f" % (refused[0].split("] ", 1)[-1], pinched[-1]["scale"]))
