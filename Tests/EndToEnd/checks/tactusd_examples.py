# SPDX-License-Identifier: MIT
"""examples/tactusd/'s configurations against the compositors they are for (Tests/EndToEnd/beside.py): gestures
replayed through tactusd run the example's commands, and the compositor's own state shows what they did."""
import os

from desktop import Failure, wait_for

FOOT_CLOSES = 10  # seconds a killed or closed foot takes at most to be gone


def sways_swipes_change_the_workspace_and_its_tap_toggles_fullscreen(Sway):
    """sway.toml: three fingers left and right run `workspace next` and `workspace prev`; up runs the launcher
    (`swaymsg exec fuzzel`: sway starts it); a three-finger tap runs `fullscreen toggle` on the focused window, twice
    back to tiled."""
    with Sway() as sway:
        sway.open_window("one")
        sway.swaymsg("workspace", "2")
        sway.open_window("two")
        sway.swaymsg("workspace", "1")
        sway.play("swipe", "--fingers", "3", "--direction", "left")
        after_left = sway.focused_workspace()
        sway.play("swipe", "--fingers", "3", "--direction", "right")
        after_right = sway.focused_workspace()
        sway.play("swipe", "--fingers", "3", "--direction", "up")
        launcher = wait_for(lambda: sway.processes("fuzzel"), 10, "%s: the launcher started" % sway.name)
        sway.end_processes("fuzzel")
        sway.play("tap", "--fingers", "3")
        tapped = [w["fullscreen"] for w in sway.windows_in_tree() if w["name"] == "one"]
        sway.play("tap", "--fingers", "3")
        tapped_again = [w["fullscreen"] for w in sway.windows_in_tree() if w["name"] == "one"]
        if (after_left, after_right, tapped, tapped_again) != ("2", "1", [True], [False]):
            raise Failure("%s: workspace after the left swipe %s, after the right one %s; window one fullscreen after "
                          "a tap %s, after another %s" % (sway.name, after_left, after_right, tapped, tapped_again))
        return ("%s: the 3-finger swipes left and right went to workspace 2 and back to 1 (swaymsg -t get_workspaces); "
                "the swipe up had sway start the launcher (fuzzel, pid %s); the 3-finger tap made the focused window "
                "fullscreen and the next one tiled again (get_tree)" % (sway.name, launcher[0]))


def sways_pinch_widens_the_window_and_its_diagonals_use_the_scratchpad(Sway):
    """sway.toml: three fingers spread run `resize grow width` (the focused one of two windows side by side gets
    wider); up-left runs `move scratchpad` (the window leaves the workspace), up-right `scratchpad show` (it is back,
    floating); the tip-tap to the right runs `floating toggle` (tiled again)."""
    with Sway() as sway:
        sway.open_window("left")
        sway.open_window("right")

        def right():
            return next(w for w in sway.windows_in_tree() if w["name"] == "right")
        before = right()["width"]
        sway.play("pinch", "--fingers", "3", "--start-span", "30", "--end-span", "60")
        widened = right()["width"]
        sway.play("swipe", "--fingers", "3", "--direction", "up_left")
        stashed = right()["workspace"]
        sway.play("swipe", "--fingers", "3", "--direction", "up_right")
        shown = right()
        sway.play("tip-tap", "--direction", "right")
        tiled = right()
        if not (widened > before and stashed == "__i3_scratch" and shown["workspace"] == "1" and shown["floating"]
                and tiled["workspace"] == "1" and not tiled["floating"]):
            raise Failure("%s: width %d then %d after the pinch; after up-left on %s; after up-right %s; after the "
                          "tip-tap %s" % (sway.name, before, widened, stashed, shown, tiled))
        return ("%s: the 3-finger pinch widened the focused window from %d to %d px; up-left moved it to the "
                "scratchpad, up-right showed it again on workspace 1, floating; the tip-tap tiled it again"
                % (sway.name, before, widened))


