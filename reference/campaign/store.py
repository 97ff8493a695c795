"""The campaign folder's database (SQLite, ``DIR/campaign.sqlite``).

It keeps the campaign's plan, every finished shard and its games, the rule and situation counts,
the failures with their traces and the shrunk failure of each rule. A shard's results are written
in one transaction, and a shard already recorded is never recorded again: a shard run twice (a
worker lost after finishing it, a resumed campaign) counts its games once. A game is keyed by
(setup, policy, seed), so the database itself refuses a game counted twice.

Tables: ``meta`` (key, value: ``plan`` as JSON, ``schema``), ``shards``, ``games``, ``rules``
(shard, rule, count), ``reached`` (shard, situation, games), ``failures``, ``shrunk`` (one per rule).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Final

import msgspec

from reference.campaign.plan import Plan
from reference.campaign.work import ShardResult, ShrunkRow

SCHEMA: Final = 1
"""The database layout's version (``meta.schema``)."""

FILE: Final = "campaign.sqlite"
"""The database's name in the campaign folder."""

_TABLES: Final = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS shards (
    id TEXT PRIMARY KEY, setup TEXT NOT NULL, policy TEXT NOT NULL, first INTEGER NOT NULL,
    count INTEGER NOT NULL, seconds REAL NOT NULL, worker TEXT NOT NULL, finished REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    setup TEXT NOT NULL, policy TEXT NOT NULL, seed INTEGER NOT NULL, outcome TEXT NOT NULL,
    rule TEXT NOT NULL, winners TEXT NOT NULL, totals TEXT NOT NULL, decisions INTEGER NOT NULL,
    actions INTEGER NOT NULL, PRIMARY KEY (setup, policy, seed)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rules (
    shard TEXT NOT NULL, rule TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (shard, rule)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS reached (
    shard TEXT NOT NULL, situation TEXT NOT NULL, games INTEGER NOT NULL, PRIMARY KEY (shard, situation)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS failures (
    setup TEXT NOT NULL, policy TEXT NOT NULL, seed INTEGER NOT NULL, kind TEXT NOT NULL,
    rule TEXT NOT NULL, message TEXT NOT NULL, step INTEGER NOT NULL, trace TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS shrunk (
    rule TEXT PRIMARY KEY, setup TEXT NOT NULL, policy TEXT NOT NULL, seed INTEGER NOT NULL,
    before_actions INTEGER NOT NULL, before_decisions INTEGER NOT NULL, after_actions INTEGER NOT NULL,
    after_decisions INTEGER NOT NULL, replays INTEGER NOT NULL, message TEXT NOT NULL, trace TEXT NOT NULL
);
"""


class StoreError(Exception):
    """The campaign folder cannot hold this campaign: not a folder, not a campaign database, another
    schema, or another plan than the one asked for. The message names the path and what is wrong."""


class Store:
    """The database of the campaign folder ``folder`` (created with the folder when missing)."""

    def __init__(self, folder: Path, *, read_only: bool = False) -> None:
        self.folder = folder
        self.path = folder / FILE
        if folder.exists() and not folder.is_dir():
            raise StoreError(f"{folder}: not a folder")
        try:
            if read_only:
                self.db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, isolation_level=None)
            else:
                folder.mkdir(parents=True, exist_ok=True)
                self.db = sqlite3.connect(self.path, timeout=60.0, isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"{self.path}: cannot open the campaign database: {exc}") from exc
        try:
            tables = {
                str(row[0]) for row in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            }
            if tables and "meta" not in tables:
                raise StoreError(
                    f"{self.path}: an SQLite database of another program (tables {', '.join(sorted(tables)[:5])})"
                )
            if not read_only:
                self.db.execute("PRAGMA journal_mode=WAL")
                self.db.executescript(_TABLES)
            schema = self._meta("schema")
            if schema is None and not read_only:
                self._set_meta("schema", str(SCHEMA))
            elif schema != str(SCHEMA):
                raise StoreError(f"{self.path}: a campaign database of schema {schema}, not {SCHEMA}")
        except sqlite3.DatabaseError as exc:
            self.db.close()
            raise StoreError(f"{self.path}: not a campaign database: {exc}") from exc
        except StoreError:
            self.db.close()
            raise

    def close(self) -> None:
        """Close the database."""
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _meta(self, key: str) -> str | None:
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def _set_meta(self, key: str, value: str) -> None:
        self.db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # ---- the plan -------------------------------------------------------------------------------

    def plan(self) -> Plan | None:
        """The plan recorded in the folder (None for a new folder). Raises StoreError when unreadable."""
        raw = self._meta("plan")
        if raw is None:
            return None
        try:
            plan = msgspec.json.decode(raw, type=Plan)
        except msgspec.DecodeError as exc:
            raise StoreError(f"{self.path}: the recorded plan is unreadable: {exc}") from exc
        problems = plan.problems()
        if problems:
            raise StoreError(f"{self.path}: the recorded plan cannot be played: {'; '.join(problems)}")
        return plan

    def start(self, plan: Plan) -> None:
        """Record ``plan`` for a new folder; for a folder with a plan, check it is the same. Raises
        StoreError naming the fields that differ."""
        recorded = self.plan()
        if recorded is None:
            self._set_meta("plan", msgspec.json.encode(plan).decode())
            return
        if recorded != plan:
            fields = [
                f"{name} {getattr(recorded, name)!r} (asked: {getattr(plan, name)!r})"
                for name in plan.__struct_fields__
                if getattr(recorded, name) != getattr(plan, name)
            ]
            raise StoreError(
                f"{self.folder} holds a campaign with another plan: {'; '.join(fields)}; "
                "resume it without options, or use another folder"
            )

    # ---- results ------------------------------------------------------------------------------------

    def done(self) -> set[str]:
        """The ids of the shards recorded."""
        return {str(row[0]) for row in self.db.execute("SELECT id FROM shards")}

    def record(self, result: ShardResult, finished: float) -> bool:
        """Record a shard's results in one transaction; False (nothing written) when the shard is
        already recorded."""
        try:
            return self._record(result, finished)
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: cannot record shard {result.shard.id}: {exc}") from exc

    def _record(self, result: ShardResult, finished: float) -> bool:
        shard = result.shard
        with self._transaction():
            if self.db.execute("SELECT 1 FROM shards WHERE id = ?", (shard.id,)).fetchone():
                return False
            self.db.execute(
                "INSERT INTO shards VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    shard.id,
                    shard.setup,
                    shard.policy,
                    shard.first,
                    shard.count,
                    result.seconds,
                    result.worker,
                    finished,
                ),
            )
            self.db.executemany(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        shard.setup,
                        shard.policy,
                        g.seed,
                        g.outcome,
                        g.rule,
                        ",".join(map(str, g.winners)),
                        ",".join(map(str, g.totals)),
                        g.decisions,
                        g.actions,
                    )
                    for g in result.games
                ],
            )
            self.db.executemany(
                "INSERT INTO rules VALUES (?, ?, ?)", [(shard.id, r, n) for r, n in result.rules.items()]
            )
            self.db.executemany(
                "INSERT INTO reached VALUES (?, ?, ?)", [(shard.id, s, n) for s, n in result.reached.items()]
            )
            self.db.executemany(
                "INSERT INTO failures VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (shard.setup, shard.policy, f.seed, f.kind, f.rule, f.message, f.step, f.trace)
                    for f in result.failures
                ],
            )
        return True

    def games_recorded(self) -> int:
        """Games recorded."""
        return int(self.db.execute("SELECT COUNT(*) FROM games").fetchone()[0])

    def failures_recorded(self) -> int:
        """Failed games recorded (a game with several divergences counts once)."""
        return int(
            self.db.execute(
                "SELECT COUNT(*) FROM (SELECT DISTINCT setup, policy, seed FROM failures)"
            ).fetchone()[0]
        )

    def unshrunk(self) -> list[tuple[str, str, str, int]]:
        """For each rule with a failure (not a divergence or an implementation failure) and no shrunk
        failure yet: (rule, setup, policy, seed) of its failure with the fewest actions."""
        rows = self.db.execute(
            """SELECT rule, setup, policy, seed, MIN(step) FROM failures
               WHERE kind IN ('broken', 'gap', 'crash') AND rule NOT IN (SELECT rule FROM shrunk)
               GROUP BY rule ORDER BY rule"""
        ).fetchall()
        return [(str(r[0]), str(r[1]), str(r[2]), int(r[3])) for r in rows]

    def record_shrunk(self, row: ShrunkRow) -> None:
        """Record a rule's shrunk failure (the first one recorded for the rule is kept). Raises
        StoreError when the database refuses the write."""
        try:
            self._record_shrunk(row)
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: cannot record the shrunk failure of {row.rule}: {exc}") from exc

    def _record_shrunk(self, row: ShrunkRow) -> None:
        with self._transaction():
            self.db.execute(
                "INSERT OR IGNORE INTO shrunk VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    row.rule,
                    row.setup,
                    row.policy,
                    row.seed,
                    row.before[0],
                    row.before[1],
                    row.after[0],
                    row.after[1],
                    row.replays,
                    row.message,
                    row.trace,
                ),
            )


def open_existing(folder: Path) -> Store:
    """The store of an existing campaign folder, opened read-only. Raises StoreError when ``folder``
    holds no campaign."""
    if not (folder / FILE).is_file():
        raise StoreError(f"{folder}: no campaign here (no {FILE})")
    store = Store(folder, read_only=True)
    if store.plan() is None:
        store.close()
        raise StoreError(f"{folder / FILE}: a campaign database without a plan")
    return store
