"""An implementation under test as a separate program speaking the JSON Lines protocol.

:class:`SubprocessImplementation` starts the program (its own session and process group, pipes for
stdin, stdout and stderr), sends one request per line and reads one reply per line with a timeout
(``selectors`` on the pipes, no thread). Everything that can go wrong is raised as
:class:`~reference.conformance.adapter.ImplementationError` with its kind (see FAILURE_KINDS), the
last request sent and the end of the program's stderr; after such a failure the process is ended
and the next request starts a fresh one. Replies are decoded as data (msgspec), never evaluated.

Nothing the program does can exhaust the harness's memory or disk, or hang it:

- a reply line longer than ``protocol.MAX_LINE`` is a ``malformed`` failure (at most that much of a
  line is held), and so is a reply nested more than ``inputs.MAX_DEPTH`` levels deep;
- stderr is read as it comes, while waiting for a reply, and only its last STDERR_TAIL bytes are
  kept (the bytes dropped before them are counted and reported as cut);
- a program that stops reading its stdin is reported as such (closed: at once; still open: when the
  request it did not read is still waiting in the pipe at the timeout).

**Cleaning up.** Each start puts a token in the program's environment (``WCREF_IMPL_TOKEN``, see
TOKEN_VAR). When the process ends (a failure, ``close``), the harness kills (SIGKILL) its whole
process group, then every process still below it, still in its session, or carrying its token in
its environment (psutil): a child that calls ``setsid`` and outlives its parent is found by the
token. Not found: a descendant that both leaves the session and drops the token from its
environment (for example ``env -i`` after a double fork), a process started for it by another
service (a daemon manager, a container runtime), and processes of another user.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import secrets
import selectors
import shlex
import signal
import struct
import subprocess
import termios
import time
from collections.abc import Mapping, Sequence
from types import TracebackType
from typing import Any, Final

import msgspec
import psutil

from reference import inputs
from reference.conformance.adapter import AREAS, JSON, ImplementationError, Refused
from reference.conformance.protocol import (
    MAX_LINE,
    MAX_OUTCOMES_LINE,
    PROTOCOL_VERSION,
    SUCCESS_REPLY,
    ErrorKind,
    ErrorReply,
)

SHOWN: Final = 400
"""Characters of a request or reply kept in failure reports."""
STDERR_TAIL: Final = 4096
"""Bytes of the end of stderr kept (and shown in failure reports); earlier bytes are dropped as they
arrive and counted."""
READ_CHUNK: Final = 1 << 16
"""Bytes read from a pipe at a time."""
CLEANUP_ROUNDS: Final = 3
"""Times the processes left behind are looked for and killed (until a look finds none)."""
TOKEN_VAR: Final = "WCREF_IMPL_TOKEN"
"""The environment variable marking every process an implementation starts (see the module
docstring: cleaning up)."""

_encoder: Final = msgspec.json.Encoder()
_OUT: Final = "stdout"
_ERR: Final = "stderr"


def shorten(text: str, limit: int = SHOWN) -> str:
    """``text`` cut to ``limit`` characters (with an ellipsis)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _describe_status(code: int) -> tuple[str, str]:
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return "crash", f"killed by {name}"
    if code == 0:
        return "exited", "exited with status 0 before bye"
    return "crash", f"exited with status {code}"


def _unread(fd: int) -> int | None:
    """Bytes written to a pipe and not yet read by the other end (None where the system does not
    say: FIONREAD on a pipe's write end is Linux's)."""
    try:
        answer = fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0")
    except OSError:
        return None
    count: int = struct.unpack("i", answer)[0]
    return count


def _strays(pid: int, alive: bool, token: str) -> list[psutil.Process]:
    """The processes an implementation started (see the module docstring): below ``pid`` (when it
    is still ``alive``: its children are not yet handed over to init), in its session, or carrying
    ``token`` in their environment. Neither ``pid`` nor the harness itself is among them."""
    found: dict[int, psutil.Process] = {}
    if alive:
        with contextlib.suppress(psutil.Error):
            found.update((child.pid, child) for child in psutil.Process(pid).children(recursive=True))
    for process in psutil.process_iter():
        if process.pid in found or process.pid in (pid, os.getpid()):
            continue
        with contextlib.suppress(psutil.Error, OSError):
            if os.getsid(process.pid) == pid or process.environ().get(TOKEN_VAR) == token:
                found[process.pid] = process
    return list(found.values())


