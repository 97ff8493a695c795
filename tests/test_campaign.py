"""Campaigns (reference/campaign/): shards that replay identically, a store that counts every game
once, a run on a real Dask scheduler with two workers one of which is killed, Ctrl-C and resume,
a planted fault found, shrunk and reported under its rule, outcome mode against an implementation,
the report, and the command line's errors."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from click.testing import CliRunner

from reference import wire
from reference.campaign import games
from reference.campaign.plan import (
    SETUP_NAMES,
    Plan,
    PlanError,
    Shard,
    select_policies,
    select_setups,
    setup_for,
)
from reference.campaign.report import ReportError, build, write_report
from reference.campaign.run import run
from reference.campaign.store import FILE, Store, StoreError
from reference.campaign.work import run_shard
from reference.cli import cli

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
WCREF = str(BIN / "wcref")


def query(folder: Path, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Rows of a read-only query on the campaign database of ``folder``."""
    with closing(sqlite3.connect(f"file:{folder / FILE}?mode=ro", uri=True)) as db:
        return [tuple(row) for row in db.execute(sql, params)]


def _counts(folder: Path) -> tuple[int, int, int]:
    """(games, distinct (setup, policy, seed), shards) recorded."""
    games_n = query(folder, "SELECT COUNT(*) FROM games")[0][0]
    distinct = query(folder, "SELECT COUNT(*) FROM (SELECT DISTINCT setup, policy, seed FROM games)")[0][0]
    shards = query(folder, "SELECT COUNT(*) FROM shards")[0][0]
    return int(str(games_n)), int(str(distinct)), int(str(shards))


def _every_game_once(folder: Path, plan: Plan) -> None:
    """Every planned game recorded exactly once, and nothing else."""
    rows = query(folder, "SELECT setup, policy, seed FROM games")
    expected = {
        (s, p, seed)
        for s in plan.setups
        for p in plan.policies
        for seed in range(plan.seed, plan.seed + plan.games)
    }
    assert len(rows) == len(expected)
    assert {(str(a), str(b), int(str(c))) for a, b, c in rows} == expected
    shard_rows = query(folder, "SELECT SUM(count) FROM shards")
    assert int(str(shard_rows[0][0])) == plan.total


# ---- the plan and one shard ---------------------------------------------------------------------------


def test_setup_names_and_patterns() -> None:
    assert len(SETUP_NAMES) == 36
    tokugawa = select_setups(["tokugawa-*"])
    assert len(tokugawa) == 12
    assert all(name.startswith("tokugawa-") for name in tokugawa)
    assert "tokugawa-hard+readings+generated" in tokugawa
    assert select_setups(["*-clans", "2-clans"]) == ("2-clans", "3-clans", "4-clans")
    assert select_setups(["all"]) == SETUP_NAMES
    with pytest.raises(PlanError, match="no setup is called 'tokugawa-expert'"):
        select_setups(["tokugawa-expert"])
    with pytest.raises(PlanError, match="no policy is called 'smart'"):
        select_policies(["smart"])
    hard = setup_for("gingkogawa-hard+readings", 3)
    assert hard.solo is not None
    assert hard.solo.pair_colour == "die"
    assert hard.readings.domain_icon == "members"
    generated = setup_for("3-clans+generated", 7)
    assert generated.content is not None
    assert generated.players == 3
    # seeds of a content block share one draw; a seed picks its content from it
    assert setup_for("3-clans+generated", 7) == generated
    assert setup_for("3-clans+generated", 8).content != generated.content


def test_plan_shards_cover_every_seed_once() -> None:
    plan = Plan(
        setups=("2-clans", "tokugawa-hard"), policies=("random", "greedy"), games=45, seed=10, shard_size=20
    )
    shards = plan.shards()
    assert len(shards) == 2 * 2 * 3
    assert [s.count for s in shards[:3]] == [20, 20, 5]
    seeds = [(s.setup, s.policy, seed) for s in shards for seed in range(s.first, s.first + s.count)]
    assert len(seeds) == len(set(seeds)) == plan.total == 180
    assert len({s.id for s in shards}) == len(shards)


