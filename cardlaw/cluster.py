"""Where a batch of work runs: this machine's processes, or a Dask distributed cluster.

``cardlaw simulate``, ``verify``, ``ask divided-ranks census`` and ``ask
split solve --deals`` cut their work into independent tasks and hand them to
a :class:`Backend`: a pool of local processes (:class:`Pool`, ``--workers``)
or the workers of a Dask distributed scheduler (:class:`DaskBackend`,
``--scheduler ADDRESS`` or the environment variable ``CARDLAW_SCHEDULER``).
Every task's randomness comes from the task itself (a game's seed from its
index), never from where or when it ran, and the results come back in task
order, so the answer is the same on any backend.  A task whose worker dies
is run again by the scheduler on another worker.

``ADDRESS`` is ``tcp://HOST:PORT``, ``tls://HOST:PORT`` (Dask's TLS, set up
in Dask's configuration) or ``local:N``: an in-process ``LocalCluster`` of
``N`` worker processes listening on 127.0.0.1 only.  Dask is imported only
when a scheduler is asked for (the ``cluster`` extra); without it, asking is
one line on stderr and exit 2, as is a scheduler that cannot be reached.

>>> check_address("tcp://10.0.0.5:8786"), check_address("local:2")
('tcp://10.0.0.5:8786', 'local:2')
>>> check_address("10.0.0.5:8786")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: --scheduler must be tcp://HOST:PORT, ... not '10.0.0.5:8786'
>>> Pool(1).map(abs, [-2, 3, -4])
[2, 3, 4]
"""

from __future__ import annotations

import logging
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from multiprocessing import get_all_start_methods, get_context
from multiprocessing.context import BaseContext
from typing import TYPE_CHECKING, Final, Protocol, TypeVar

import click

from cardlaw.spec.errors import MalformedInput

if TYPE_CHECKING:
    from distributed import Client

__all__ = [
    "CONNECT_TIMEOUT",
    "SCHEDULER_ENV",
    "Backend",
    "DaskBackend",
    "Pool",
    "backend",
    "check_address",
    "dask_client",
    "lone_scheduler_option",
    "scheduler_option",
    "start_method",
]

T = TypeVar("T")
R = TypeVar("R")

SCHEDULER_ENV: Final = "CARDLAW_SCHEDULER"
"""The environment variable that gives ``--scheduler`` when the option is not given."""

CONNECT_TIMEOUT: Final = 5
"""Seconds to reach a scheduler before giving up (exit 2)."""

RETRIES: Final = 2
"""How many times a task that raised is run again (a dead worker's tasks are rerun anyway)."""

_SCHEDULER_HELP: Final = (
    "Run on a Dask scheduler: tcp://HOST:PORT, tls://HOST:PORT, or local:N for N local "
    f"worker processes (also ${SCHEDULER_ENV}; needs the cluster extra)."
)

scheduler_option: Final = click.option(
    "--scheduler",
    metavar="ADDRESS",
    envvar=SCHEDULER_ENV,
    show_envvar=False,
    help=f"{_SCHEDULER_HELP} Replaces --workers.",
)
"""``--scheduler`` for a command that also has ``--workers``."""

lone_scheduler_option: Final = click.option(
    "--scheduler", metavar="ADDRESS", envvar=SCHEDULER_ENV, show_envvar=False, help=_SCHEDULER_HELP
)
"""``--scheduler`` for a command that has no ``--workers`` (``ask divided-ranks census``)."""

_REMOTE = re.compile(r"(tcp|tls)://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):([0-9]{1,5})")
_LOCAL = re.compile(r"local:([0-9]{1,4})")


def check_address(address: str) -> str:
    """``address`` when it is a scheduler address cardlaw accepts, else malformed input."""
    text = address.strip()
    local = _LOCAL.fullmatch(text)
    if local is not None:
        if int(local[1]) < 1:
            raise MalformedInput(f"--scheduler local:N needs at least one worker, not {text!r}")
        return text
    remote = _REMOTE.fullmatch(text)
    if remote is None or not 0 < int(remote[3]) < 65536:
        raise MalformedInput(
            f"--scheduler must be tcp://HOST:PORT, tls://HOST:PORT or local:N, not {address!r}"
        )
    return text


class Backend(Protocol):
    """Something that runs independent tasks and returns their results in order."""

    @property
    def slots(self) -> int:
        """How many tasks it runs at once (to size the tasks)."""
        ...

    def map(
        self,
        function: Callable[[T], R],
        items: Sequence[T],
        done: Callable[[R], None] | None = None,
    ) -> list[R]:
        """``function`` of every item, in the items' order; ``done`` told as each one ends."""
        ...


