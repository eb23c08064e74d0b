"""Writes are atomic and have one writer: a run killed at any file-system step leaves the old
output or the new one, whole; concurrent runs wait for each other (docs/security.md)."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from compiler import fsio
from compiler.back.sheets import build as sheets_build
from compiler.tools.build import render_game, write_engine

from ..conftest import FIXTURES, ROOT

TINY = FIXTURES / "games" / "tiny"
MUTATING = ("_replace", "_rename", "_exchange", "_rmtree", "_unlink", "_mkdir", "_mkdir_private",
            "_mkstemp", "_write_fd")


class Killed(BaseException):
    """The process died here."""


class World:
    """Counts fsio's mutating calls; from the N-th on, every one of them dies, as a killed process
    does nothing more (not even its clean-up handlers)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, die_at: int | None):
        self.calls = 0
        self.die_at = die_at
        for name in MUTATING:
            real = getattr(fsio, name)
            monkeypatch.setattr(fsio, name, self._wrap(real))

    def _wrap(self, real):
        def call(*args, **kwargs):
            self.calls += 1
            if self.die_at is not None and self.calls >= self.die_at:
                raise Killed
            return real(*args, **kwargs)

        return call


def _snapshot(folder: Path, marked: bool = True) -> dict[str, bytes] | None:
    """The files of a folder; of an output folder (`marked`), its mark aside, asserted present:
    every output holds it."""
    if not folder.is_dir():
        return None
    files = {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}
    if marked:
        assert files.pop(fsio.MARK, None) == fsio.MARK_TEXT.encode(), f"{folder} has no mark"
    return files


def _importable(out: Path, package: str) -> str:
    """The text of the engine `out/package` as a fresh Python imports it (its tracks' maximum)."""
    program = (f"import sys; sys.path[:0] = [{str(ROOT)!r}, {str(out)!r}]\n"
               f"import {package}\nprint({package}.Game.spec.tracks)")
    # -B: no .pyc, which Python could take for fresh when old and new have the same size and second
    found = subprocess.run([sys.executable, "-B", "-c", program], capture_output=True, text=True, timeout=60)
    assert found.returncode == 0, found.stderr
    return found.stdout


def _tiny_versions(tmp_path: Path) -> tuple[dict[str, str], dict[str, str]]:
    """Engine files of the tiny game before and after a change of its content."""
    game = tmp_path / "content" / "tiny"
    shutil.copytree(TINY, game)
    _, old, _ = render_game(game)
    tracks = game / "tracks.yaml"
    tracks.write_text(tracks.read_text("utf-8").replace("max: 10", "max: 12", 1), "utf-8")
    _, new, _ = render_game(game)
    assert old != new
    return old, new


def _steps(monkeypatch, action) -> int:
    with monkeypatch.context() as patch:
        world = World(patch, None)
        action()
    return world.calls


def test_a_build_killed_at_any_step_leaves_the_old_engine_or_the_new_one(tmp_path, monkeypatch):
    old, new = _tiny_versions(tmp_path)
    encoded = [{k: v.encode() for k, v in files.items()} for files in (old, new)]
    out = tmp_path / "out"
    write_engine(tmp_path / "probe", "tiny", old)
    steps = _steps(monkeypatch, lambda: write_engine(tmp_path / "probe", "tiny", new))
    assert steps >= 10
    imported = set()
    for die_at in range(1, steps + 1):
        shutil.rmtree(out, ignore_errors=True)
        write_engine(out, "tiny", old)
        with monkeypatch.context() as patch:
            World(patch, die_at)
            with pytest.raises(Killed):
                write_engine(out, "tiny", new)
        # at the instant it died, before any recovery: the engine is whole, old or new (the swap
        # is one atomic exchange), and a fresh Python imports it
        assert _snapshot(out / "tiny") in encoded, f"killed at step {die_at}: no whole engine"
        imported.add(_importable(out, "tiny"))
        fsio.recover_folder(out / "tiny")  # what the next run does first
        assert _snapshot(out / "tiny") in encoded, f"killed at step {die_at}"
        assert sorted(p.name for p in out.iterdir() if p.is_dir()) == ["tiny"], die_at
    assert len(imported) == 2  # some deaths leave the old engine, the later ones the new
    write_engine(out, "tiny", new)  # and the next build completes
    assert _snapshot(out / "tiny") == encoded[1]