def test_a_shard_replays_identically() -> None:
    shard = Shard(setup="tokugawa-medium+readings", policy="random", first=5, count=6)
    first, again = run_shard(shard), run_shard(shard)
    assert first.games == again.games
    assert first.rules == again.rules
    assert first.reached == again.reached
    assert [g.seed for g in first.games] == list(range(5, 11))
    assert all(g.outcome == "ok" and g.totals for g in first.games)
    # the events of a game apply register IDs: the coverage counts them
    assert first.rules["SOLO.GOLDEN.NEVER_PAYS"] > 0


def test_a_game_replays_from_its_choices() -> None:
    setup = setup_for("3-clans", 4)
    played = games.play(setup, 4, "random")
    replayed = games.play(setup, 4, "random", choices=played.choices)
    assert played.failure is None
    assert replayed.failure is None
    assert wire.digest(played.final) == wire.digest(replayed.final)
    # other decisions, the same chance generator: another game
    other = games.play(setup, 4, "random", choices=[0] * len(played.choices))
    assert wire.digest(other.final) != wire.digest(played.final)


def test_shrinking_keeps_the_rule_and_does_not_grow() -> None:
    from properties.faults import FAULTS

    spoil = FAULTS["seal-cap-6"].spoil
    seed = next(
        s for s in range(60) if games.play(setup_for("4-clans", s), s, "random", spoiler=spoil).failure
    )
    setup = setup_for("4-clans", seed)
    shrunk = games.shrink(setup, seed, "random", "SEALS.CAP", spoiler=spoil)
    assert shrunk.game.failure is not None
    assert shrunk.game.failure.rule == "SEALS.CAP"
    assert shrunk.after <= shrunk.before
    assert shrunk.after[1] < shrunk.before[1]  # fewer decisions off the first option
    with pytest.raises(ValueError, match=r"does not fail on SEALS\.CAP"):
        games.shrink(setup, seed, "random", "SEALS.CAP")  # the real engine does not fail


# ---- the store -----------------------------------------------------------------------------------------


def test_a_shard_recorded_twice_counts_once(tmp_path: Path) -> None:
    plan = Plan(setups=("2-clans",), policies=("random",), games=4, shard_size=4)
    result = run_shard(plan.shards()[0])
    with Store(tmp_path) as store:
        store.start(plan)
        assert store.record(result, 0.0)
        assert not store.record(result, 1.0)
        assert store.games_recorded() == 4
        with pytest.raises(sqlite3.IntegrityError):  # the database itself refuses a game twice
            store.db.execute("INSERT INTO games VALUES ('2-clans', 'random', 0, 'ok', '', '', '', 0, 0)")
        with pytest.raises(StoreError, match="another plan: games 4 \\(asked: 5\\)"):
            store.start(Plan(setups=("2-clans",), policies=("random",), games=5, shard_size=4))


def test_a_file_that_is_not_a_campaign_is_refused(tmp_path: Path) -> None:
    (tmp_path / FILE).write_bytes(b"this is not SQLite" * 100)
    with pytest.raises(StoreError, match="not a campaign database"):
        Store(tmp_path)
    afile = tmp_path / "plain"
    afile.write_text("x")
    with pytest.raises(StoreError, match="not a folder"):
        Store(afile)


# ---- runs -------------------------------------------------------------------------------------------------


