"""Each task in a process of its own, forked from a worker that runs none of them.

:func:`fresh_processes` is a pool of worker processes started from a server
that has only imported the proofs (``forkserver`` with ``proofs.isolated``
preloaded).  A worker never runs a task itself: for each one it forks a
child (:func:`in_fork`), which computes the task, hands back the pickled
result through a pipe and ends.  So every task starts from the same state
whatever ran before it, in this worker or another, as when each worker ran
one task and was replaced (``max_tasks_per_child=1``), but a fork costs a
few milliseconds where replacing a pool worker cost tens.

>>> from functools import partial
>>> with fresh_processes(2) as pool:
...     list(pool.map(partial(in_fork, abs), [-1, 2, -3]))
[1, 2, 3]
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

__all__ = ["ForkFailed", "fresh_processes", "in_fork"]

T = TypeVar("T")
R = TypeVar("R")


class ForkFailed(RuntimeError):
    """The child computing a task ended without handing back a result."""


def _child(function: Callable[[T], R], item: T, write: int) -> int:
    """In the child: compute, write ``(True, result)`` or ``(False, error)``; the exit status."""
    try:
        payload = pickle.dumps((True, function(item)))
    except BaseException as error:  # handed to the parent, which raises it
        try:
            payload = pickle.dumps((False, error))
        except Exception:  # an exception that cannot be pickled: its words
            payload = pickle.dumps((False, ForkFailed(f"{type(error).__name__}: {error}")))
    with os.fdopen(write, "wb") as out:
        out.write(payload)
    return 0


def in_fork(function: Callable[[T], R], item: T) -> R:
    """``function(item)``, computed in a child forked from this process.

    Nothing of the computation happens here: this process's own state is
    never touched by it.  An exception in the child is raised here; a child
    that ends without a result (killed, or unable to write) raises
    :class:`ForkFailed`.

    >>> in_fork(len, "four")
    4
    >>> in_fork(int, "x")
    Traceback (most recent call last):
    ValueError: invalid literal for int() with base 10: 'x'
    """
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        status = 1
        try:
            os.close(read)
            status = _child(function, item, write)
        finally:
            os._exit(status)
    os.close(write)
    with os.fdopen(read, "rb") as source:
        payload = source.read()
    _, status = os.waitpid(pid, 0)
    if not payload:
        raise ForkFailed(f"the child computing a task ended without a result (status {status})")
    ok, value = pickle.loads(payload)  # our own child wrote it
    if not ok:
        raise value
    result: R = value
    return result


def fresh_processes(workers: int) -> ProcessPoolExecutor:
    """Worker processes, started from a server that has only imported the proofs.

    Give them :func:`in_fork` of the work (``pool.map(partial(in_fork, f), items)``),
    so that each task runs in a fresh fork of a worker that ran none.
    """
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["proofs.isolated"])
    return ProcessPoolExecutor(max_workers=workers, mp_context=context)