def test_sheets_killed_at_any_step_are_the_old_or_the_new_ones(tmp_path, monkeypatch):
    target = tmp_path / "build" / "tiny" / "pl"

    def fake_render(version: str):
        def render(compiled, lang, options, folder):
            for name in sheets_build.FILES:
                fsio.write_text(folder / name, f"{version} {name}")
            return []
        return render

    versions = []
    for version in ("old", "new"):
        versions.append({name: f"{version} {name}".encode() for name in sheets_build.FILES})
    monkeypatch.setattr(sheets_build, "render_sheets", fake_render("old"))
    sheets_build.write_sheets(None, "pl", sheets_build.Options(), tmp_path / "probe")
    monkeypatch.setattr(sheets_build, "render_sheets", fake_render("new"))
    steps = _steps(monkeypatch, lambda: sheets_build.write_sheets(None, "pl", sheets_build.Options(),
                                                                  tmp_path / "probe"))
    for die_at in range(1, steps + 1):
        shutil.rmtree(target.parent, ignore_errors=True)
        monkeypatch.setattr(sheets_build, "render_sheets", fake_render("old"))
        sheets_build.write_sheets(None, "pl", sheets_build.Options(), target)
        monkeypatch.setattr(sheets_build, "render_sheets", fake_render("new"))
        with monkeypatch.context() as patch:
            World(patch, die_at)
            with pytest.raises(Killed):
                sheets_build.write_sheets(None, "pl", sheets_build.Options(), target)
        assert _snapshot(target) in versions, f"killed at step {die_at}: no whole sheets"
        fsio.recover_folder(target)
        assert _snapshot(target) in versions, f"killed at step {die_at}"


@contextlib.contextmanager
def _group_ended(run: subprocess.Popen):
    """Whatever the test found, no process of `run`'s group (its own session) outlives it."""
    try:
        yield
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(run.pid, signal.SIGKILL)
        run.wait()
        for stream in (run.stdout, run.stderr):
            stream.close()


def test_ctrl_c_while_languages_are_laid_out_side_by_side_leaves_the_old_sheets_and_nothing_else(tmp_path):
    """Ctrl-C reaches the whole process group: the workers leave it to the parent, which
    terminates them; each unwinds through its writer's clean-up. One line, exit 130."""
    game = FIXTURES / "games" / "podium"
    command = [sys.executable, "-m", "compiler.cli", "sheets", str(game), "--jobs", "3",
               "--out", str(tmp_path)]
    first = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    before = {lang: _snapshot(tmp_path / "podium" / lang) for lang in ("en", "pl", "cs")}
    run = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           start_new_session=True,  # its own group, as a terminal's foreground job
                           preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    with _group_ended(run):
        deadline = time.monotonic() + 60
        while not any(p.name.endswith(".new") for p in (tmp_path / "podium").iterdir()):
            assert time.monotonic() < deadline and run.poll() is None, "no language was being laid out"
            time.sleep(0.01)
        os.killpg(run.pid, signal.SIGINT)
        out, err = run.communicate(timeout=60)
    assert run.returncode == 130 and err == "kurtyna: interrupted\n", err
    assert {lang: _snapshot(tmp_path / "podium" / lang) for lang in ("en", "pl", "cs")} == before
    # at most what a killed run leaves (a signal between two of fsio's steps), which the next
    # run recovers (staging folders) or reuses (lock files)
    left = {p.name for p in (tmp_path / "podium").iterdir()} - {"cs", "en", "pl"}
    assert left <= {f".{lang}{end}" for lang in ("en", "pl", "cs") for end in (".new", ".old", ".lock")}
    for lang in ("en", "pl", "cs"):
        fsio.recover_folder(tmp_path / "podium" / lang)
    assert not {p.name for p in (tmp_path / "podium").iterdir() if p.is_dir()} - {"cs", "en", "pl"}