def running(process: psutil.Process) -> bool:
    """Whether a process still runs (a zombie, dead and waiting for its parent to reap it, does not)."""
    try:
        return process.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def _wait_gone(processes: Sequence[psutil.Process], timeout: float) -> None:
    """Wait until none of ``processes`` runs, or ``timeout`` seconds (psutil's own wait counts a
    zombie as alive: one that no process reaps would hold it to the timeout)."""
    deadline = time.monotonic() + timeout
    pending = [p for p in processes if running(p)]
    while pending and time.monotonic() < deadline:
        time.sleep(0.01)
        pending = [p for p in pending if running(p)]


class SubprocessImplementation:
    """A program under test behind the Implementation interface (see the module docstring).

    ``command`` is a shell-like command line (split with shlex, never run through a shell) or an
    argument list; ``timeout`` is the limit in seconds for each reply."""

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        timeout: float = 10.0,
        env: Mapping[str, str] | None = None,
        cwd: str | None = None,
        max_line: int = MAX_LINE,
    ) -> None:
        self.argv: list[str] = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise ValueError("empty implementation command")
        self.command = command if isinstance(command, str) else shlex.join(command)
        self.timeout = timeout
        self.env = dict(env) if env is not None else None
        self.cwd = cwd
        self.max_line = max_line
        """The longest reply line accepted (bytes, without the newline)."""
        self.last_request: str | None = None
        self.requests = 0
        self.starts = 0
        self._proc: subprocess.Popen[bytes] | None = None
        self._selector: selectors.BaseSelector | None = None
        self._token = ""
        self._buffer = bytearray()
        self._stderr = bytearray()
        self._stderr_cut = 0
        self._next_id = 0
        self._hello: tuple[str, tuple[str, ...]] | None = None
        self._events: list[JSON] | None = None

    # ---- process ---------------------------------------------------------------------------

    def _start(self) -> subprocess.Popen[bytes]:
        self._token = secrets.token_hex(16)
        env = dict(os.environ if self.env is None else self.env)
        env[TOKEN_VAR] = self._token
        try:
            proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,
                env=env,
                cwd=self.cwd,
            )
        except OSError as exc:
            raise ImplementationError(
                "start", f"cannot start {self.command!r}: {exc.strerror or exc}"
            ) from exc
        assert proc.stdin is not None
        assert proc.stdout is not None
        assert proc.stderr is not None
        selector = selectors.DefaultSelector()
        for stream, name in ((proc.stdout, _OUT), (proc.stderr, _ERR)):
            os.set_blocking(stream.fileno(), False)
            selector.register(stream.fileno(), selectors.EVENT_READ, name)
        os.set_blocking(proc.stdin.fileno(), False)
        self._proc, self._selector = proc, selector
        self._buffer.clear()
        self._stderr.clear()
        self._stderr_cut = 0
        self.starts += 1
        return proc

    def _drain_stderr(self) -> None:
        """Read what stderr holds now (never waiting), keeping its last STDERR_TAIL bytes."""
        proc = self._proc
        if proc is None or proc.stderr is None or proc.stderr.closed:
            return
        for _ in range(64):  # at most 4 MiB at a time: a flood cannot hold the harness here
            try:
                chunk = os.read(proc.stderr.fileno(), READ_CHUNK)
            except OSError:  # BlockingIOError: nothing more for now
                return
            if not chunk:
                if self._selector is not None:
                    with contextlib.suppress(KeyError, ValueError):
                        self._selector.unregister(proc.stderr.fileno())
                return
            self._stderr += chunk
            excess = len(self._stderr) - STDERR_TAIL
            if excess > 0:
                del self._stderr[:excess]
                self._stderr_cut += excess

    def _stderr_tail(self) -> str:
        """The end of stderr so far, saying how many bytes before it were cut."""
        self._drain_stderr()
        tail = bytes(self._stderr).decode("utf-8", "replace")
        if self._stderr_cut:
            return f"[cut: {self._stderr_cut} bytes of stderr before the last {len(self._stderr)}]\n{tail}"
        return tail

    def _kill(self) -> None:
        """End the process, its whole group and every process it left behind (see the module
        docstring), now."""
        proc = self._proc
        if proc is None:
            return
        alive = proc.poll() is None
        for _ in range(CLEANUP_ROUNDS):  # a stray may fork while it is being found
            strays = _strays(proc.pid, alive, self._token)
            with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
                os.killpg(proc.pid, signal.SIGKILL)
            for stray in strays:
                with contextlib.suppress(psutil.Error):
                    stray.kill()
            with contextlib.suppress(subprocess.TimeoutExpired, OSError):
                proc.wait(timeout=5)
            _wait_gone(strays, 5.0)
            alive = False
            if not strays:
                break
        self._release()

    def _release(self) -> None:
        proc = self._proc
        if self._selector is not None:
            self._selector.close()
        if proc is not None:
            for stream in (proc.stdin, proc.stdout, proc.stderr):
                if stream is not None:
                    with contextlib.suppress(OSError):
                        stream.close()
        self._proc, self._selector = None, None
        self._buffer.clear()

    def _fail(self, kind: str, detail: str) -> ImplementationError:
        """Kill the process and describe the failure."""
        stderr = self._stderr_tail()
        self._kill()
        return ImplementationError(kind, detail, self.last_request, stderr)

    def _ended(self, proc: subprocess.Popen[bytes], pipe: str) -> ImplementationError:
        """The process closed its end of ``pipe`` (stdin or stdout): report how it ended."""
        try:
            code = proc.wait(timeout=min(2.0, self.timeout))
        except subprocess.TimeoutExpired:
            if pipe == "stdin":
                return self._fail(
                    "protocol", "stopped reading its stdin (closed it before bye) but did not exit"
                )
            return self._fail("crash", "closed its stdout but did not exit")
        kind, detail = _describe_status(code)
        return self._fail(kind, detail)

    # ---- one exchange ----------------------------------------------------------------------

    def _write(self, proc: subprocess.Popen[bytes], data: bytes, deadline: float) -> None:
        assert proc.stdin is not None
        fd = proc.stdin.fileno()
        view = memoryview(data)
        while view:
            try:
                sent = os.write(fd, view)
            except BlockingIOError:
                sent = 0
            except (BrokenPipeError, ConnectionResetError):
                raise self._ended(proc, "stdin") from None
            view = view[sent:]
            if view:
                if time.monotonic() >= deadline:
                    raise self._fail(
                        "timeout",
                        f"stopped reading its stdin: the request was not read within {self.timeout:g} s",
                    )
                self._drain_stderr()
                with selectors.DefaultSelector() as sel:
                    sel.register(fd, selectors.EVENT_WRITE)
                    sel.select(max(0.0, min(0.05, deadline - time.monotonic())))

    def _timed_out(self, proc: subprocess.Popen[bytes]) -> ImplementationError:
        """No reply in time: say whether the request is still unread on the process's stdin."""
        detail = f"no reply within {self.timeout:g} s"
        unread = _unread(proc.stdin.fileno()) if proc.stdin is not None else None
        if unread:
            detail += f"; it stopped reading its stdin ({unread} bytes of requests still unread)"
        return self._fail("timeout", detail)

    def _read_line(self, proc: subprocess.Popen[bytes], deadline: float) -> bytes:
        assert proc.stdout is not None
        assert self._selector is not None
        fd = proc.stdout.fileno()
        buffer = self._buffer
        while True:
            end = buffer.find(b"\n")
            if end > self.max_line or (end < 0 and len(buffer) > self.max_line):
                raise self._fail(
                    "malformed",
                    f"a reply line longer than {self.max_line} bytes (the protocol's limit, docs/protocol.md)",
                )
            if end >= 0:
                line = bytes(buffer[:end])
                del buffer[: end + 1]
                return line
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise self._timed_out(proc)
            ready = self._selector.select(remaining)
            if any(key.data == _ERR for key, _ in ready):
                self._drain_stderr()
            if not any(key.data == _OUT for key, _ in ready):
                continue
            try:
                chunk = os.read(fd, READ_CHUNK)
            except BlockingIOError:
                continue
            if not chunk:
                if buffer:
                    raise self._fail(
                        "malformed",
                        f"output ended inside a line: {shorten(bytes(buffer).decode('utf-8', 'replace'))}",
                    )
                raise self._ended(proc, "stdout")
            buffer += chunk

    def exchange(self, op: str, **fields: JSON) -> dict[str, Any]:
        """Send one request and return its reply object, checked against the protocol: a JSON
        object, the same id, and the success shape of ``op`` or the error shape."""
        proc = self._proc
        if proc is None:
            proc = self._start()
            self._handshake()
        return self._exchange(proc, op, fields)

    def _exchange(self, proc: subprocess.Popen[bytes], op: str, fields: Mapping[str, JSON]) -> dict[str, Any]:
        self._next_id += 1
        rid = self._next_id
        data = _encoder.encode({"id": rid, "op": op, **fields}) + b"\n"
        self.last_request = shorten(data[:-1].decode("utf-8", "replace"))
        self.requests += 1
        deadline = time.monotonic() + self.timeout
        self._write(proc, data, deadline)
        line = self._read_line(proc, deadline)
        shown = shorten(line.decode("utf-8", "replace"))
        try:
            reply = inputs.load_json(line)
        except inputs.InputLimit as exc:
            raise self._fail("malformed", f"reply refused: {exc}: {shown}") from None
        except msgspec.DecodeError as exc:
            raise self._fail("malformed", f"reply is not JSON ({exc}): {shown}") from None
        if not isinstance(reply, dict):
            raise self._fail("schema", f"reply is not a JSON object: {shown}")
        if reply.get("id") != rid or isinstance(reply.get("id"), bool):
            raise self._fail(
                "protocol", f"reply id {shorten(repr(reply.get('id')), 80)} does not echo request id {rid}"
            )
        shape: type = SUCCESS_REPLY[op] if reply.get("ok") is True else ErrorReply
        try:
            msgspec.convert(reply, shape)
        except msgspec.ValidationError as exc:
            raise self._fail("schema", f"{op} reply breaks the schema ({exc}): {shown}") from None
        return reply

    def _handshake(self) -> None:
        proc = self._proc
        assert proc is not None
        reply = self._exchange(proc, "hello", {"protocol": PROTOCOL_VERSION})
        if reply["ok"] is not True:
            raise self._fail("error", shorten(f"hello failed: {reply['error']}"))
        result = reply["result"]
        if result["protocol"] != PROTOCOL_VERSION:
            raise self._fail(
                "protocol",
                f"hello: the implementation speaks protocol {shorten(repr(result['protocol']), 40)}; "
                f"this verify speaks protocol {PROTOCOL_VERSION} (docs/protocol.md)",
            )
        self._hello = (shorten(str(result["name"]), 200), tuple(a for a in result["areas"] if a in AREAS))

    def _result(self, op: str, **fields: JSON) -> Any:
        reply = self.exchange(op, **fields)
        if reply["ok"] is True:
            return reply["result"]
        error = reply["error"]
        raise self._error_reply(op, error)

    def _error_reply(self, op: str, error: dict[str, Any]) -> ImplementationError:
        rule = f" [{shorten(error['rule'], 80)}]" if error.get("rule") else ""
        # the process is healthy: keep it (the harness decides what to do)
        return ImplementationError(
            "error", shorten(f"{op} answered {error['kind']}{rule}: {error['reason']}"), self.last_request, ""
        )

    # ---- the Implementation interface ------------------------------------------------------

    def hello(self) -> tuple[str, tuple[str, ...]]:
        if self._proc is None:
            self._start()
            self._handshake()
        assert self._hello is not None
        return self._hello

    def new_game(self, setup: JSON) -> None:
        self._result("new_game", setup=setup)

    def load(self, position: JSON, composed: Sequence[str] = ()) -> None:
        self._result("load", position=position, composed=list(composed))

    def play(self, seed: int) -> None:
        """Outcome mode: the implementation plays its own decisions to the next stop."""
        self._result("play", seed=seed)

    def outcomes(self) -> list[JSON]:
        """Outcome mode: every observation the next stop can show."""
        limit, self.max_line = self.max_line, max(self.max_line, MAX_OUTCOMES_LINE)
        try:
            result: list[JSON] = self._result("outcomes")
        finally:
            self.max_line = limit
        return result

    def apply(self, action: JSON) -> Refused | None:
        self._events = None
        reply = self.exchange("apply", action=action)
        if reply["ok"] is True:
            result = reply["result"]
            if isinstance(result, dict) and isinstance(result.get("events"), list):
                self._events = result["events"]
            return None
        error = reply["error"]
        if error["kind"] in (ErrorKind.ILLEGAL.value, ErrorKind.GAP.value):  # the rule may be null
            rule = error.get("rule")
            return Refused(None if rule is None else str(rule), str(error["reason"]), str(error["kind"]))
        raise self._error_reply("apply", error)

    def observe(self) -> JSON:
        result: JSON = self._result("observe")
        return result

    def legal_actions(self) -> list[JSON]:
        result: list[JSON] = self._result("legal_actions")
        return result

    def events(self) -> list[JSON] | None:
        """The events the last accepted ``apply`` reply carried (None: it carried none)."""
        return self._events

    def close(self) -> None:
        """Say bye and let the process exit (killing its group if it does not)."""
        proc = self._proc
        if proc is None:
            return
        timeout = self.timeout
        self.timeout = min(timeout, 2.0)
        try:
            self._exchange(proc, "bye", {})
            proc.wait(timeout=2.0)
        except (ImplementationError, subprocess.TimeoutExpired):
            pass
        finally:
            self.timeout = timeout
            self._kill()  # also what it left behind (see the module docstring)

    def __enter__(self) -> SubprocessImplementation:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


__all__ = ["TOKEN_VAR", "SubprocessImplementation", "running", "shorten"]