def start_method() -> BaseContext:
    """How local worker processes start: forked on Linux, spawned elsewhere.

    A forked worker starts with everything this process has loaded, the
    games, the bots and the evaluation table among them, so it starts at
    once and plays from its first game.  Where forking is unsafe (macOS) or
    missing (Windows), a spawned worker imports what it needs again and
    loads the table from the disk cache (:mod:`engine.cache`).  Either way
    each task's randomness comes from the task alone, so the results are the same.
    """
    if sys.platform == "linux" and "fork" in get_all_start_methods():
        return get_context("fork")
    return get_context("spawn")


class Pool:
    """``workers`` local processes (one: this process, no pool)."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)

    @property
    def slots(self) -> int:
        """The number of worker processes."""
        return self.workers

    def map(
        self,
        function: Callable[[T], R],
        items: Sequence[T],
        done: Callable[[R], None] | None = None,
    ) -> list[R]:
        """Run the tasks here (one worker) or in a pool of processes; results in order."""
        if self.workers == 1 or len(items) <= 1:
            results = []
            for item in items:
                results.append(function(item))
                if done is not None:
                    done(results[-1])
            return results
        with ProcessPoolExecutor(self.workers, mp_context=start_method()) as pool:
            futures = [pool.submit(function, item) for item in items]
            for future in as_completed(futures):
                if done is not None:
                    done(future.result())
            return [future.result() for future in futures]


class DaskBackend:
    """The workers of a Dask distributed scheduler, reached through ``client``."""

    def __init__(self, client: Client, address: str) -> None:
        self.client = client
        self.address = address

    @property
    def slots(self) -> int:
        """The threads of every worker the scheduler has now (at least one)."""
        return max(1, sum(self.client.nthreads().values()))  # type: ignore[no-untyped-call]  # Dask's API is untyped

    def map(
        self,
        function: Callable[[T], R],
        items: Sequence[T],
        done: Callable[[R], None] | None = None,
    ) -> list[R]:
        """Submit every task; tell ``done`` as each finishes; the results in the items' order.

        The tasks are not *pure* to Dask (each runs, none is shared by key),
        and one that raises is tried :data:`RETRIES` times more; a task lost
        with its worker is rescheduled by the scheduler itself.
        """
        from distributed import as_completed as finished  # noqa: PLC0415  (Dask only here)

        futures = self.client.map(function, items, pure=False, retries=RETRIES)
        for future in finished(futures):  # type: ignore[no-untyped-call]  # Dask's API is untyped
            if done is not None:
                done(future.result())
        return [future.result() for future in futures]


@contextmanager
def dask_client(address: str) -> Iterator[Client]:
    """A Dask client of the scheduler at ``address`` (``local:N`` starts one here).

    A missing Dask, or a scheduler not reached within :data:`CONNECT_TIMEOUT`
    seconds, is malformed input naming the address.
    """
    address = check_address(address)
    try:
        from distributed import Client, LocalCluster  # noqa: PLC0415  (only when asked for)
    except ImportError:
        raise MalformedInput(
            f"--scheduler {address} needs Dask distributed: pip install 'cardlaw[cluster]'"
        ) from None
    local = _LOCAL.fullmatch(address)
    if local is not None:
        try:
            cluster = LocalCluster(  # type: ignore[no-untyped-call]  # Dask's API is untyped
                n_workers=int(local[1]),
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",
                scheduler_port=0,
                dashboard_address="127.0.0.1:0",  # its HTTP server too: this machine only
                silence_logs=logging.ERROR,
            )
        except (OSError, RuntimeError) as error:
            reason = " ".join(str(error).split()) or type(error).__name__
            raise MalformedInput(
                f"cannot start a local Dask cluster ({address}): {reason}"
            ) from None
        with cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]  # Dask: untyped
            yield client
        return
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]  # Dask: untyped
    except TypeError:  # distributed's word for a tls:// address without TLS set up
        raise MalformedInput(
            f"cannot reach the Dask scheduler at {address}: Dask's TLS is not set up "
            "(distributed.comm.tls: ca-file, client.cert, client.key)"
        ) from None
    except (OSError, TimeoutError, ValueError) as error:
        reason = " ".join(str(error).split()) or type(error).__name__
        raise MalformedInput(f"cannot reach the Dask scheduler at {address}: {reason}") from None
    with client:
        yield client


@contextmanager
def backend(scheduler: str | None, workers: int) -> Iterator[Backend]:
    """The backend a command runs on: the scheduler's workers if one is named, else a pool."""
    if not scheduler:
        yield Pool(workers)
        return
    with dask_client(scheduler) as client:
        yield DaskBackend(client, check_address(scheduler))
