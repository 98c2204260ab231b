"""The simulated players' choices and the demo's latency meter (no audio)."""

from __future__ import annotations

import random

import pytest

from voice.audio.clips import Clip, rms_dbfs
from voice.commands.demo.game import ReplyMeter, TimedSource, at_level, percentile
from voice.commands.demo.players import PlayerPolicy, misspell, spoken_letters
from voice.hosting.exchange import Ask, Line


def _word_ask() -> Ask:
    return Ask([Line("wordup.crossword", {"clue": "x", "letter": "B"})], "word", "Anna",
               request={"accepted": ["banana", "bananas"]})


def test_right_answers_follow_p_correct() -> None:
    policy = PlayerPolicy(random.Random(3), p_correct=0.7)
    right = [policy.reply("word", ["banana"], _word_ask()).right for _ in range(400)]
    assert 0.62 < sum(bool(r) for r in right) / len(right) < 0.78
    wrong = PlayerPolicy(random.Random(3), p_correct=0.0).reply("word", ["banana"], _word_ask())
    assert wrong.right is False and wrong.text not in ("banana", "bananas")


def test_a_player_asked_again_repeats_then_passes() -> None:
    policy = PlayerPolicy(random.Random(1), p_correct=1.0)
    ask = _word_ask()
    said = [policy.reply("word", ["banana"], ask).text for _ in range(4)]
    assert said == ["banana", "banana", "banana", "pass"]


def test_spelling_is_letters_in_the_chosen_style() -> None:
    ask = Ask([Line("wordup.spelling", {})], "spelling", "Ben", request={"answer": "cat"})
    nato = PlayerPolicy(random.Random(0), 1.0, "nato").reply("spelling", ["cat"], ask)
    assert (nato.text, nato.spelled) == ("charlie alpha tango", "cat")
    names = PlayerPolicy(random.Random(0), 1.0, "names").reply("spelling", ["cat"], ask)
    assert names.text == spoken_letters("cat", "names") and names.text.split()[0] == "see"
    with pytest.raises(ValueError, match="allowed: names, nato"):
        PlayerPolicy(random.Random(0), 1.0, "morse")


@pytest.mark.parametrize("word", ["cat", "sausage", "be", "a"])
def test_misspellings_are_never_the_word(word: str) -> None:
    rng = random.Random(5)
    assert all(misspell(word, rng) != word for _ in range(50))


def test_confirmations_are_answered_truthfully() -> None:
    policy = PlayerPolicy(random.Random(0))
    confirm = Ask([Line("common.did_you_say", {"said": "banana"})], "yesno", "Anna")
    policy.last_recognised = True
    assert policy.reply("yesno", ["yes", "no"], confirm).text == "yes"
    policy.last_recognised = False
    confirm2 = Ask([Line("common.did_you_say", {"said": "bandana"})], "yesno", "Anna")
    assert policy.reply("yesno", ["yes", "no"], confirm2).text == "no"
    # first heard as other words, then asked about what was meant: that is a yes
    policy.last_said = "flooded"
    confirm3 = Ask([Line("common.did_you_say", {"said": "flooded"})], "yesno", "Anna")
    assert policy.reply("yesno", ["yes", "no"], confirm3).text == "yes"
    assert policy.reply("yesno", ["yes", "no"], confirm2).text == "no"


def test_multiple_choice_right_option_and_free_choices() -> None:
    ask = Ask([Line("x", {})], "choice", "Anna",
              request={"options": ["borrow", "lend", "steal"], "answer": "lend"})
    assert PlayerPolicy(random.Random(0), 1.0).reply("choice", [], ask).text == "lend"
    assert PlayerPolicy(random.Random(0), 0.0).reply("choice", [], ask).text != "lend"
    pick = Ask([Line("x", {})], "colour", "Anna", request={"options": ["orange", "green"]})
    assert PlayerPolicy(random.Random(0)).reply("colour", [], pick).text in ("orange", "green")


