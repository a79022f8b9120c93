"""Where simulated games are played: a local process pool (the default) or a Ray cluster.

The guarantees, whichever backend plays:

* **Same seed, same results.**  Work is cut into *tasks* (chunks of games) whose every game
  carries its own seed, derived from the run's seed and the game's index; a task's result
  depends on nothing else.  Backends only decide where and when a task runs, and callers
  sort what comes back by game index, so results are identical on either backend and any
  number of workers.
* **Results stream back as they finish** (``concurrent.futures.as_completed`` locally,
  ``ray.wait`` on Ray), so a progress bar moves as the run goes.  On Ray, at most two
  tasks per worker are in flight at a time; the rest wait in the driver, not in Ray.
* **A worker that dies costs nothing but time.**  Ray re-runs a task whose worker died
  (``max_retries``); the task replays the same seeds, so its result is the one it would
  have had.  The local pool is a single machine: a crash there is reported as an error.
* **Ray is optional**, imported only when ``--backend ray`` is asked for; without it the
  message says how to install it.  A local instance this backend starts itself does not
  print Ray's notice that token authentication is enabled (it is, as Ray chooses; the
  notice is for clusters shared over a network).

Chunks are sized so that there are several per worker (the last ones do not leave workers
idle) and each holds enough games to pay for its overhead: up to 50 on the local pool, up
to 250 on Ray, where each task costs the driver a few milliseconds (on two cores the driver
competes with the workers; with chunks of 50 short games Ray's 2 workers ran only 1.1x
faster than 1, with 250, 1.85x: docs/studies.md).
"""

from __future__ import annotations

import logging
import math
import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from importlib import import_module
from types import ModuleType, TracebackType
from typing import Any, Self, TypeVar

from motherlode.engine import BadOptions

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("local", "ray")
INSTALL_RAY = "pip install 'motherlode[dist]'"
MAX_RETRIES = 5
"""How often Ray re-runs a task whose worker died before giving up."""