def sways_top_edge_swipe_kills_the_window(Sway):
    """sway.toml: a finger pulled 45 mm down from the top edge runs `swaymsg kill` (its progress reached 1); one pulled
    only 20 mm runs nothing (the command checks the progress)."""
    with Sway() as sway:
        sway.open_window("stays")
        sway.open_window("goes")
        sway.play("edge-swipe", "--edge", "top", "--distance", "20")
        after_short = sorted(w["name"] for w in sway.windows_in_tree())
        sway.play("edge-swipe", "--edge", "top", "--distance", "45")
        wait_for(lambda: sorted(w["name"] for w in sway.windows_in_tree()) == ["stays"], FOOT_CLOSES,
                 "%s: the focused window killed" % sway.name)
        if after_short != ["goes", "stays"]:
            raise Failure("%s: after a 20 mm edge swipe the windows were %s" % (sway.name, after_short))
        return ("%s: a 20 mm pull from the top edge left both windows; a 45 mm one killed the focused window, "
                "leaving %s" % (sway.name, ["stays"]))


def labwcs_swipes_change_the_desktop_and_run_the_launcher(Labwc):
    """labwc.toml: three fingers left and right press Ctrl+Alt+Right and Left (wtype), labwc's GoToDesktop: the window
    on desktop 1 loses the focus on desktop 2 and has it again back on 1; three fingers up press Alt+F2, which runs
    the launcher."""
    with Labwc() as labwc:
        labwc.open_window("one")
        wait_for(lambda: labwc.has("one", "active"), 5, "%s: the window focused" % labwc.name)
        labwc.play("swipe", "--fingers", "3", "--direction", "left")
        away = labwc.has("one", "active")
        labwc.play("swipe", "--fingers", "3", "--direction", "right")
        back = labwc.has("one", "active")
        labwc.play("swipe", "--fingers", "3", "--direction", "up")
        launched = wait_for(lambda: os.path.exists(labwc.launched), 5, "%s: the launcher run" % labwc.name)
        if away or not back or not launched:
            raise Failure("%s: the window focused on desktop 2: %s, back on 1: %s" % (labwc.name, away, back))
        return ("%s: the 3-finger swipe left went to desktop 2 (the window of desktop 1 lost the focus, as wlrctl "
                "found it), the swipe right came back (focused again); the swipe up ran the launcher" % labwc.name)


def labwcs_down_swipe_minimizes_and_its_tap_toggles_fullscreen(Labwc):
    """labwc.toml: three fingers down press Super+H (Iconify: the window minimized); a three-finger tap presses Super+F
    (ToggleFullscreen), twice back."""
    with Labwc() as labwc:
        labwc.open_window("one")

        def becomes(*states):
            """Whether the window comes to have the states within 5 s (labwc tells its clients after the key)."""
            try:
                return bool(wait_for(lambda: labwc.has("one", *states), 5, "one %s" % " ".join(states)))
            except Failure:
                return False
        labwc.play("tap", "--fingers", "3")
        fullscreen = becomes("fullscreen")
        labwc.play("tap", "--fingers", "3")
        windowed = fullscreen and becomes("unfullscreen")
        labwc.play("swipe", "--fingers", "3", "--direction", "down")
        minimized = becomes("minimized")
        if not (fullscreen and windowed and minimized):
            raise Failure("%s: fullscreen after a tap %s, not after another %s; minimized after a swipe down %s"
                          % (labwc.name, fullscreen, windowed, minimized))
        return ("%s: the 3-finger tap made the window fullscreen and the next one windowed again; the 3-finger swipe "
                "down minimized it (wlrctl toplevel find state:...)" % labwc.name)


def labwcs_top_edge_swipe_closes_the_window(Labwc):
    """labwc.toml: a finger pulled 45 mm down from the top edge presses Alt+F4: the window closes; 20 mm presses
    nothing."""
    with Labwc() as labwc:
        labwc.open_window("one")
        labwc.play("edge-swipe", "--edge", "top", "--distance", "20")
        after_short = labwc.has("one")
        labwc.play("edge-swipe", "--edge", "top", "--distance", "45")
        wait_for(lambda: not labwc.has("one"), FOOT_CLOSES, "%s: the window closed" % labwc.name)
        if not after_short:
            raise Failure("%s: a 20 mm edge swipe closed the window" % labwc.name)
        return "%s: a 20 mm pull from the top edge left the window; a 45 mm one closed it (Alt+F4)" % labwc.name
