"""What every benchmark shares: results with their goal, alternated runs, timed processes.

A benchmark module has ``run(fixtures, quick=..., ...) -> list[Result]`` and a
``main()`` that prints its results; ``run_all.py`` collects the results of all of
them into one table. Every figure is a median of alternated runs (A B A B …, never
all A then all B), and each result keeps its samples so min / median / max print.
"""

from __future__ import annotations

import contextlib
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn, TextIO


@dataclass
class Result:
    """One figure: what was measured, the figure, its goal, and whether the goal is met.

    *samples* are in the figure's unit (seconds unless *unit* says otherwise); *ok* is
    None for a figure shown for information only.
    """

    what: str
    figure: str
    goal: str = ""
    ok: bool | None = None
    samples: list[float] = field(default_factory=list)
    unit: str = "s"

    def spread(self) -> str:
        """min / median / max of the samples, in a readable unit."""
        if not self.samples:
            return ""
        low, mid, high = min(self.samples), statistics.median(self.samples), max(self.samples)
        n = len(self.samples)
        if self.unit == "s":
            return f"{seconds(low)} / {seconds(mid)} / {seconds(high)} (n={n})"
        return f"{low:.0f} / {mid:.0f} / {high:.0f} {self.unit} (n={n})"

    def mark(self) -> str:
        return "" if self.ok is None else ("ok" if self.ok else "MISSED")


def seconds(value: float) -> str:
    """0.0123 -> '12.3 ms', 1.5 -> '1.50 s'."""
    if value < 0.1:
        return f"{value * 1000:.1f} ms"
    if value < 1:
        return f"{value * 1000:.0f} ms"
    return f"{value:.2f} s"


def median(samples: Sequence[float]) -> float:
    return statistics.median(samples)


