"""What every module of the driver shares: the error type and running commands."""
import os
import shlex
import signal
import subprocess
import sys


class DriverError(Exception):
    """A user-facing error: printed as '<prog>: error: <message>', exit status 1."""


class Runner:
    """Runs commands; -v prints them first, -### only prints them."""

    def __init__(self, verbose=False, dry_run=False):
        self.verbose = verbose
        self.dry_run = dry_run

    def show(self, cmd, env=None):
        if self.verbose or self.dry_run:
            prefix = "".join(f"{k}={shlex.quote(v)} " for k, v in (env or {}).items())
            print(prefix + " ".join(shlex.quote(str(c)) for c in cmd), file=sys.stderr, flush=True)

    def run(self, cmd, env_update=None, stdout=None):
        """Runs cmd (its stderr goes to ours); returns its exit status."""
        self.show(cmd, env_update)
        if self.dry_run:
            return 0
        env = dict(os.environ, **env_update) if env_update else None
        try:
            return communicate(cmd, env=env, stdout=stdout)[0]
        except FileNotFoundError:
            raise DriverError(f"cannot run '{cmd[0]}': not found")
        except PermissionError:
            raise DriverError(f"cannot run '{cmd[0]}': permission denied")

    def output(self, cmd):
        """Runs cmd quietly and returns (status, stdout + stderr); (-1, '') if it cannot run."""
        try:
            return communicate(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               errors="replace")
        except OSError:
            return -1, ""


def communicate(cmd, **popen_args):
    """Runs `cmd` in a process group of its own and returns (exit status, its output). When the
    driver is interrupted meanwhile (a signal raises KeyboardInterrupt), the tool and everything
    it started (cc1plus, as, ptxas, ...) are ended with it (stop())."""
    proc = subprocess.Popen(cmd, preexec_fn=os.setpgrp, **popen_args)
    try:
        out, _ = proc.communicate()
        return proc.returncode, out
    except BaseException:
        stop(proc)
        raise


def stop(proc, grace=10):
    """Ends `proc` and its process group: SIGTERM (compilers remove their temporary files on it),
    then SIGKILL after `grace` seconds."""
    for sig, wait in ((signal.SIGTERM, grace), (signal.SIGKILL, None)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            pass
        try:
            proc.wait(timeout=wait)
            break
        except subprocess.TimeoutExpired:
            continue
    # The tool may be gone while its group still holds processes (e.g. a compiler's children).
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
