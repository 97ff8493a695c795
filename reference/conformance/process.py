"""An implementation under test as a separate program speaking the JSON Lines protocol.

:class:`SubprocessImplementation` starts the program (its own process group, pipes for stdin and
stdout, stderr kept in a temporary file), sends one request per line and reads one reply per line
with a timeout (``selectors`` on the pipe, no thread). Everything that can go wrong is raised as
:class:`~reference.conformance.adapter.ImplementationError` with its kind (see FAILURE_KINDS), the
last request sent and the end of the program's stderr; after such a failure the process is ended
(its whole process group is killed) and the next request starts a fresh one. Replies are decoded as
data (msgspec), never evaluated.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import shlex
import signal
import subprocess
import tempfile
import time
from collections.abc import Mapping, Sequence
from types import TracebackType
from typing import IO, Any, Final

import msgspec

from reference.conformance.adapter import AREAS, JSON, ImplementationError, Refused
from reference.conformance.protocol import SUCCESS_REPLY, ErrorKind, ErrorReply

MAX_LINE: Final = 64 * 1024 * 1024
"""A reply line longer than this is malformed (64 MiB)."""
SHOWN: Final = 400
"""Characters of a request or reply kept in failure reports."""
STDERR_TAIL: Final = 2000
"""Characters of the end of stderr kept in failure reports."""

_encoder: Final = msgspec.json.Encoder()


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
    ) -> None:
        self.argv: list[str] = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise ValueError("empty implementation command")
        self.command = command if isinstance(command, str) else shlex.join(command)
        self.timeout = timeout
        self.env = dict(env) if env is not None else None
        self.cwd = cwd
        self.last_request: str | None = None
        self.requests = 0
        self.starts = 0
        self._proc: subprocess.Popen[bytes] | None = None
        self._stderr: IO[bytes] | None = None
        self._selector: selectors.BaseSelector | None = None
        self._buffer = bytearray()
        self._next_id = 0
        self._hello: tuple[str, tuple[str, ...]] | None = None
        self._events: list[JSON] | None = None

    # ---- process ---------------------------------------------------------------------------

    def _start(self) -> subprocess.Popen[bytes]:
        stderr = tempfile.TemporaryFile()  # noqa: SIM115 - kept open for the process's life, closed in _release
        try:
            proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=stderr,
                start_new_session=True,
                env=self.env,
                cwd=self.cwd,
            )
        except OSError as exc:
            stderr.close()
            raise ImplementationError(
                "start", f"cannot start {self.command!r}: {exc.strerror or exc}"
            ) from exc
        assert proc.stdin is not None
        assert proc.stdout is not None
        os.set_blocking(proc.stdout.fileno(), False)
        os.set_blocking(proc.stdin.fileno(), False)
        selector = selectors.DefaultSelector()
        selector.register(proc.stdout.fileno(), selectors.EVENT_READ)
        self._proc, self._stderr, self._selector = proc, stderr, selector
        self._buffer.clear()
        self.starts += 1
        return proc

    def _stderr_tail(self) -> str:
        if self._stderr is None:
            return ""
        try:
            self._stderr.flush()
            size = self._stderr.seek(0, os.SEEK_END)
            self._stderr.seek(max(0, size - STDERR_TAIL))
            return self._stderr.read().decode("utf-8", "replace")
        except (OSError, ValueError):
            return ""

    def _kill(self) -> None:
        """End the process and its whole group now."""
        proc = self._proc
        if proc is None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
            os.killpg(proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired, OSError):
            proc.wait(timeout=5)
        self._release()

    def _release(self) -> None:
        proc = self._proc
        if self._selector is not None:
            self._selector.close()
        if proc is not None:
            for stream in (proc.stdin, proc.stdout):
                if stream is not None:
                    with contextlib.suppress(OSError):
                        stream.close()
        if self._stderr is not None:
            with contextlib.suppress(OSError):
                self._stderr.close()
        self._proc, self._stderr, self._selector = None, None, None
        self._buffer.clear()

    def _fail(self, kind: str, detail: str) -> ImplementationError:
        """Kill the process and describe the failure."""
        stderr = self._stderr_tail()
        self._kill()
        return ImplementationError(kind, detail, self.last_request, stderr)

    def _ended(self, proc: subprocess.Popen[bytes]) -> ImplementationError:
        """The process closed its end of a pipe: report how it ended."""
        try:
            code = proc.wait(timeout=min(2.0, self.timeout))
        except subprocess.TimeoutExpired:
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
                raise self._ended(proc) from None
            view = view[sent:]
            if view:
                if time.monotonic() >= deadline:
                    raise self._fail("timeout", f"did not read its input within {self.timeout:g} s")
                with selectors.DefaultSelector() as sel:
                    sel.register(fd, selectors.EVENT_WRITE)
                    sel.select(max(0.0, min(0.05, deadline - time.monotonic())))

    def _read_line(self, proc: subprocess.Popen[bytes], deadline: float) -> bytes:
        assert proc.stdout is not None
        assert self._selector is not None
        fd = proc.stdout.fileno()
        buffer = self._buffer
        while True:
            end = buffer.find(b"\n")
            if end >= 0:
                line = bytes(buffer[:end])
                del buffer[: end + 1]
                return line
            if len(buffer) > MAX_LINE:
                raise self._fail("malformed", f"a reply line longer than {MAX_LINE} bytes")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise self._fail("timeout", f"no reply within {self.timeout:g} s")
            if not self._selector.select(remaining):
                continue
            try:
                chunk = os.read(fd, 1 << 16)
            except BlockingIOError:
                continue
            if not chunk:
                if buffer:
                    raise self._fail(
                        "malformed",
                        f"output ended inside a line: {shorten(bytes(buffer).decode('utf-8', 'replace'))}",
                    )
                raise self._ended(proc)
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
        try:
            reply = msgspec.json.decode(line)
        except msgspec.DecodeError as exc:
            raise self._fail(
                "malformed", f"reply is not JSON ({exc}): {shorten(line.decode('utf-8', 'replace'))}"
            ) from None
        if not isinstance(reply, dict):
            raise self._fail(
                "schema", f"reply is not a JSON object: {shorten(line.decode('utf-8', 'replace'))}"
            )
        if reply.get("id") != rid or isinstance(reply.get("id"), bool):
            raise self._fail("protocol", f"reply id {reply.get('id')!r} does not echo request id {rid}")
        shape: type = SUCCESS_REPLY[op] if reply.get("ok") is True else ErrorReply
        try:
            msgspec.convert(reply, shape)
        except msgspec.ValidationError as exc:
            raise self._fail(
                "schema", f"{op} reply breaks the schema ({exc}): {shorten(line.decode('utf-8', 'replace'))}"
            ) from None
        return reply

    def _handshake(self) -> None:
        proc = self._proc
        assert proc is not None
        reply = self._exchange(proc, "hello", {"protocol": 1})
        if reply["ok"] is not True:
            raise self._fail("error", f"hello failed: {reply['error']}")
        result = reply["result"]
        self._hello = (str(result["name"]), tuple(a for a in result["areas"] if a in AREAS))

    def _result(self, op: str, **fields: JSON) -> Any:
        reply = self.exchange(op, **fields)
        if reply["ok"] is True:
            return reply["result"]
        error = reply["error"]
        raise self._error_reply(op, error)

    def _error_reply(self, op: str, error: dict[str, Any]) -> ImplementationError:
        rule = f" [{error['rule']}]" if error.get("rule") else ""
        # the process is healthy: keep it (the harness decides what to do)
        return ImplementationError(
            "error", f"{op} answered {error['kind']}{rule}: {error['reason']}", self.last_request, ""
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

    def load(self, state: JSON) -> None:
        self._result("load", state=state)

    def apply(self, action: JSON) -> Refused | None:
        self._events = None
        reply = self.exchange("apply", action=action)
        if reply["ok"] is True:
            result = reply["result"]
            if isinstance(result, dict) and isinstance(result.get("events"), list):
                self._events = result["events"]
            return None
        error = reply["error"]
        if error["kind"] in (ErrorKind.ILLEGAL.value, ErrorKind.GAP.value) and error.get("rule"):
            return Refused(str(error["rule"]), str(error["reason"]), str(error["kind"]))
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
            self._kill()

    def __enter__(self) -> SubprocessImplementation:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


__all__ = ["SubprocessImplementation", "shorten"]