def percentile(samples: Sequence[float], p: float) -> float:
    """The p-th percentile (nearest rank): p90 of 20 samples is the 18th smallest."""
    ordered = sorted(samples)
    rank = max(1, -(-len(ordered) * p // 100))  # ceil
    return ordered[int(rank) - 1]


def timed_result(
    what: str, samples: list[float], goal: str = "", limit: float | None = None
) -> Result:
    """A result whose figure is the median of *samples* (seconds), checked against *limit*."""
    mid = median(samples)
    ok = None if limit is None else mid <= limit
    return Result(what, seconds(mid), goal, ok, list(samples))


def ratio_result(
    what: str, top: list[float], bottom: list[float], limit: float | None = None
) -> Result:
    """median(top) / median(bottom), checked against *limit* (if any)."""
    ratio = median(top) / median(bottom)
    figure = f"{ratio:.2f}× ({seconds(median(top))} / {seconds(median(bottom))})"
    if limit is None:
        return Result(what, figure)
    return Result(what, figure, f"≤ {limit:g}×", ratio <= limit)


def rounds_within(rounds: int, budget: float | None = None, least: int = 1) -> Iterator[int]:
    """Round numbers 0 .. rounds-1, stopping early once the next round would end past
    *budget* seconds (at least *least* rounds). Keeps a run of a slow build bounded: a
    figure far over its goal needs no more samples to say so."""
    start = time.perf_counter()
    for done in range(rounds):
        took = time.perf_counter() - start
        if budget is not None and done >= least and took + took / done > budget:
            return
        yield done


def alternate(
    runs: Mapping[str, Callable[[], float]],
    rounds: int,
    warmup: bool = True,
    budget: float | None = None,
) -> dict[str, list[float]]:
    """Each run once per round, in turn (A B A B …); one untimed round first if *warmup*."""
    if warmup:
        for run in runs.values():
            run()
    samples: dict[str, list[float]] = {name: [] for name in runs}
    for _ in rounds_within(rounds, budget):
        for name, run in runs.items():
            samples[name].append(run())
    return samples


def print_results(results: Sequence[Result], file: TextIO | None = None) -> None:
    """The results as a table: what, median figure, min / median / max, goal, ok/MISSED."""
    out = file or sys.stdout
    width = max([len(r.what) for r in results] + [4])
    fig = max([len(r.figure) for r in results] + [6])
    spread = max([len(r.spread()) for r in results] + [17])
    goal = max([len(r.goal) for r in results] + [4])
    head = (
        f"{'what':<{width}}  {'figure':>{fig}}  {'min / median / max':<{spread}}  {'goal':<{goal}}"
    )
    print(head, file=out)
    print("-" * (len(head) + 7), file=out)
    for r in results:
        line = f"{r.what:<{width}}  {r.figure:>{fig}}  {r.spread():<{spread}}  {r.goal:<{goal}}"
        print(f"{line}  {r.mark()}".rstrip(), file=out)


def report(results: Sequence[Result]) -> NoReturn:
    """Print *results* and end the script: status 1 if any goal was missed."""
    print_results(results)
    sys.exit(0 if all(r.ok is not False for r in results) else 1)


# -- processes --------------------------------------------------------------------------


def other_checkout(path: Path | None) -> Path | None:
    """*path* (a ``--compare`` checkout) resolved, or, when it holds no scorekeeper
    package, a message and exit 2: its place on ``PYTHONPATH`` would be passed over
    silently and this code measured under its name."""
    if path is None:
        return None
    if not (path / "scorekeeper").is_dir():
        print(f"{path}: no scorekeeper package there", file=sys.stderr)
        sys.exit(2)
    return path.resolve()


def scorekeeper_argv() -> list[str]:
    """How a user starts scorekeeper: the installed console script beside this Python."""
    script = Path(sys.executable).with_name("scorekeeper")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "scorekeeper"]


def byte_compiled() -> None:
    """Compile scorekeeper's modules to byte code before anything is timed, as installing
    a wheel does. An editable install otherwise writes it on the first run, or, under
    ``PYTHONDONTWRITEBYTECODE`` (set on some machines), compiles every module again on
    every run: 30–60 ms a command that no installed copy pays (Textual, the reference,
    is compiled at install)."""
    import compileall

    import scorekeeper

    compileall.compile_dir(Path(scorekeeper.__file__).parent, quiet=1)


def machine() -> str:
    """The processor and its cores, for the report's first line: the figures are this
    machine's (the same code gave a key p90 at 100,000 entries of 28–38 ms on one and
    10 ms on another); the instruction counts (bench_key_instructions.py) are what
    carries from one machine to another."""
    model = ""
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text(errors="replace").splitlines():
            if line.startswith("model name"):
                model = line.partition(":")[2].strip()
                break
    model = " ".join(model.split()) or platform.processor() or platform.machine()
    return f"{model or 'unknown processor'}, {os.cpu_count() or '?'} cores"


def cli_env() -> dict[str, str]:
    """English messages and no stray language settings, for every command we time; byte
    code read as an installed copy reads it (see :func:`byte_compiled`)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("LC_")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.update(LANG="C.UTF-8", SCOREKEEPER_LANG="en")
    return env


@dataclass
class Run:
    """A finished process: wall time (s) and exit status."""

    seconds: float
    status: int


def run_process(
    argv: Sequence[str],
    *,
    stdout: Path | None = None,
    timeout: float = 600,
    check: bool = True,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
) -> Run:
    """Start *argv*, wait for it (``wait4``), and take its wall time.

    Standard output goes to *stdout* (a file, as ``> FILE`` would) or nowhere; what it
    prints on stderr is kept for the error message when it fails. A process still running
    after *timeout* seconds is killed and the run fails.
    """
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(open(stdout, "wb")) if stdout is not None else None
        err = stack.enter_context(tempfile.TemporaryFile())
        start = time.perf_counter()
        proc = subprocess.Popen(
            list(argv),
            stdin=subprocess.DEVNULL,
            stdout=out if out is not None else subprocess.DEVNULL,
            stderr=err,
            env=dict(env) if env is not None else cli_env(),
            cwd=cwd,
        )
        killer = threading.Timer(timeout, proc.kill)
        killer.start()
        try:
            _, status, _ = os.wait4(proc.pid, 0)
            took = time.perf_counter() - start
        finally:
            killer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        said = err.read().decode(errors="replace").strip()
    if took >= timeout:
        raise RuntimeError(f"{' '.join(argv)} took over {timeout:g} s and was stopped")
    if check and proc.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} failed ({proc.returncode}): {said[-800:]}")
    return Run(took, proc.returncode)


#: Runs the ``scorekeeper`` program exactly as its console script does (``entry`` of
#: scorekeeper/cli/launch.py, which leaves with ``os._exit`` after a batch command, its
#: objects not freed: cli/leaving.py), then writes to the file named by its first argument
#: the process's own peak resident memory (VmHWM, KiB) and which of Textual and Rich got
#: imported. The report is written as the program leaves, whichever way it leaves:
#: ``os._exit`` is wrapped to write it first. VmHWM belongs to the memory map made at exec;
#: ``ru_maxrss`` from ``wait4`` does not do here: Linux carries the parent's resident
#: size at fork into the child's ru_maxrss, and the parent holds the fixtures.
PROBE = """
import os, sys
report = sys.argv.pop(1)
sys.argv[0] = "scorekeeper"
def write_report():
    peak = 0
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    peak = int(line.split()[1])
    except OSError:
        pass
    with open(report, "w") as out:
        out.write(" ".join([str(peak), *(m for m in ("textual", "rich") if m in sys.modules)]))
leave = os._exit
def leave_reporting(code):
    write_report()
    leave(code)
os._exit = leave_reporting
from scorekeeper.cli.launch import entry
try:
    entry()
finally:
    write_report()
"""


@dataclass
class CliRun:
    """A finished ``scorekeeper`` command: wall time (s), peak memory (KiB), and which of
    textual / rich it imported ('' for neither)."""

    seconds: float
    peak_kib: int
    imported: str


def run_scorekeeper(
    words: Sequence[str],
    report_dir: Path,
    stdout: Path | None = None,
    timeout: float = 600,
    code_root: Path | None = None,
) -> CliRun:
    """``scorekeeper WORDS`` as a process (through PROBE): its time, memory and imports.

    With *code_root*, the scorekeeper of that checkout runs: first on ``PYTHONPATH``, and
    started from its folder (``python -c`` puts the working folder first on the path).
    """
    report = report_dir / "probe-report.txt"
    report.unlink(missing_ok=True)
    env = None if code_root is None else {**cli_env(), "PYTHONPATH": str(code_root)}
    done = run_process(
        [sys.executable, "-c", PROBE, str(report), *words],
        stdout=stdout,
        timeout=timeout,
        env=env,
        cwd=code_root,
    )
    peak, *imported = report.read_text().split()
    return CliRun(done.seconds, int(peak), " ".join(imported))
