"""Starting a test's server process and waiting for the line that says it is ready — the one
copy the browser tests (Tests/Browser) and the notification API's tests (Tests/NotifyAPI) share
(issue 19: test support exists once).

A server started with `--port 0` binds a free port itself and then writes a line naming it
("Simulator on http://127.0.0.1:PORT/ …", "listening on PORT"), so waiting for that line is never
a race. The folders import this module after putting this folder on `sys.path`
(Tests/Browser/conftest.py, Tests/NotifyAPI/demo_server.py)."""
import queue
import re
import subprocess
import tempfile
import threading
import time


class ProcessDidNotStart(RuntimeError):
    """The process ended, or the timeout passed, before it wrote the ready line; `output` is the
    end of its standard error (say, "Address already in use")."""

    def __init__(self, arguments, reason, output):
        super().__init__(f"{' '.join(str(a) for a in arguments)} {reason}: {output}")
        self.output = output


def start(arguments, ready, timeout, stderr=None):
    """Starts `arguments` and returns `(process, match)` as soon as a line of its standard output
    matches the regular expression `ready` (`re.search`). The output is read on after that, so
    the process never blocks on a full pipe. `stderr` is an open binary file the process writes
    its standard error to (a log the test keeps); without one, the end of it goes into the
    `ProcessDidNotStart` raised when the process ends or `timeout` seconds pass first (the
    process is stopped then)."""
    pattern = re.compile(ready)
    errors = stderr if stderr is not None else tempfile.TemporaryFile(mode="w+b")
    try:
        process = subprocess.Popen([str(argument) for argument in arguments], stdout=subprocess.PIPE, stderr=errors,
                                   text=True)
        lines = queue.Queue()

        def read():
            for line in process.stdout:
                lines.put(line)
            lines.put(None)
        threading.Thread(target=read, daemon=True).start()
        deadline = time.monotonic() + timeout
        reason = f"did not write a line matching {ready!r} within {timeout:.0f} s"
        while time.monotonic() < deadline:
            try:
                line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                break
            if line is None:
                reason = "ended before it was ready"
                break
            match = pattern.search(line)
            if match:
                return process, match
        stop(process)
        output = ""
        if stderr is None:
            errors.seek(0)
            output = errors.read()[-2000:].decode("utf-8", errors="replace")
        raise ProcessDidNotStart(arguments, reason, output)
    finally:
        if stderr is None:
            errors.close()


def stop(process):
    """Stops a process: SIGTERM, then SIGKILL after 10 s."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