def test_local_campaign_runs_resumes_and_reports(tmp_path: Path) -> None:
    plan = Plan(
        setups=("2-clans", "tokugawa-hard", "gingkogawa-easy+generated"),
        policies=("random",),
        games=12,
        shard_size=4,
    )
    summary = run(tmp_path, plan, workers=2)
    assert summary.shards_run == 9
    assert summary.failures == 0
    assert not summary.broken_shards
    _every_game_once(tmp_path, plan)
    again = run(tmp_path, plan, workers=1)
    assert again.shards_run == 0
    assert again.shards_skipped == 9
    assert _counts(tmp_path) == (36, 36, 9)
    html, data = write_report(tmp_path, tmp_path / "report.html")
    report = json.loads(data.read_text())
    assert report["recorded"] == report["planned"] == 36
    assert report["outcomes"].get("ok", 0) + report["outcomes"].get("unfinished", 0) == 36
    assert report["rules"]["SOLO.GOLDEN.NEVER_PAYS"] > 0
    assert "GINKGO.SETUP" in report["rules"]
    # every register ID is either applied or listed as never applied
    from reference.rulebook import rule_ids

    assert set(report["rules"]) | set(report["never_exercised"]) >= rule_ids()
    assert not set(report["rules"]) & set(report["never_exercised"])
    assert {s["setup"] for s in report["setups"]} == set(plan.setups)
    assert report["failures"] == []
    page = html.read_text()
    for plot in ("coverage", "reached", "scores", "wins", "decisions"):
        assert f'id="plot-{plot}"><svg' in page
    assert "mathdefault" not in re.sub(r"<!--.*?-->", "", page, flags=re.DOTALL)  # ticks drawn, not their TeX
    assert ">SOLO.GOLDEN.NEVER_PAYS<" in page  # the plots' labels are text
    assert report["complete"] is True
    assert report["out_of_plan"] == []  # both rivals played
    assert 'src="http' not in page
    assert 'href="http' not in page
    assert "<script" not in page


def test_planted_fault_is_found_shrunk_and_reported(tmp_path: Path) -> None:
    plan = Plan(setups=("4-clans",), policies=("random",), games=24, shard_size=12, plant="seal-cap-6")
    summary = run(tmp_path, plan, workers=2)
    assert summary.failures > 0
    assert summary.shrunk == 1
    rules = {str(r[0]) for r in query(tmp_path, "SELECT DISTINCT rule FROM failures")}
    assert rules == {"SEALS.CAP"}
    report, _, _ = build(tmp_path)
    (group,) = report.failures
    assert group.rule == "SEALS.CAP"
    assert group.games == summary.failures
    small = group.shrunk
    assert small is not None
    assert (small.actions_after, small.decisions_after) <= (small.actions_before, small.decisions_before)
    html, _ = write_report(tmp_path, tmp_path / "out" / "r.html")
    shrunk_file = tmp_path / "out" / "r-failures" / "SEALS.CAP.shrunk.trace.json"
    assert "SEALS.CAP" in html.read_text()
    assert shrunk_file.is_file()
    trace = wire.read_trace(shrunk_file)
    assert len(trace.actions) == small.actions_after
    wire.replay(trace)  # the real engine plays the shrunk game (the fault was planted, not in the engine)


def test_outcome_mode_against_an_implementation(tmp_path: Path) -> None:
    composite = f"{sys.executable} {ROOT / 'tests' / 'outcome_impl.py'}"
    good = Plan(setups=("2-clans",), policies=("random",), games=1, shard_size=1, impl=composite)
    assert run(tmp_path / "good", good, workers=1).failures == 0
    bad = Plan(
        setups=("2-clans",), policies=("random",), games=1, shard_size=1, impl=f"{composite} dice-stay"
    )
    summary = run(tmp_path / "bad", bad, workers=1)
    assert summary.failures > 0
    kinds = {(str(k), str(r)) for k, r in query(tmp_path / "bad", "SELECT kind, rule FROM failures")}
    assert ("diverged", "ROUND.CLEAR_REROLL") in kinds
    (outcome,) = query(tmp_path / "bad", "SELECT outcome FROM games")  # the game is not ok
    assert outcome == ("diverged",)


# ---- a real scheduler, two workers, one killed; Ctrl-C ------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_for(condition: object, timeout: float, what: str) -> None:
    assert callable(condition)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


