"""Sheet pages compared between two sides: text changes with a short word diff, image-only
changes, pages only on one side, and a language whose sheets failed."""

from compiler.tools.regress.sheetdiff import sheet_changes
from compiler.tools.regress.textdiff import word_diff


def _page(text: str, image: str = "a") -> dict:
    return {"text": text, "image": image}


def test_pages_that_changed_and_how():
    long = " ".join(f"w{i}" for i in range(60))
    before = {"en/cards.pdf": [_page(long), _page("same"), _page("frame", "x")],
              "pl": {"error": "E710"}}
    after = {"en/cards.pdf": [_page(long.replace("w30", "changed")), _page("same"), _page("frame", "y"),
                              _page("new page")],
             "pl": {"error": "E710"}}
    found = sheet_changes(before, after)
    assert found["pages_unchanged"] == 1 and found["errors"] == {}
    rows = {row["page"]: row for row in found["pages_changed"]}
    assert rows[1]["text_changed"] and "[-w30-] {+changed+}" in rows[1]["diff"]
    assert rows[1]["diff"].startswith("…") and rows[1]["diff"].endswith("…") and "w0 " not in rows[1]["diff"]
    assert not rows[3]["text_changed"] and rows[3]["image_changed"] and "diff" not in rows[3]
    assert rows[4]["only"] == "after"


def test_a_language_whose_sheets_stop_building_is_reported():
    found = sheet_changes({"cs/cards.pdf": [_page("x")]}, {"cs": {"error": "E710: too long"}})
    assert found["errors"] == {"cs": {"before": None, "after": "E710: too long"}}


def test_word_diff_marks_removed_and_added_words():
    assert word_diff("gains 4 points", "gains 3 points") == "gains [-4-] {+3+} points"
    assert word_diff("a b", "a b c") == "a b {+c+}"


def test_the_html_page_escapes_content_text():
    from compiler.tools.regress.render import html_page

    evil = "<script>alert(1)</script>"
    change = {"card": evil, "lang": "en", "before": "a", "after": evil, "diff": f"[-a-] {{+{evil}+}}"}
    report = {"base": {"label": "HEAD"}, "head": {"label": "working tree"},
              "settings": {"games": 2, "seed": 1, "alpha": 0.05},
              "verdict": {"newly_failing": 0, "newly_passing": 0, "diverged": 0, "faults": 0,
                          "significant": 0, "exit": 0},
              "games": [{"game": evil,
                         "scenarios": {"run": 0, "unchanged": 0, "newly_failing": [], "newly_passing": [],
                                       "added": [], "removed": []},
                         "playthroughs": {"seeds": 2, "identical": 2, "diverged": 0, "faults": [],
                                          "divergences": []},
                         "outcomes": {"games": 2, "alpha": 0.05, "metrics": []},
                         "text": {"cards": [change], "generated": [], "rules": [], "lint": [],
                                  "became_stale": {}}}]}
    page = html_page(report)
    assert "<script>" not in page
    assert "&lt;script&gt;" in page and "<ins>&lt;script&gt;" in page and "<del>a</del>" in page