def test_bare_listens_say_ready_or_resume() -> None:
    policy = PlayerPolicy(random.Random(0))
    assert policy.reply("command", ["ready", "we're ready"], None).text == "we're ready"
    assert policy.reply("command", [], None).text == "resume"


def test_meter_counts_from_audio_end_to_first_clip_only() -> None:
    now = [10.0]
    meter = ReplyMeter(clock=lambda: now[0])
    meter.ready()  # the app talking before anyone replied: not a latency
    meter.heard(10.0)
    now[0] = 10.25
    meter.ready()
    now[0] = 11.0
    meter.ready()  # the second sentence of the same reply: not counted again
    assert meter.latencies_ms == [250.0]


def test_timed_source_marks_the_end_of_speech_not_of_the_tail() -> None:
    ticks = iter(range(100))
    source = TimedSource(Clip.silence(0.1, 16000), clock=lambda: float(next(ticks)), tail_s=0.5,
                         lead_s=0.05)
    reads = 0
    while source.read(800):
        reads += 1
        if source.end_s is not None:
            break
    # 800 samples of silence before the player speaks, then 1600 of speech: 3 reads of 800
    assert reads == 3 and source.end_s == 0.0 and source.speech_s == 0.15


def test_a_player_asked_which_letter_says_the_one_they_spelled_there() -> None:
    """"Was that E or C?" after a spelling: the letter the player meant at that place."""
    policy = PlayerPolicy(random.Random(0), 0.0, "names")
    spelling = Ask([Line("wordup.spelling", {})], "spelling", "Ben",
                   request={"answer": "prejudice"})
    meant = policy.reply("spelling", ["prejudice"], spelling).spelled
    assert meant != "prejudice"  # misspelled (p_correct 0)
    k = next(k for k, (a, b) in enumerate(zip(meant, "prejudice", strict=False)) if a != b)
    other = "z" if meant[k] != "z" else "y"
    for first, second in ((meant[k], other), (other, meant[k])):
        which = Ask([Line("common.which_letter", {"first": first, "second": second})],
                    "spelling", "Ben",
                    request={"answer": first, "variants": [second], "places": [k]})
        said = policy.reply("spelling", [first, second], which)
        assert said.spelled == meant[k] and said.text == spoken_letters(meant[k], "names")


def test_level_and_percentile() -> None:
    clip = Clip((Clip.silence(1.0, 16000).samples + 3000).astype("int16"), 16000)
    assert rms_dbfs(at_level(clip, -40.0).samples) == pytest.approx(-40.0, abs=0.2)
    assert percentile([5, 1, 4, 2, 3, 6, 7, 8, 9, 10], 90) == 9
    assert percentile([], 90) == 0.0


def test_the_demo_hands_the_host_what_the_ears_heard_unsure_included() -> None:
    """A reply the ears were unsure of (talk, a guessed letter) is said back by the host
    in a game; the demo's players must meet the same host."""
    pytest.importorskip("pyttsx3")
    from voice.commands.demo.game import PLAYER_VOICE, SimulatedEars, _Speaker
    from voice.hearing.asr.base import Alternative, Recognition

    class Unsure:
        name = "unsure"

        def listen(self, audio: object, grammar: object, timeout_s: float) -> Recognition:
            while audio.read(512):  # type: ignore[attr-defined]
                pass
            return Recognition(alternatives=(Alternative("c a t"),), engine=self.name,
                               speech_end_ms=500.0, result_at_ms=700.0, unsure=True)

    ears = SimulatedEars(Unsure(), _Speaker(PLAYER_VOICE),  # type: ignore[arg-type]
                         PlayerPolicy(random.Random(0), 1.0), ReplyMeter())
    heard = ears.listen("spelling", ["cat"], 5.0)  # type: ignore[arg-type]
    assert heard.nbest == ("c a t",) and heard.unsure