class Backend(ABC):
    """Runs a function over tasks somewhere, yielding ``(task index, result)`` as each ends."""

    name: str
    max_chunk = 50
    """Most games in one task (a progress bar moves at least this often)."""
    chunks_per_worker = 8
    """Tasks per worker at least, so that the last ones do not leave workers idle."""

    @property
    @abstractmethod
    def workers(self) -> int:
        """How many tasks run at once."""

    @abstractmethod
    def map_unordered(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        """``fn(task)`` for every task, in completion order.  ``fn`` and the tasks must
        pickle (a module-level function, or a ``functools.partial`` of one)."""

    def chunk_size(self, games: int) -> int:
        """Games per task: one at a time in-process, else several chunks per worker."""
        if self.workers == 1 and self.in_process:
            return 1
        per_task = math.ceil(games / (self.workers * self.chunks_per_worker))
        return max(1, min(self.max_chunk, per_task))

    @property
    def in_process(self) -> bool:
        return False

    def describe(self) -> str:
        return f"{self.workers} {self.name} worker{'s' * (self.workers != 1)}"

    def close(self) -> None:
        """Release what the backend started (pool processes, a Ray instance it began)."""

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class LocalBackend(Backend):
    """This machine: in this process for one job, else a pool of ``jobs`` processes."""

    name = "local"

    def __init__(self, jobs: int = 1) -> None:
        if jobs < 1:
            raise BadOptions("--jobs must be at least 1")
        self.jobs = jobs
        self._pool: ProcessPoolExecutor | None = None

    @property
    def workers(self) -> int:
        return self.jobs

    @property
    def in_process(self) -> bool:
        return self.jobs == 1

    def describe(self) -> str:
        return f"{self.jobs} process{'es' * (self.jobs != 1)}"

    def map_unordered(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        if self.jobs == 1:
            for i, task in enumerate(tasks):
                yield i, fn(task)
            return
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.jobs)
        futures: dict[Future[R], int] = {
            self._pool.submit(fn, task): i for i, task in enumerate(tasks)
        }
        try:
            for future in as_completed(futures):
                yield futures[future], future.result()
        finally:
            for future in futures:
                future.cancel()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None


RAY_AUTH_LOGGER = "ray._private.authentication.authentication_token_setup"
"""The logger of Ray's "Token authentication is enabled for this Ray cluster..." notice,
printed by every ``ray.init()`` that starts a local instance."""


@contextmanager
def quiet_logger(name: str) -> Iterator[None]:
    """Warnings of the logger ``name`` are not shown meanwhile (errors still are)."""
    logger = logging.getLogger(name)
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        logger.setLevel(level)


def load_ray() -> ModuleType:
    """Ray, or a message saying how to install it."""
    try:
        return import_module("ray")
    except ImportError:
        raise BadOptions(
            f"--backend ray needs Ray, which is not installed; install it with: {INSTALL_RAY}"
        ) from None


def _call(fn: Callable[[Any], Any], task: Any) -> Any:
    """The one Ray task: ``fn(task)`` on a worker."""
    return fn(task)


class RayBackend(Backend):
    """A Ray cluster: the one at ``address`` (or ``RAY_ADDRESS``), else a local Ray instance
    with ``workers`` CPUs (default: all of them).  An instance this backend started is shut
    down by :meth:`close`; one already running (``ray.init`` done by the caller) is kept."""

    name = "ray"
    max_chunk = 250  # a task costs the driver a few ms: fewer, larger ones
    chunks_per_worker = 4

    def __init__(self, address: str | None = None, workers: int | None = None) -> None:
        if workers is not None and workers < 1:
            raise BadOptions("--jobs must be at least 1")
        self.ray = load_ray()
        self._started = False
        address = address or os.environ.get("RAY_ADDRESS") or None
        if not self.ray.is_initialized():
            kwargs: dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,
                "configure_logging": False,
            }
            if address:
                kwargs["address"] = address
            elif workers is not None:
                kwargs["num_cpus"] = workers
            try:
                if address:
                    self.ray.init(**kwargs)
                else:
                    with quiet_logger(RAY_AUTH_LOGGER):  # our own local instance
                        self.ray.init(**kwargs)
            except ConnectionError as exc:
                raise BadOptions(f"cannot join the Ray cluster at {address}: {exc}") from None
            self._started = True
        cpus = int(self.ray.cluster_resources().get("CPU", 1))
        self._workers = max(1, min(cpus, workers) if workers else cpus)
        self._remote = self.ray.remote(num_cpus=1, max_retries=MAX_RETRIES)(_call)

    @property
    def workers(self) -> int:
        return self._workers

    def map_unordered(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        ray = self.ray
        fn_ref = ray.put(fn)
        window = self._workers * 2  # enough queued to keep every worker busy, no more
        todo = iter(enumerate(tasks))
        pending: dict[Any, int] = {}
        for i, task in todo:
            pending[self._remote.remote(fn_ref, task)] = i
            if len(pending) >= window:
                break
        try:
            while pending:
                ready, _ = ray.wait(list(pending), num_returns=1)
                more, _ = ray.wait(list(pending), num_returns=len(pending), timeout=0)
                ready = list(dict.fromkeys([*ready, *more]))
                results = ray.get(ready)  # all ready: one call fetches the batch
                for ref, result in zip(ready, results, strict=True):
                    yield pending.pop(ref), result
                for i, task in todo:
                    pending[self._remote.remote(fn_ref, task)] = i
                    if len(pending) >= window:
                        break
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)

    def close(self) -> None:
        if self._started and self.ray.is_initialized():
            self.ray.shutdown()
        self._started = False


def make_backend(name: str, *, jobs: int | None = None, address: str | None = None) -> Backend:
    """The backend a command line asks for: ``local`` (``jobs`` processes, default 1) or
    ``ray`` (``address`` / ``RAY_ADDRESS``, or a local instance with ``jobs`` CPUs)."""
    if name == "local":
        if address:
            raise BadOptions("--address joins a Ray cluster; use it with --backend ray")
        return LocalBackend(1 if jobs is None else jobs)
    if name == "ray":
        return RayBackend(address, jobs)
    raise BadOptions(f"--backend is one of {', '.join(BACKENDS)}, not {name!r}")
