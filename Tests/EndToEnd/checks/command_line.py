# SPDX-License-Identifier: MIT
"""tactus-wlr as a program: SIGTERM, reload and SIGHUP with a bad --config file, --help and --version, a headless run
that logs no error, and docs/integrating.md quoting its code as it is."""
import os
import re
import shutil
import signal
import subprocess
import tempfile

from checks.common import binding
from desktop import COMPOSITOR, ROOT, Failure, wait_for


def sigterm_stops_it_cleanly(Desktop):
    """SIGTERM with a client connected: tactus-wlr takes the plugin and its control socket down and exits 0."""
    with Desktop() as desktop:
        window = desktop.open_client()
        desktop.process.send_signal(signal.SIGTERM)
        desktop.process.wait(timeout=10)
        wait_for(lambda: not window.alive(), 5, "the client sees the compositor go")
        if desktop.process.returncode != 0 or os.path.exists(desktop.control_path) or window.process.returncode != 0:
            raise Failure("SIGTERM: exit %s, control socket left: %s, client exit %s" % (
                desktop.process.returncode, os.path.exists(desktop.control_path), window.process.returncode))
        return "SIGTERM with a client connected: tactus-wlr exited 0 and removed its control socket; the client exited 0"


def reload_keeps_the_configuration_in_force_when_the_file_is_bad(Desktop):
    """The configuration read again, by the control's reload and by SIGHUP: a bad file is reported once each time,
    with its line ("...:3: fingerz: unknown key ...; keeping the configuration in force"), and the bindings in force
    still run; a good file's bindings replace them. The file is given with --config, outside the XDG folders."""
    folder = tempfile.mkdtemp(prefix="tactus-config.")
    try:
        return reload_with_a_given_file(Desktop, os.path.join(folder, "given.toml"))
    finally:
        shutil.rmtree(folder)


def reload_with_a_given_file(Desktop, path):
    with open(path, "w") as file:
        file.write(binding("swipe", "before", fingers=3, direction="left"))
    with Desktop(arguments=("--config", path)) as desktop:
        with open(path, "w") as file:
            file.write('[[binding]]\ngesture = "swipe"\nfingerz = 3\n')
        desktop.send("reload")
        answer = desktop._replies.readline().strip()
        expected = "%s:3: fingerz: unknown key" % path
        if not (answer.startswith("error: tactus: " + expected) and answer.endswith("; keeping the configuration in force")):
            raise Failure("reload of a bad file answered %r" % answer)
        desktop.process.send_signal(signal.SIGHUP)
        wait_for(lambda: desktop.log().count(expected) >= 2, 5, "SIGHUP's reload reported in the log")
        desktop.replay("swipe", "--fingers", "3", "--direction", "left")
        if "before recognized progress 1.00 fingers 3" not in desktop.actions() or desktop.log().count(expected) != 2:
            raise Failure("after two bad reloads: actions %s, %d reports" % (desktop.actions(), desktop.log().count(expected)))
        with open(path, "w") as file:
            file.write(binding("swipe", "after", fingers=3, direction="left"))
        desktop.command("reload")
        desktop.replay("swipe", "--fingers", "3", "--direction", "left")
        if desktop.actions().count("after recognized progress 1.00 fingers 3") != 1:
            raise Failure("after a good reload: actions %s" % desktop.actions())
        return "reload and SIGHUP with a bad --config file: each reported once (%r), the binding in force still ran; " \
            "a good file's binding then replaced it" % answer[len("error: "):][:90]


def help_and_version_answer_and_bad_arguments_exit_64(Desktop):
    """tactus-wlr --help and --version print and exit 0; an unknown option or a stray argument exits 64 with the usage."""
    runs = {arguments: subprocess.run([COMPOSITOR, *arguments], capture_output=True, text=True, timeout=10)
            for arguments in [("--help",), ("--version",), ("--bogus",), ("stray",)]}
    helped, version, bogus, stray = runs.values()
    if helped.returncode != 0 or "--config FILE" not in helped.stdout or not re.fullmatch(r"tactus-wlr \d+\.\d+\.\d+\n", version.stdout) \
            or version.returncode != 0 or bogus.returncode != 64 or stray.returncode != 64 or "usage:" not in stray.stderr:
        raise Failure("--help %d, --version %d %r, --bogus %d, stray %d %r" % (
            helped.returncode, version.returncode, version.stdout, bogus.returncode, stray.returncode, stray.stderr))
    return "--help (%d lines) and --version (%r) exit 0; --bogus and a stray argument exit 64 with the usage" % (
        len(helped.stdout.splitlines()), version.stdout.strip())


def the_guide_quotes_the_compositor_as_it_is(Desktop):
    """docs/integrating.md says every piece of its code is tactus-wlr's own: each piece of its C blocks is found, whole
    and character for character, in compositor/tactus-glue.c, tactus-glue.h, tactus-wlr.c, tactus-wlr.h or the
    hosts' shared helpers (host/plugin-host.c, .h). (Blocks fenced otherwise, as c wlroots-0.19, are not
    tactus-wlr's.)"""
    sources = ""
    for name in ("tactus-glue.c", "tactus-glue.h", "tactus-wlr.c", "tactus-wlr.h", "host/plugin-host.c",
                 "host/include/plugin-host.h"):
        with open(os.path.join(ROOT, "compositor", name)) as file:
            sources += file.read()
    with open(os.path.join(ROOT, "docs", "integrating.md")) as file:
        blocks = re.findall(r"```c\n(.*?)```", file.read(), re.S)
    # A block may quote several pieces, a blank line apart: each is found whole.
    pieces = [piece.strip("\n") + "\n" for block in blocks for piece in block.split("\n\n") if piece.strip()]
    stale = [piece.splitlines()[0] for piece in pieces if piece not in sources]
    if not pieces or stale:
        raise Failure("docs/integrating.md: %d pieces of C, %d not in the compositor's files, starting: %s"
                      % (len(pieces), len(stale), stale))
    return ("docs/integrating.md: each of the %d pieces of C in its %d blocks is the compositor's code, character "
            "for character" % (len(pieces), len(blocks)))


def a_headless_run_that_works_logs_no_error(Desktop):
    """A headless run with a window and a gesture logs no [ERROR] line: wlroots' DRM probe, which logged one on a
    machine without a render node, is skipped when WLR_RENDERER=pixman asks for the software renderer."""
    config = binding("tap", "tapped")
    with Desktop(config) as desktop:
        window = desktop.open_client("--gesture", "t=tap")
        desktop.replay("tap", "--at", "%g,%g" % window.centre())
        errors = [line for line in desktop.log().splitlines() if "[ERROR]" in line]
        if errors or "tapped recognized progress 1.00 fingers 1" not in desktop.actions():
            raise Failure("a working headless run logged %s; actions %s" % (errors, desktop.actions()))
        return "a headless run with a window and a tap logged no [ERROR] line (%d log lines)" % len(desktop.log().splitlines())
