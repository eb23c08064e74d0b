"""The effect language's grammar: what it reads, and how it explains what it cannot."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dsl import ast
from dsl.parser import SYNTAX_EXAMPLES, EffectSyntaxError, parse_body, parse_module


def test_a_card_event_reads_like_its_text():
    body = parse_body("red chooses 2 s in north where troops[s][blue] == 0:\n"
                      "    troops[s][red] += 1\n")
    [choose] = body.statements
    assert choose == ast.ChooseStmt(
        chooser=ast.Name("red"), count=ast.IntLit(2), up_to=False, var="s",
        source=ast.Name("north"),
        cond=ast.Compare(ast.Index(ast.Index(ast.Name("troops"), ast.Name("s")), ast.Name("blue")),
                         ("==",), (ast.IntLit(0),)),
        each_limit=None,
        body=(ast.AssignStmt(ast.Index(ast.Index(ast.Name("troops"), ast.Name("s")),
                                       ast.Name("red")), "+=", ast.IntLit(1)),))


def test_spans_do_not_take_part_in_equality_but_are_kept():
    a = parse_body("let x = 1\n").statements[0]
    b = parse_body("\n\nlet   x = 1\n").statements[0]
    assert a == b
    assert (a.span.line, b.span.line) == (1, 3)


def test_definitions_of_every_kind():
    module = parse_module(
        "event ended(p: player)\n"
        "hook power(c: card) -> int:\n    return c.power\n"
        "function twice(n: int) -> int:\n    return 2 * n\n"
        "procedure go(p: player, n: int = 1):\n    require n > 0\n    score += twice(n)\n")
    kinds = [type(d).__name__ for d in module.definitions]
    assert kinds == ["EventDef", "HookDef", "FunctionDef", "ProcedureDef"]
    assert module.definitions[3].params[1].default == ast.IntLit(1)


def test_every_statement_kind_parses():
    body = parse_body(
        "let n = red chooses number from 0 to 3\n"
        "let c = red chooses one c in hand[red] where c.power >= 2\n"
        "red chooses up to 3 s in spaces, at most 2 each:\n    troops[s][red] += 1\n"
        "red chooses:\n    \"event\" if has_event(c):\n        play_event(c, red)\n"
        "    \"pass\":\n        pass\n"
        "lasting boost until round_end:\n    modify power(x, p) by 1 if p == red\n"
        "    forbid may_play(x, p)\n    when placed(p, s):\n        score -= 1\n"
        "lasting while score < 3:\n    modify power(x, p) by -1\n"
        "lasting once:\n    when placed(p, s):\n        pass\n"
        "lasting forever:\n    forbid may_play(x, p) if x == c\n"
        "move c to discard at bottom\ndraw 2 from deck to hand[blue]\nshuffle deck\n"
        "log \"note\" with n=n, c=c\nemit placed(red, north)\ncancel boost\n"
        "for s in north | south where s.value > 1:\n    break\n"
        "while score < 2:\n    score += 1\nrepeat 2 times:\n    pass\n"
        "if n == 1: score += 1\nelif n == 2:\n    score += 2\nelse:\n    pass\n"
        "let total = sum(troops[s][red] for s in north where s.value > 0)\n"
        "let few = {s in spaces where troops[s][red] < 2}\n"
        "let r = roll(2d6) - -1\n"
        "end game winner red because \"score\"\nend game draw\nreturn\n")
    assert len(body.statements) == 24


@pytest.mark.parametrize("label,snippet", [(label, snippet) for label, snippets in
                                           SYNTAX_EXAMPLES.items() for snippet in snippets])
def test_common_slips_get_their_own_message(label, snippet):
    with pytest.raises(EffectSyntaxError) as caught:
        parse_body(snippet)
    assert caught.value.hint == label


def test_a_log_line_may_be_for_one_player():
    private, bare, public = parse_body('log "media_peek" to p with card=c\nlog "seen" to opponent(p)\n'
                                       'log "note" with n=1\n').statements
    assert private == ast.LogStmt("media_peek", (ast.Kwarg("card", ast.Name("c")),), ast.Name("p"))
    assert bare == ast.LogStmt("seen", (), ast.Call("opponent", (ast.Name("p"),)))
    assert public.reader is None and public.args == (ast.Kwarg("n", ast.IntLit(1)),)
    assert [type(n).__name__ for n in private.walk()] == ["LogStmt", "Name", "Kwarg", "Name"]
    with pytest.raises(EffectSyntaxError):
        parse_body('log "seen" with card=c to p\n')  # the reader comes before the arguments


def test_syntax_error_position_is_inside_the_text():
    with pytest.raises(EffectSyntaxError) as caught:
        parse_body("let a = 1\nif a = 1:\n    pass\n")
    assert (caught.value.line, caught.value.col) == (2, 6)
    assert caught.value.code == "E401"


def test_bad_indentation_is_its_own_error():
    with pytest.raises(EffectSyntaxError) as caught:
        parse_body("if x:\n    pass\n  pass\n")
    assert (caught.value.code, caught.value.line) == ("E402", 3)


TOKENS = list("abcdefrsx_0123456789 ()[]{}:=<>+-*/%|&.,\"#\n\t") + [
    "if ", "let ", "for ", " in ", " chooses ", "lasting ", "until ", "while ", " where ", "    ",
    "not ", "and ", "d6", ":\n    "]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=60).map("".join))
def test_random_text_only_ever_raises_effect_syntax_error(text):
    for parse in (parse_body, parse_module):
        try:
            parse(text)
        except EffectSyntaxError:
            pass


def test_comments_may_stand_anywhere_a_line_may():
    """Comments on their own lines (at any indentation) and after statements are ignored,
    also between a block's header and its first line."""
    with_comments = parse_body(
        "# first\n"
        "x = 1  # trailing\n"
        "red chooses:\n"
        "    # before the first option\n"
        "    \"a\":\n"
        "        # inside\n"
        "            # at an odd indentation\n"
        "        y = 2\n"
        "# between\n"
        "z = 3\n"
        "# last")
    plain = parse_body('x = 1\nred chooses:\n    "a":\n        y = 2\nz = 3\n')
    assert with_comments == plain


def test_secretly_marks_every_kind_of_choice():
    body = parse_body(
        "let c = red secretly chooses one c in hand[red]\n"
        "let n = red secretly chooses number from 0 to 3\n"
        "red secretly chooses 2 s in north:\n"
        "    pass\n"
        "red secretly chooses:\n"
        "    \"a\":\n"
        "        pass\n"
        "let d = red chooses one c in hand[red]\n")
    one, number, many, options, plain = body.statements
    assert one.value.secret and number.value.secret and many.secret and options.secret
    assert not plain.value.secret
