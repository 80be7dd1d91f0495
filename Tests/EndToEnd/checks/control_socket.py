# SPDX-License-Identifier: MIT
"""The control socket's own misuse and load: clients that hang up, a NUL byte, too many connections, no descriptors
left, bursts of events, and large traces while commands wait."""
import os
import resource
import socket
import time

from checks.common import cpu_seconds
from desktop import Failure


def control_clients_that_hang_up_do_no_harm(Desktop):
    """The control socket's own misuse: a client that asks for answers and hangs up before reading them (SIGPIPE
    must not kill the compositor), and a command sent just before hanging up (it still runs)."""
    with Desktop() as desktop:
        for _ in range(20):
            rude = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            rude.connect(desktop.control_path)
            rude.sendall(b"windows\n" * 500)
            rude.close()
        alive = desktop.alive() and desktop.windows() == []
        last = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        last.connect(desktop.control_path)
        last.sendall(b"quit\n")
        last.close()
        desktop.process.wait(timeout=10)
        if not alive or desktop.process.returncode != 0:
            raise Failure("after 20 clients that hung up: alive %s; quit and hang up: exit %s"
                          % (alive, desktop.process.returncode))
        return ("20 control clients sent 500 commands each and hung up unread: tactus-wlr kept serving; a quit sent "
                "just before hanging up stopped it (exit 0)")


def a_command_with_a_nul_byte_is_refused_and_the_next_one_runs(Desktop):
    """A control line with a NUL byte in it is answered with an error, and the commands after it still run."""
    with Desktop() as desktop:
        connection = desktop.connect()
        connection.sendall(b"windows\x00quit\nwindows\n")
        answers = [connection.readline().rstrip("\n") for _ in range(2)]
        if answers != ["error: a command must not contain a NUL byte", "ok"] or not desktop.alive():
            raise Failure("a line with a NUL byte, then windows: answered %s" % answers)
        return "a control line with a NUL byte was refused ('%s'); the windows after it answered ok" % answers[0]


def control_connections_beyond_32_are_refused(Desktop):
    """40 control connections besides the desktop's: 31 are served and 9 refused, so that connections cannot use up
    the descriptors, and a Wayland client still connects."""
    with Desktop() as desktop:
        connections = [desktop.connect() for _ in range(40)]
        for connection in connections:
            connection.sendall(b"windows\n")
        answers = [connection.readline().rstrip("\n") for connection in connections]
        window = desktop.open_client()
        served, refused = answers.count("ok"), answers.count("error: too many control connections")
        for connection in connections:
            connection.close()
        if (served, refused) != (31, 9) or not window.alive():
            raise Failure("40 control connections: answers %s; the client %s" % (answers, window.error()))
        return ("40 control connections besides the desktop's: 31 served, 9 refused ('too many control connections');"
                " a Wayland client connected meanwhile")


def running_out_of_descriptors_neither_spins_nor_stops_the_compositor(Desktop):
    """The compositor's descriptor limit lowered to 10 above what it uses, then 12 control connections: those beyond
    the limit are refused, the compositor does not spin on its listening socket (under 0.3 s of CPU in a second),
    and once the limit is back, commands and Wayland clients work."""
    with Desktop() as desktop:
        pid = desktop.process.pid
        limits = resource.prlimit(pid, resource.RLIMIT_NOFILE)
        resource.prlimit(pid, resource.RLIMIT_NOFILE, (len(os.listdir("/proc/%d/fd" % pid)) + 10, limits[1]))
        connections = [desktop.connect() for _ in range(12)]
        for connection in connections:
            connection.sendall(b"windows\n")
        answers = [connection.readline().rstrip("\n") for connection in connections]
        before = cpu_seconds(pid)
        time.sleep(1)
        busy = cpu_seconds(pid) - before
        for connection in connections:
            connection.close()
        resource.prlimit(pid, resource.RLIMIT_NOFILE, limits)
        window = desktop.open_client()
        refused = answers.count("error: tactus-wlr has run out of file descriptors")
        if not answers.count("ok") or not refused or busy > 0.3 or desktop.windows()[0]["title"] != "tactus-demo-client":
            raise Failure("out of descriptors: answers %s, %.2f s of CPU in a second" % (answers, busy))
        return ("with its descriptors used up, tactus-wlr served %d control connections and refused %d, used %.2f s "
                "of CPU in a second, and took a Wayland client once they were back" % (answers.count("ok"), refused, busy))