def _shards_done(folder: Path) -> int:
    if not (folder / FILE).exists():
        return 0
    try:
        return int(str(query(folder, "SELECT COUNT(*) FROM shards")[0][0]))
    except sqlite3.Error:
        return 0


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[tuple[str, list[subprocess.Popen[bytes]]]]:
    """A Dask scheduler and two single-process workers on loopback (real processes)."""
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs: list[subprocess.Popen[bytes]] = [
        subprocess.Popen(
            [str(BIN / "dask"), "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=env,
        )
    ]
    time.sleep(1.0)
    workers = [
        subprocess.Popen(
            [
                str(BIN / "dask"),
                "worker",
                address,
                "--nthreads",
                "1",
                "--no-nanny",
                "--no-dashboard",
                "--name",
                f"w{i}",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=env,
        )
        for i in range(2)
    ]
    procs += workers
    try:
        from distributed import Client

        with Client(address, timeout=30) as client:
            client.wait_for_workers(2, timeout=60)
        yield address, workers
    finally:
        for proc in procs:
            proc.kill()
            proc.wait()


def test_a_killed_worker_loses_no_game_and_counts_none_twice(
    tmp_path: Path, cluster: tuple[str, list[subprocess.Popen[bytes]]]
) -> None:
    address, workers = cluster
    folder = tmp_path / "c"
    plan = Plan(setups=("3-clans", "tokugawa-easy"), policies=("random",), games=120, shard_size=6)
    driver = subprocess.Popen(
        [
            WCREF,
            "campaign",
            "run",
            str(folder),
            "--scheduler",
            address,
            "--quiet",
            "--games",
            "120",
            "--setups",
            "3-clans,tokugawa-easy",
            "--shard-size",
            "6",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )

    def both_working() -> bool:
        if _shards_done(folder) < 4:
            return False
        return len(query(folder, "SELECT DISTINCT worker FROM shards")) == 2

    _wait_for(both_working, 120, "shards from both workers")
    workers[0].kill()
    workers[0].wait()
    killed_at = _shards_done(folder)
    out, err = driver.communicate(timeout=300)
    assert driver.returncode == 0, err.decode()
    assert killed_at < len(plan.shards())  # the worker died in the middle of the campaign
    _every_game_once(folder, plan)
    assert b"240 of 240 games recorded" in out


def test_ctrl_c_stops_and_the_campaign_resumes(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    games = 80  # per setup
    args = [
        WCREF,
        "campaign",
        "run",
        str(folder),
        "--workers",
        "1",
        "--quiet",
        "--games",
        str(games),
        "--setups",
        "2-clans,tokugawa-medium",
        "--shard-size",
        "5",
    ]
    driver = subprocess.Popen(
        args,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        # as from a terminal: a runner that ignores Ctrl-C (a background job does) would pass that on, and
        # a program started with SIGINT ignored keeps ignoring it
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    _wait_for(lambda: _shards_done(folder) >= 3, 120, "the first shards")
    os.killpg(driver.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the driver and its cluster's processes
    _out, err = driver.communicate(timeout=120)
    assert driver.returncode == 130, err.decode()
    assert b"run the campaign again to resume" in err
    assert b"Traceback" not in err  # the workers ignore it; only the driver stops
    stopped_at = _counts(folder)
    assert 0 < stopped_at[0] < 2 * games
    assert stopped_at[0] == stopped_at[1]
    resumed = subprocess.run(
        [WCREF, "campaign", "run", str(folder), "--quiet", "--workers", "2"], capture_output=True, timeout=600
    )
    assert resumed.returncode == 0, resumed.stderr.decode()
    plan = Plan(setups=("2-clans", "tokugawa-medium"), policies=("random",), games=games, shard_size=5)
    _every_game_once(folder, plan)
    assert f"{stopped_at[2]} already there".encode() in resumed.stdout


# ---- the command line -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--workers", "2", "--scheduler", "tcp://127.0.0.1:9"], "--workers is for a local cluster"),
        (["--scheduler", "tcp://"], "--scheduler tcp://: "),
        (["--scheduler", "foo://bar:1"], "unknown address scheme"),
        (["--games", str(10**24)], "is not between 1 and 1,000,000,000"),
        (["--seed", str(2**70)], "go past"),
        (["--games", "1000000", "--shard-size", "1"], "more than 1,000,000"),
        (["--impl", "/nonexistent/program"], "--impl /nonexistent/program: "),
        (["--impl", "unbalanced 'quote"], "--impl: No closing quotation"),
        (["--setups", "5-clans"], "no setup is called '5-clans'"),
        (["--policies", "smart"], "no policy is called 'smart'"),
        (["--plant", "seal-cap-7"], "no fault is called 'seal-cap-7'"),
        (["--games", "0"], "0 is not in the range x>=1"),
        (["--setups", ","], "an empty list of names"),
    ],
)
def test_run_refuses_bad_options(tmp_path: Path, args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, ["campaign", "run", str(tmp_path / "c"), *args])
    assert result.exit_code == 2
    assert message in result.output
    assert result.output.startswith("error: ")
    assert not (tmp_path / "c").exists()  # a refused command creates nothing


def test_run_refuses_another_plan_and_report_needs_a_campaign(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    with Store(folder) as store:
        store.start(Plan(setups=("2-clans",), policies=("random",), games=3))
    result = CliRunner().invoke(cli, ["campaign", "run", str(folder), "--games", "4", "--setups", "2-clans"])
    assert result.exit_code == 2
    assert "holds another campaign: --games 4 (the campaign has 3)" in result.output
    assert "--setups" not in result.output  # only the options given are compared
    empty = tmp_path / "empty"
    empty.mkdir()
    result = CliRunner().invoke(cli, ["campaign", "report", str(empty)])
    assert result.exit_code == 2
    assert "no campaign here" in result.output


# ---- the report in a headless browser (tox -e browser) ---------------------------------------------------


@pytest.mark.browser
def test_the_report_renders_in_a_browser(tmp_path: Path) -> None:
    from tests.test_view import SHOTS, dom, screenshot

    plan = Plan(
        setups=("4-clans", "tokugawa-hard", "gingkogawa-medium+readings"),
        policies=("random", "greedy"),
        games=6,
        shard_size=6,
        plant="seal-cap-6",
    )
    run(tmp_path / "c", plan, workers=2)
    html, _ = write_report(tmp_path / "c", tmp_path / "c" / "report.html")
    page = dom(tmp_path, html.as_uri())
    assert page.count("<svg") >= 5
    for plot in ("coverage", "reached", "scores", "wins", "decisions"):
        assert f'id="plot-{plot}"' in page
    assert 'class="failure"' in page
    assert "SEALS.CAP" in page
    assert 'id="never"' in page  # a small campaign leaves rules unexercised: listed first
    screenshot(tmp_path, html.as_uri(), "campaign-report", "1400,2400")
    assert (SHOTS / "campaign-report.png").is_file()


def test_resuming_compares_only_the_options_given(tmp_path: Path) -> None:
    from reference.campaign.commands import _plan

    recorded = Plan(setups=("4-clans",), policies=("greedy",), games=7, seed=3, shard_size=2, legal_every=4)
    assert _plan(recorded, 7, None, None, None, None, None, None, 4) == recorded
    assert _plan(recorded, None, "4-clans", "greedy", 3, 2, "", "", None) == recorded
    assert _plan(recorded, 8, None, None, None, None, None, None, None).games == 8
    fresh = _plan(None, None, None, None, None, None, None, None, None)
    assert (fresh.setups, fresh.policies, fresh.games, fresh.shard_size) == (
        SETUP_NAMES,
        ("random",),
        1000,
        200,
    )


def test_a_partial_campaign_reports_what_is_missing(tmp_path: Path) -> None:
    plan = Plan(setups=("2-clans", "3-clans"), policies=("random",), games=4, shard_size=4)
    with Store(tmp_path) as store:
        store.start(plan)
        store.record(run_shard(plan.shards()[0]), 0.0)
    html, data = write_report(tmp_path, tmp_path / "report.html")
    report = json.loads(data.read_text())
    assert (report["recorded"], report["planned"], report["complete"]) == (4, 8, False)
    assert "SOLO.GOLDEN.NEVER_PAYS" in report["out_of_plan"]  # no solo setup in the plan
    assert 'id="incomplete"' in html.read_text()
    with pytest.raises(ReportError, match="overwrite the campaign database"):
        write_report(tmp_path, tmp_path / "campaign.sqlite")


def test_odd_task_and_file_names_never_collide() -> None:
    from reference.campaign.report import _file_name
    from reference.campaign.run import _encoded, task_key

    a = Shard(setup="2-clans", policy="random", first=0, count=30)
    keys = {
        task_key("shard", _encoded(shard), impl)
        for shard, impl in [
            (a, ""),
            (Shard(setup="2-clans", policy="random", first=0, count=200), ""),
            (Shard(setup="2-clans", policy="random", first=0, count=30, legal_every=0), ""),
            (Shard(setup="2-clans", policy="random", first=0, count=30, plant="seal-cap-6"), ""),
            (a, "other-impl"),
        ]
    }
    assert len(keys) == 5  # two campaigns on one scheduler never share a result
    assert _file_name("SEALS.CAP") == "SEALS.CAP"
    names = {_file_name(rule) for rule in ("A/B", "A_B", "A\\B", "..", "", "x" * 300)}
    assert len(names) == 6
    assert all("/" not in n and n not in ("", ".", "..") and len(n) < 100 for n in names)


def test_a_foreign_or_damaged_database_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "other"
    other.mkdir()
    with sqlite3.connect(other / FILE) as db:
        db.execute("CREATE TABLE invoices (id INTEGER)")
    with pytest.raises(StoreError, match="another program"):
        Store(other)
    assert {r[0] for r in sqlite3.connect(other / FILE).execute("SELECT name FROM sqlite_master")} == {
        "invoices"
    }
    bad = tmp_path / "bad"
    with Store(bad) as store:
        store.start(Plan(setups=("2-clans",), policies=("random",), games=3))
        store.db.execute(
            "UPDATE meta SET value = ? WHERE key = 'plan'",
            ('{"setups":["2-clans"],"policies":["random"],"games":3,"shard_size":0}',),
        )
    with pytest.raises(StoreError, match="cannot be played: shard_size 0"):
        Store(bad).plan()


def test_report_odd_stored_strings(tmp_path: Path) -> None:
    plan = Plan(setups=("2-clans",), policies=("random",), games=2, shard_size=2)
    with Store(tmp_path) as store:
        store.start(plan)
        store.record(run_shard(plan.shards()[0]), 0.0)
        store.db.execute("INSERT INTO rules VALUES ('x', '$\\notacommand$ <b>', 3)")
        store.db.execute("INSERT INTO rules VALUES ('x', '$x$', 3)")
        for rule in ("A/B", "A_B"):
            store.db.execute(
                "INSERT INTO failures VALUES ('2-clans', 'random', 0, 'crash', ?, ?, 1, 'not json')",
                (rule, "<script>alert(1)</script>" * 1000),
            )
    html, data = write_report(tmp_path, tmp_path / "r.html")
    page = html.read_text()
    assert "<script>alert" not in page
    report = json.loads(data.read_text())
    files = {f["trace_file"] for f in report["failures"]}
    assert len(files) == 2
    assert all(len(f["message"]) < 2_100 for f in report["failures"])
    assert (tmp_path / sorted(files)[0]).read_text() == "not json"
    with pytest.raises(ReportError, match="another name than its JSON"):
        write_report(tmp_path, tmp_path / "r.json")


def test_drawing_content_beside_a_thread_using_random_is_quiet() -> None:
    # on a Dask worker another thread uses the random module while Hypothesis draws the content
    import random
    import threading
    import warnings

    from reference.campaign.plan import generated

    stop = threading.Event()

    def noise() -> None:
        while not stop.is_set():
            random.random()
            time.sleep(0.0001)

    thread = threading.Thread(target=noise, daemon=True)
    thread.start()
    try:
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            generated(7_777)
    finally:
        stop.set()
        thread.join()
    assert not [w for w in seen if "random" in str(w.message)]


def test_the_gap_a_campaign_found_is_still_named() -> None:
    # A 50,400-game campaign on generated content reached a case no rule covers: a castle room waits
    # for its refill after a light action whose own refill used its floor's last card. The engine
    # stops there with a RulesGap naming COURTIER.FLOOR12.REFILL (the shrunk game, 239 actions).
    trace = wire.read_trace(ROOT / "tests" / "fixtures" / "campaign-gap-refill.json")
    assert trace.setup.content is not None
    assert trace.setup.solo is not None
    assert trace.setup.solo.rival.value == "gingkogawa"
    with pytest.raises(wire.ReplayRefused, match=r"rules gap near \[COURTIER\.FLOOR12\.REFILL\]") as refused:
        wire.replay(trace)
    assert f"$.actions[{len(trace.actions) - 1}]" in str(refused.value)  # the game's last action
