"""Typed input read with a timeout: a wait ends without Enter being pressed."""

from __future__ import annotations

import os

import pytest

from voice.hosting.text_adapter import ScriptedLines, StreamLines, TextEars
from voice.reply_kind import ReplyKind


def test_a_typed_line_arrives_and_a_wait_without_one_times_out() -> None:
    read, write = os.pipe()
    with os.fdopen(read, "r") as stream, os.fdopen(write, "w") as out:
        ears = TextEars(source=StreamLines(stream), clock=lambda: 7.0)
        silent = ears.listen("command", [], 0.0)
        assert silent.nbest == () and silent.timed_out and silent.typed
        out.write("we're ready\n")
        out.flush()
        heard = ears.listen("command", [], 30.0)
        assert heard.nbest == ("we're ready",) and heard.typed and not heard.timed_out
        out.close()
        assert ears.listen("command", [], 30.0).ended


def test_scripted_lines_arrive_at_once_and_end_like_closed_input() -> None:
    source = ScriptedLines(["a", ""])
    assert source.get(0.0) == "a" and source.get(0.0) == ""
    with pytest.raises(EOFError):
        source.get(0.0)
    ears = TextEars(["", "yes"])
    assert ears.listen("yesno", [], 1.0).timed_out
    assert ears.listen("yesno", [], 1.0).nbest == ("yes",)
    assert ears.listen("yesno", [], 1.0).ended


def test_a_word_typed_at_a_spelling_prompt_is_its_letters_but_a_command_is_not() -> None:
    ears = TextEars(["Colour", "repeat", "c o l", "colour"])
    colour = ears.listen(ReplyKind.SPELLING, [], 1)
    assert colour.nbest == ("c o l o u r",) and colour.as_put == "Colour"
    assert ears.listen(ReplyKind.SPELLING, [], 1).nbest == ("repeat",)
    assert ears.listen(ReplyKind.SPELLING, [], 1).as_put == "c o l"
    assert ears.listen(ReplyKind.WORD, [], 1).nbest == ("colour",)
    assert ears.listen(ReplyKind.SPELLING, [], 1).ended