def a_burst_of_events_at_once_leaves_the_compositor_serving(Desktop):
    """A trace of 100 000 events all due at once plays a few dozen of them per turn of the event loop: while it
    plays, commands on another connection are answered within 0.25 s each (playing them all in one turn kept the
    compositor from everything else until the last), and the replay still ends with done."""
    with Desktop() as desktop:
        burst = os.path.join(desktop.runtime, "burst.jsonl")
        with open(burst, "w") as file:
            file.write('{"tactus_trace":1,"devices":[]}\n' + '{"t":0,"type":"frame","device":1}\n' * 100000)
        desktop.send("replay " + burst)
        desktop.command("windows")  # answered while the trace is still read; it plays in the second below
        other, slowest, started = desktop.connect(timeout=30), 0, time.monotonic()
        while time.monotonic() - started < 1:
            asked = time.monotonic()
            other.sendall(b"windows\n")
            answer = other.readline().rstrip("\n")
            slowest = max(slowest, time.monotonic() - asked)
            if answer != "ok":
                raise Failure("during a burst of 100 000 events: windows answered %r" % answer)
            time.sleep(0.01)
        desktop.answer("replay")
        if slowest > 0.25:
            raise Failure("during a burst of 100 000 events, windows took up to %.2f s to be answered" % slowest)
        return ("while a burst of 100 000 events due at once played, another connection's commands were answered "
                "within %.3f s; the replay then ended with done" % slowest)


def the_control_keeps_answering_while_a_large_trace_is_read_and_played(Desktop):
    """A replay of 100 000 events (ten fingers sweeping over a window for a second, 7 MB): while the trace is read and
    while it plays, windows asked on another connection every 10 ms is answered within 50 ms at least 99 times in 100
    and within 250 ms every time (the trace read whole in one turn of the event loop kept every command waiting half a
    second; a loaded machine may hold one answer a few ms past 50 ms), and the replay ends with done. A
    trace whose header is one line of 1 MiB, which json-c would read in one go, is refused at that line."""
    with Desktop() as desktop:
        window = desktop.open_client("--gesture", "drag=drag:fingers=10", "--gesture", "pinch=pinch")
        path = os.path.join(desktop.runtime, "circles.jsonl")
        with open(path, "w") as file:
            file.write('{"tactus_trace":1,"devices":[{"id":1,"kind":"touchscreen","size_mm":[254,143],'
                       '"output":[0,0,1280,720],"slots":10}]}\n')
            for finger in range(10):
                file.write('{"t":100000,"type":"down","device":1,"id":%d,"x":%.2f,"y":0.5}\n' % (finger, 0.3 + 0.02 * finger))
            for frame in range(9091):  # 11 events a frame, 100 000 events a second
                t, away = 100000 + frame * 110, 0.2 * abs(frame % 1000 / 500 - 1)  # there and back every 0.11 s
                for finger in range(10):
                    file.write('{"t":%d,"type":"motion","device":1,"id":%d,"x":%.6f,"y":%.6f}\n'
                               % (t, finger, 0.1 + 0.02 * finger + away, 0.3 + away))
                file.write('{"t":%d,"type":"frame","device":1}\n' % t)
            for finger in range(10):
                file.write('{"t":1200000,"type":"up","device":1,"id":%d}\n' % finger)
            file.write('{"t":1200000,"type":"frame","device":1}\n')
        size = os.path.getsize(path)
        other = desktop.connect(timeout=30)

        def replay_answered():
            """Whether the replay's answer (or the end of the connection) has come, without waiting for it."""
            try:
                desktop._control.recv(1, socket.MSG_PEEK)
                return True
            except BlockingIOError:
                return False

        desktop.send("replay " + path)
        desktop._control.settimeout(0)  # answer() sets it again
        started, reading, playing = time.monotonic(), [], []
        while not replay_answered() and time.monotonic() - started < 120:
            asked = time.monotonic()
            other.sendall(b"windows\n")
            while other.readline().rstrip("\n") not in ("ok", ""):
                pass
            (playing if window.events()[1:] else reading).append(time.monotonic() - asked)
            time.sleep(0.01)
        took = time.monotonic() - started
        desktop.answer("replay", timeout=1)
        answers = sorted(reading + playing)
        typical = answers[len(answers) * 99 // 100] if answers else 0
        if not reading or not playing or typical > 0.05 or answers[-1] > 0.25:
            raise Failure("during a replay of 100 000 events: windows answered within %.3f s while it was read (%d "
                          "times), %.3f s while it played (%d times), 99 in 100 within %.3f s"
                          % (max(reading, default=0), len(reading), max(playing, default=0), len(playing), typical))
        wide = os.path.join(desktop.runtime, "wide.jsonl")
        with open(wide, "w") as file:
            file.write('{"tactus_trace":1,"devices":[%s]}\n' % ",".join(['{"id":1,"kind":"touchpad"}'] * 40000))
        other.sendall(("replay %s\n" % wide).encode())
        refused = other.readline().rstrip("\n")
        if refused != "error: %s:1: longer than 64 KiB" % wide:
            raise Failure("a trace with a line of 1 MiB: replay answered %r" % refused)
        return ("a replay of 100 000 events (%.1f MB) read and played in %.1f s: windows on another connection was "
                "answered within %.1f ms while the trace was read (until the window's drag began, %d answers) and "
                "%.1f ms while it played (%d answers), 99 in 100 within %.1f ms, and the replay ended with done; a "
                "trace with a line of 1 MiB was refused: %s"
                % (size / 1e6, took, max(reading) * 1000, len(reading), max(playing) * 1000, len(playing),
                   typical * 1000, refused.replace(desktop.runtime + "/", "")))
