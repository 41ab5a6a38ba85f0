"""`ambigu simulate --jobs N` stopped from outside: a worker process that dies, a
signal to the command, a run of a billion blocks (issue 42, items 1 to 3).

A dead worker is one line within seconds (a `multiprocessing.Pool` waited for
ever); SIGTERM and SIGHUP clean up as Ctrl-C does (the workers printed
BrokenPipeError tracebacks and the `.part` file stayed); and the blocks of a run
are planned as they are handed out (a billion blocks of one deal were listed
before the first was played: MemoryError). Each test runs the command in a
session of its own and kills the whole session if it hangs, so a hang fails.
"""

from __future__ import annotations

import os
import re
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from types import FrameType

import pytest

from ambigu_rules import RandomBot, SeatView, simulate
from ambigu_rules.engine.actions import Action
from ambigu_rules.errors import WorkerDiedError
from ambigu_rules.play.simulate import available_cores

from conftest import cli_command, cli_environment

#: Seconds after which a run that has not ended counts as hung.
HANG = 30.0
OLD = "the deals of an earlier run\n"
DIED = re.compile(r"ambigu: error: a simulation worker died \(signal 9, SIGKILL\) during "
                  r"block \d+: no report written\n")


class KillsItsWorker(RandomBot):
    """A random bot that, in one worker process only (the first to claim ``mark``),
    kills its own process with SIGKILL at its ``at``-th decision there: what the
    kernel does to a process that runs out of memory."""

    decisions = 0  # in this process

    def __init__(self, seed: int | None = None, *, mark: str = "", spare: int = 0,
                 at: int = 30) -> None:
        super().__init__(seed)
        self.mark, self.spare, self.at = mark, spare, at

    def choose(self, view: SeatView) -> Action:
        KillsItsWorker.decisions += 1
        if os.getpid() != self.spare and KillsItsWorker.decisions >= self.at:
            try:
                os.close(os.open(self.mark, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            except FileExistsError:
                pass  # another worker died already
            else:
                os.kill(os.getpid(), signal.SIGKILL)
        return super().choose(view)


class Hung(BaseException):
    """Raised in the test by :func:`hang_guard` (no ``except Exception`` catches it)."""


@contextmanager
def hang_guard(seconds: float) -> Iterator[None]:
    """Raise :class:`Hung` in the block after ``seconds``."""
    def expire(number: int, frame: FrameType | None) -> None:
        raise Hung(f"still running after {seconds} s")

    before = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


def start(arguments: list[str], folder: Path,
          setup: Callable[[], None] | None = None) -> subprocess.Popen[str]:
    """The command started in a session of its own (so that its workers can be found)."""
    return subprocess.Popen(arguments, cwd=folder, env=cli_environment(), text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True, preexec_fn=setup)


def finish(process: subprocess.Popen[str], seconds: float = HANG) -> tuple[int, str, str]:
    """The exit status, stdout and stderr of ``process``; a run still going after
    ``seconds`` is killed with its whole session and fails the test."""
    try:
        out, err = process.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        pytest.fail(f"still running after {seconds} s; stderr:\n{err[-2000:]}")
    return process.returncode, out, err


def nothing_left_of(session: int) -> bool:
    """Whether every process of the session has ended (its workers too)."""
    for _ in range(50):
        try:
            os.killpg(session, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    return False


def wait_for_deals(process: subprocess.Popen[str], folder: Path) -> None:
    """Wait until the run has written deals to its temporary file (so it is under
    way, its workers playing); fail if it ends first or takes over a minute."""
    for _ in range(600):
        if any(part.stat().st_size > 0 for part in folder.glob(".*.part")):
            return
        if process.poll() is not None:
            status, _, err = finish(process)
            pytest.fail(f"ended ({status}) before any deal was written: {err[-2000:]}")
        time.sleep(0.1)
    os.killpg(process.pid, signal.SIGKILL)
    pytest.fail("no deal written within a minute")


# -- item 1: a worker that dies --------------------------------------------------

two_cores = pytest.mark.skipif(available_cores() < 2, reason="worker processes need two cores")


@two_cores

def test_a_worker_killed_mid_run_is_one_error_from_python(tmp_path: Path) -> None:
    killer = partial(KillsItsWorker, mark=str(tmp_path / "killed"), spare=os.getpid())
    deals = tmp_path / "deals.jsonl"
    deals.write_text(OLD, encoding="utf-8")
    with hang_guard(HANG), pytest.raises(WorkerDiedError) as raised:
        simulate("foster", hands=4000, block_size=100, bots=[killer, "random", "random"],
                 players=3, jobs=2, deals_out=deals)
    assert DIED.fullmatch(f"ambigu: error: {raised.value}\n")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["deals.jsonl", "killed"]
    assert deals.read_text(encoding="utf-8") == OLD


KILLING_COMMAND = f"""\
import sys
from functools import partial
sys.path[:0] = [{str(Path(__file__).parent)!r}, {str(Path(__file__).parent.parent)!r}]
from test_simulate_ends_cleanly_however_it_is_stopped import KillsItsWorker
from ambigu_rules.play.bot_names import BOTS
from ambigu_rules.cli import main
BOTS["killer"] = partial(KillsItsWorker, mark="killed", spare=__import__("os").getpid())
sys.exit(main(sys.argv[1:]))
"""


@two_cores
def test_a_worker_killed_mid_run_is_one_line_and_status_2(tmp_path: Path) -> None:
    (tmp_path / "run.py").write_text(KILLING_COMMAND, encoding="utf-8")
    (tmp_path / "deals.jsonl").write_text(OLD, encoding="utf-8")
    process = start([sys.executable, "run.py", "simulate", "foster", "--hands", "20000",
                     "--block-size", "100", "--jobs", "2", "--bots", "killer",
                     "--deals-out", "deals.jsonl"], tmp_path)
    status, out, err = finish(process)
    assert (status, out) == (2, "")
    assert DIED.fullmatch(err), err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["deals.jsonl", "killed",
                                                                "run.py"]
    assert (tmp_path / "deals.jsonl").read_text(encoding="utf-8") == OLD
    assert nothing_left_of(process.pid)


# -- item 3: signals end a run as Ctrl-C does -----------------------------------------


@pytest.mark.parametrize(("ending", "said", "expected"), [
    (signal.SIGTERM, "ambigu: interrupted by SIGTERM\n", 128 + signal.SIGTERM),
    (signal.SIGHUP, "ambigu: interrupted by SIGHUP\n", 128 + signal.SIGHUP),
    (signal.SIGINT, "ambigu: interrupted\n", 128 + signal.SIGINT),
], ids=["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_signal_ends_the_run_as_ctrl_c_does_leaving_no_part_file(
        tmp_path: Path, ending: signal.Signals, said: str, expected: int) -> None:
    (tmp_path / "deals.jsonl").write_text(OLD, encoding="utf-8")
    process = start([*cli_command(), "simulate", "foster", "--hands", "1000000", "--jobs", "2",
                     "--deals-out", "deals.jsonl"], tmp_path)
    wait_for_deals(process, tmp_path)
    process.send_signal(ending)
    status, out, err = finish(process)
    assert (status, out, err) == (expected, "", said)
    assert [path.name for path in tmp_path.iterdir()] == ["deals.jsonl"]
    assert (tmp_path / "deals.jsonl").read_text(encoding="utf-8") == OLD
    assert nothing_left_of(process.pid)


# -- item 2: a billion blocks --------------------------------------------------------

#: The address space the command is given (the listing of a billion blocks took 3.8 GB).
MEMORY_CAP = 1536 << 20


def capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_billion_blocks_of_one_deal_start_at_once_in_little_memory(
        tmp_path: Path, jobs: str) -> None:
    process = start([*cli_command(), "simulate", "foster", "--hands", "1000000000",
                     "--block-size", "1", "--jobs", jobs, "--deals-out", "deals.jsonl"],
                    tmp_path, capped)
    wait_for_deals(process, tmp_path)
    process.send_signal(signal.SIGINT)
    status, out, err = finish(process)
    assert (status, out, err) == (130, "", "ambigu: interrupted\n")
    assert list(tmp_path.iterdir()) == []
