"""The worker processes of ``simulate(jobs=N)``: blocks handed out as workers free
up, results given back in block order, and no failure left unseen.

Each worker has a pipe of its own, through which it is given a block and gives
back what the block came to, so the parent always knows which block each worker
is playing; it waits on the pipes and on the workers' sentinels together, so a
worker that dies (killed by the system for want of memory, by ``SIGKILL`` or
``SIGTERM``, or by a bot that ends its process) is known at once and stops the
run with :class:`~ambigu_rules.errors.WorkerDiedError` naming the block. (A
``multiprocessing.Pool`` replaces a dead worker and waits for ever for the
result it lost.)

The blocks are taken from their iterator only as workers are given them, never
more than :data:`WINDOW` ahead of the block the caller waits for, so a run of a
billion blocks costs no more memory than a run of ten.

A worker leaves Ctrl-C (``SIGINT``) and ``SIGHUP`` to the parent, which stops
every worker when the run ends for whatever reason; a worker whose parent has
gone (its pipe closed) ends quietly, without a traceback.

>>> def double(shared: int, block: int, deals: int) -> int:
...     return shared * block
>>> list(in_worker_processes(double, 2, iter([(0, 1), (1, 1), (2, 1)]), workers=2))
[0, 2, 4]
"""

from __future__ import annotations

import multiprocessing
import signal
from collections import deque
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any, Generic, TypeVar

from ..errors import Interrupted, WorkerDiedError

Shared = TypeVar("Shared")
Result = TypeVar("Result")

#: A block's task: its number and its deals.
Task = tuple[int, int]

#: At most this many blocks are handed out ahead of the one the caller waits for
#: (their results wait in memory until their turn).
WINDOW = 256
#: Blocks given to a worker at a time: the next one waits in its pipe while it
#: plays one, so that it never idles while the parent reads its last result.
QUEUED = 2
#: Seconds a stopped worker is given to end before it is killed.
STOP_WAIT = 5.0

#: The signals that end a run: held while workers are started and stopped, left
#: by the workers to the parent (but ``SIGTERM``, which stops a worker).
RUN_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                    if hasattr(signal, name))


@contextmanager
def signals_held() -> Iterator[None]:
    """Hold back the signals that end a run (:data:`RUN_SIGNALS`) for the time of
    the block, where the system allows it; each is raised as soon as it ends.

    A Ctrl-C while workers are being started would leave one started and not yet
    known, so not stopped; one while they are being stopped, a worker running on.
    """
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, RUN_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


#: The signals besides Ctrl-C that end a run as Ctrl-C does (:func:`signals_interrupt`).
ENDING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP")
                       if hasattr(signal, name))


@contextmanager
def signals_interrupt() -> Iterator[None]:
    """Within the block, ``SIGTERM`` and ``SIGHUP`` (a ``kill``, ``timeout``, a closed
    terminal) raise :class:`~ambigu_rules.errors.Interrupted`, which ends a run as
    Ctrl-C's ``KeyboardInterrupt`` does: the workers stopped, the temporary file
    of the deals removed. The command line's ``simulate`` runs in it; where
    signals cannot be handled (outside the main thread) nothing changes.

    The first such signal is raised; those that follow, while the run is being
    put away, are ignored. The handlers before are put back at the end.
    """
    def interrupt(number: int, frame: object) -> None:
        for ending in ENDING_SIGNALS:
            signal.signal(ending, signal.SIG_IGN)
        raise Interrupted(number)

    before: dict[int, Any] = {}
    try:
        for ending in ENDING_SIGNALS:
            before[ending] = signal.signal(ending, interrupt)
    except ValueError:  # not the main thread
        pass
    try:
        yield
    finally:
        for ending, handler in before.items():
            signal.signal(ending, handler)


def how_it_ended(exitcode: int | None) -> str:
    """A worker's end as a message says it.

    >>> how_it_ended(-9), how_it_ended(3), how_it_ended(None)
    ('signal 9, SIGKILL', 'exit status 3', 'cause unknown')
    """
    if exitcode is None:
        return "cause unknown"
    if exitcode < 0:
        try:
            return f"signal {-exitcode}, {signal.Signals(-exitcode).name}"
        except ValueError:
            return f"signal {-exitcode}"
    return f"exit status {exitcode}"


