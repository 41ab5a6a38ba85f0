"""Run ``make serve`` as a newcomer does, fetch a few pages, stop it, and check
that no tracked file changed.

Usage::

    python tools/check_serve.py [--port 8765] [--timeout 900]

It starts ``make serve`` (the README's first command) on ``127.0.0.1:PORT``
in a process group of its own, waits until the server answers, fetches
``/``, ``/fr/``, ``/versions/1730/`` and ``/play/`` (each must answer 200
with an HTML page of the site), stops the server and everything it started,
then asks git whether any tracked file differs from the commit (``git
status --porcelain --untracked-files=no``). Exit 0 when all holds, 1 with one
line per problem otherwise. CI runs it on its clean clone (``make
check-serve``), after ``make check-site`` has built ``site/`` once.

The server's own output is kept in a temporary file and printed when
something fails, so that the reason is in the CI log.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The pages fetched, and a piece of text each must hold.
PAGES = {
    "/": 'lang="en"',
    "/fr/": 'lang="fr"',
    "/versions/1730/": "1730",
    "/play/": 'lang="en"',
}


def _fetch(url: str) -> tuple[int, str]:
    """The status and text of ``url`` (status 0 when nothing answers)."""
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.read().decode("utf-8", errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, ""
    except (urllib.error.URLError, OSError):
        return 0, ""


def _changed_tracked_files() -> list[str]:
    result = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                            cwd=ROOT, capture_output=True, text=True, check=True)
    return [line for line in result.stdout.splitlines() if line.strip()]


def _stop(server: subprocess.Popen[bytes]) -> None:
    """End the server's whole process group (make, mkdocs and their children)."""
    if server.poll() is not None:
        return
    os.killpg(server.pid, signal.SIGINT)
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def check(port: int, timeout: float) -> list[str]:
    """Serve, fetch, stop; return the problems found (none when all holds)."""
    problems: list[str] = []
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryFile() as log:
        server = subprocess.Popen(["make", "serve", f"PORT={port}"], cwd=ROOT, stdout=log,
                                  stderr=subprocess.STDOUT, start_new_session=True)
        started = time.monotonic()
        try:
            while _fetch(base + "/")[0] != 200:
                if server.poll() is not None:
                    problems.append(f"make serve ended (exit {server.returncode}) before "
                                    "it answered")
                    break
                if time.monotonic() - started > timeout:
                    problems.append(f"make serve did not answer within {timeout:.0f} s")
                    break
                time.sleep(2)
            else:
                print(f"check_serve: answered after {time.monotonic() - started:.0f} s")
                for path, expected in PAGES.items():
                    status, text = _fetch(base + path)
                    if status != 200 or expected not in text:
                        problems.append(f"GET {path}: status {status}, "
                                        f"{'holds' if expected in text else 'lacks'} "
                                        f"{expected!r}")
                    else:
                        print(f"check_serve: GET {path} 200")
        finally:
            _stop(server)
        if problems:
            log.seek(0)
            sys.stdout.write(log.read().decode("utf-8", errors="replace")[-6000:])
    changed = _changed_tracked_files()
    if changed:
        problems.append("make serve changed tracked files: " + ", ".join(changed))
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--timeout", type=float, default=900,
                        help="seconds to wait for the first answer (default 900)")
    args = parser.parse_args(argv)
    problems = check(args.port, args.timeout)
    for problem in problems:
        print(f"check_serve: {problem}", file=sys.stderr)
    if not problems:
        print("check_serve: make serve served every page and changed no tracked file")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