def test_a_language_whose_process_is_killed_is_reported_and_the_others_are_written(tmp_path):
    """A process laying out one language that dies without an answer (killed, out of memory)
    is a line on stderr and exit 1; the other languages are written, that one keeps its old
    sheets (here: none)."""
    command = [sys.executable, "-m", "compiler.cli", "sheets", str(FIXTURES / "games" / "podium"),
               "--jobs", "3", "--out", str(tmp_path)]
    run = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           start_new_session=True)
    with _group_ended(run):
        children = Path(f"/proc/{run.pid}/task/{run.pid}/children")
        deadline = time.monotonic() + 60
        while len(children.read_text().split()) < 3:  # the three languages' processes
            assert time.monotonic() < deadline and run.poll() is None, "no process per language"
            time.sleep(0.01)
        os.kill(int(children.read_text().split()[0]), signal.SIGKILL)  # the first: English
        out, err = run.communicate(timeout=120)
    assert run.returncode == 1, err
    assert err == ("kurtyna: podium (en): the process laying out its sheets ended without an answer "
                   "(exit code -9); nothing written\n")
    assert [line.split(":")[0] for line in out.splitlines()] == ["podium (pl)", "podium (cs)"]
    assert not (tmp_path / "podium" / "en").exists()
    assert all(_snapshot(tmp_path / "podium" / lang) for lang in ("pl", "cs"))


def test_a_failing_render_leaves_the_old_folder_and_no_staging(tmp_path):
    target = tmp_path / "out" / "game"
    fsio.write_folder(target, {"a.py": "old"})

    def fill(folder: Path) -> None:
        fsio.write_text(folder / "a.py", "new")
        raise RuntimeError("renderer failed")

    with pytest.raises(RuntimeError):
        fsio.replace_folder(target, fill)
    assert _snapshot(target) == {"a.py": b"old"}
    assert [p.name for p in target.parent.iterdir() if p.is_dir()] == ["game"]


def test_leftovers_of_a_dead_run_are_recovered_or_cleaned(tmp_path):
    out = tmp_path / "out"
    new, old = fsio.staging_paths(out / "game")
    # killed after the old folder was put aside, before the new one moved in
    fsio.write_folder(new, {"a.py": "new"})
    fsio.write_folder(old, {"a.py": "old"})
    (out / ".game-abc1234_").mkdir()  # a staging folder of the earlier layout (mkdtemp's name)
    (out / ".game-notes").mkdir()  # the user's own: never taken for one
    fsio.recover_folder(out / "game")
    assert _snapshot(out / "game") == {"a.py": b"new"}
    assert sorted(p.name for p in out.iterdir()) == [".game-notes", "game"]


def test_files_and_folders_get_the_usual_modes(tmp_path):
    old = os.umask(0o022)
    try:
        fsio.write_folder(tmp_path / "pkg", {"a.py": "x"})
        fsio.write_text(tmp_path / "one.po", "y")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "pkg").stat().st_mode) == 0o755
    assert stat.S_IMODE((tmp_path / "pkg" / "a.py").stat().st_mode) == 0o644
    assert stat.S_IMODE((tmp_path / "one.po").stat().st_mode) == 0o644


def test_a_rewritten_file_keeps_its_mode_and_a_link_stays_a_link(tmp_path):
    """A translator's read-only or linked catalog is updated, not turned into another file."""
    shared = tmp_path / "shared" / "pl.po"
    fsio.write_text(shared, "old")
    shared.chmod(0o640)
    link = tmp_path / "game" / "pl.po"
    link.parent.mkdir()
    link.symlink_to(shared)
    fsio.write_text(link, "new", links_within=tmp_path)  # where the caller lets links lead
    assert link.is_symlink() and shared.read_text("utf-8") == "new"
    assert stat.S_IMODE(shared.stat().st_mode) == 0o640


def test_a_link_is_written_through_only_where_the_caller_lets_it_lead(tmp_path):
    """A shared folder's `messages.pot -> ~/.profile` (even dangling) is never written."""
    outside = tmp_path / "home" / ".profile"
    outside.parent.mkdir()
    game = tmp_path / "game"
    (game / "locales").mkdir(parents=True)
    (game / "locales" / "messages.pot").symlink_to(outside)  # dangling: the file does not exist
    (game / "notes.txt").symlink_to(outside)
    for path, within in ((game / "locales" / "messages.pot", game), (game / "notes.txt", None)):
        with pytest.raises(fsio.OutputRefused, match="link"):
            fsio.write_text(path, "echo pwned", links_within=within)
    assert not outside.exists()
    (tmp_path / "elsewhere").mkdir()
    (game / "linked").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    with pytest.raises(fsio.OutputRefused, match="outside"):  # a folder above it leads out
        fsio.write_text(game / "linked" / "pl.po", "x", links_within=game)
    assert not any((tmp_path / "elsewhere").iterdir())