def serve(play: Callable[[Shared, int, int], Result], shared: Shared, pipe: Connection,
          inherited: list[Connection]) -> None:
    """A worker: play each block the pipe brings, and send back ``(True, result)``,
    or ``(False, error)`` for an error the block raised; end at ``None`` or when
    the parent has gone."""
    for other in inherited:  # the parent's ends of the other workers' pipes (fork)
        other.close()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):  # held by the parent as it forked
        signal.pthread_sigmask(signal.SIG_UNBLOCK, RUN_SIGNALS)
    while True:
        try:
            task = pipe.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        outcome: tuple[bool, Any]
        try:
            outcome = (True, play(shared, *task))
        except Exception as error:  # given to the parent, which raises it in its turn
            outcome = (False, error)
        try:
            try:
                pipe.send(outcome)
            except OSError:
                raise
            except Exception as unpicklable:  # an error that does not pickle
                pipe.send((False, RuntimeError(
                    f"block {task[0]}: {type(outcome[1]).__name__}: {outcome[1]} "
                    f"(and it could not be sent: {unpicklable})")))
        except OSError:  # the parent has gone
            return


class Worker(Generic[Shared, Result]):
    """A worker process, the parent's end of its pipe, and the blocks it was given."""

    def __init__(self, context: Any, number: int, play: Callable[[Shared, int, int], Result],
                 shared: Shared, others: list[Connection]) -> None:
        ours, theirs = context.Pipe(duplex=True)
        inherited = others if context.get_start_method() == "fork" else []
        self.process: BaseProcess = context.Process(
            target=serve, args=(play, shared, theirs, inherited), daemon=True,
            name=f"ambigu-simulate-{number}")
        self.process.start()
        theirs.close()  # only the worker holds its end: its death closes the pipe
        self.pipe: Connection = ours
        self.blocks: deque[int] = deque()

    def died(self) -> WorkerDiedError:
        """The error that says this worker died, and during which block."""
        self.process.join(STOP_WAIT)
        when = f"during block {self.blocks[0]}" if self.blocks else "between two blocks"
        return WorkerDiedError(f"a simulation worker died ({how_it_ended(self.process.exitcode)}) "
                               f"{when}: no report written")

    def stop(self) -> None:
        """End the worker (``SIGTERM``, then ``SIGKILL`` if it lingers) and close its pipe."""
        process = self.process
        if process.is_alive():
            process.terminate()
            process.join(STOP_WAIT)
            if process.is_alive():
                process.kill()
                process.join()
        self.pipe.close()


def in_worker_processes(play: Callable[[Shared, int, int], Result], shared: Shared,
                        tasks: Iterator[Task], workers: int) -> Generator[Result, None, None]:
    """``play(shared, block, deals)`` for each task, in ``workers`` processes, the
    results in the order of the tasks (their blocks in increasing order).

    An error a block raises is raised when its turn comes, after the results of
    the blocks before it; a worker that dies raises
    :class:`~ambigu_rules.errors.WorkerDiedError` at once. However the generator
    ends (its tasks done, an error, Ctrl-C, the caller closing it), every worker
    is stopped before it returns.

    With the ``fork`` start method (where the system has it) ``play`` and
    ``shared`` reach the workers as they are; else they must pickle.
    """
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    crew: list[Worker[Shared, Result]] = []
    try:
        with signals_held():
            for number in range(workers):
                crew.append(Worker(context, number + 1, play, shared,
                                   [worker.pipe for worker in crew]))
        yield from _in_order(crew, tasks)
    finally:
        with signals_held():
            for worker in crew:
                worker.stop()


def _in_order(crew: list[Worker[Shared, Result]],
              tasks: Iterator[Task]) -> Generator[Result, None, None]:
    """The results of ``tasks`` played by ``crew``, in order (see :func:`in_worker_processes`)."""
    order: deque[int] = deque()  # the blocks handed out, in order
    done: dict[int, tuple[bool, Any]] = {}
    failed = False  # a block raised an error: no more blocks are handed out

    def hand_out(worker: Worker[Shared, Result]) -> None:
        while not failed and len(worker.blocks) < QUEUED and len(order) < WINDOW:
            task = next(tasks, None)
            if task is None:
                return
            worker.blocks.append(task[0])
            order.append(task[0])
            try:
                worker.pipe.send(task)
            except OSError:  # it has died since it last answered
                raise worker.died() from None

    for worker in crew:
        hand_out(worker)
    sentinels: dict[object, Worker[Shared, Result]] = {
        worker.process.sentinel: worker for worker in crew}
    pipes: dict[object, Worker[Shared, Result]] = {worker.pipe: worker for worker in crew}
    while order:
        if order[0] in done:
            ok, value = done.pop(order.popleft())
            if not ok:
                raise value
            yield value
            for worker in crew:
                hand_out(worker)
            continue
        for ready in wait([worker.pipe for worker in crew]
                          + [worker.process.sentinel for worker in crew]):
            if ready in sentinels:  # the process has ended
                raise sentinels[ready].died()
            worker = pipes[ready]
            try:
                outcome = worker.pipe.recv()
            except (EOFError, OSError):
                raise worker.died() from None
            done[worker.blocks.popleft()] = outcome
            failed = failed or not outcome[0]
            hand_out(worker)
