"""What every module of the driver shares: the error type and running commands."""
import shlex
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
        env = None
        if env_update:
            import os
            env = dict(os.environ, **env_update)
        try:
            return subprocess.run(cmd, env=env, stdout=stdout).returncode
        except FileNotFoundError:
            raise DriverError(f"cannot run '{cmd[0]}': not found")
        except PermissionError:
            raise DriverError(f"cannot run '{cmd[0]}': permission denied")

    def output(self, cmd):
        """Runs cmd quietly and returns (status, stdout + stderr); (-1, '') if it cannot run."""
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               errors="replace")
            return p.returncode, p.stdout
        except OSError:
            return -1, ""