def test_six_builds_at_once_all_succeed_and_leave_one_whole_engine(tmp_path):
    out = tmp_path / "out"
    command = [sys.executable, "-m", "compiler.cli", "build", str(TINY), "--out", str(out)]
    runs = [subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for _ in range(6)]
    results = [(run.wait(timeout=300), run.stderr.read()) for run in runs]
    for run in runs:
        run.stdout.close()
        run.stderr.close()
    assert all(code == 0 for code, _ in results), results
    assert all("Traceback" not in err for _, err in results)
    # no lock or staging left; the stamp of the last build (compiler/tools/stamps.py) stays
    assert sorted(p.name for p in out.iterdir()) == [".tiny.stamp", "__init__.py", "tiny"]
    _, files, _ = render_game(TINY)
    assert _snapshot(out / "tiny") == {name: text.encode() for name, text in files.items()}


def test_a_second_writer_waits_and_gives_up_with_a_clear_message(tmp_path):
    target = tmp_path / "out" / "game"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from compiler import fsio; from pathlib import Path\n"
         "with fsio.output_lock(Path(sys.argv[1])):\n    print('held', flush=True); time.sleep(30)",
         str(target)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(fsio.OutputBusy, match="another kurtyna run is still writing it"):
            with fsio.output_lock(target, wait=0.3):
                pass
    finally:
        holder.kill()
        holder.wait()
        holder.stdout.close()


def _israel_text_changed(game: Path, new: str) -> Path:
    """A copy of Żelazna Kurtyna whose Israel card says `new` instead of its printed text."""
    shutil.copytree(ROOT / "content" / "zelazna_kurtyna", game)
    cards = game / "cards.yaml"
    text = cards.read_text("utf-8")
    assert "infiltrates 2 cubes into Israel" in text
    cards.write_text(text.replace("infiltrates 2 cubes into Israel", new), "utf-8")
    return game


def test_nothing_is_written_when_the_text_checks_fail(tmp_path):
    """E701 (a card text that disagrees with its effect) stops build and sheets like any error."""
    game = _israel_text_changed(tmp_path / "zelazna_kurtyna", "infiltrates 3 cubes into Israel")
    for verb in (["build", "--out", str(tmp_path / "out")], ["sheets", "--out", str(tmp_path / "sheets")]):
        result = subprocess.run([sys.executable, "-m", "compiler.cli", verb[0], str(game), *verb[1:]],
                                cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert result.returncode == 1, result.stderr
        assert "error[E701]" in result.stderr and "nothing written" in result.stderr
        assert "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists() and not (tmp_path / "sheets").exists()


def test_an_i18n_update_killed_at_any_step_leaves_each_catalog_old_or_new(tmp_path, monkeypatch):
    from compiler.back.i18n.manage import update
    from compiler.pipeline import compile_game

    source = _israel_text_changed(tmp_path / "source" / "zelazna_kurtyna", "infiltrates 2 cubes into Israel!")
    locales = source / "locales"
    old = _snapshot(locales, marked=False)
    probe = tmp_path / "probe" / "zelazna_kurtyna"
    shutil.copytree(source, probe)
    assert update(compile_game(probe))  # the change reaches the catalogs
    new = _snapshot(probe / "locales", marked=False)
    assert new != old
    shutil.rmtree(probe)
    shutil.copytree(source, probe)
    steps = _steps(monkeypatch, lambda: update(compile_game(probe)))
    assert steps >= 4
    for die_at in range(1, steps + 1):
        game = tmp_path / f"run{die_at}" / "zelazna_kurtyna"
        shutil.copytree(source, game)
        compiled = compile_game(game)
        with monkeypatch.context() as patch:
            World(patch, die_at)
            with pytest.raises(Killed):
                update(compiled)
        after = _snapshot(game / "locales", marked=False)
        for name in old:
            assert after[name] in (old[name], new[name]), f"{name}, killed at step {die_at}"
