"""The barge-in policy: what said over the host stops it (RULINGS: talking over the host)."""

from __future__ import annotations

from voice.hosting.barge_in import (
    BargeInPolicy,
    Expectation,
    LineSpan,
    Verdict,
    own_words,
    without_own_words,
    word_times,
)

POLICY = BargeInPolicy()
QUESTION = ("Ana, which word means a large body of salt water? "
            "Is it A, ocean, B, river, or C, pond?")
CHOICE = Expectation("choice", {"options": ["ocean", "river", "pond"], "answer": "ocean"})


def span(start_s: float, end_s: float, text: str = QUESTION, duration_s: float = 6.0
         ) -> LineSpan:
    return LineSpan(text, duration_s, start_s, end_s)


def test_a_command_said_in_full_stops_the_host_at_any_prompt() -> None:
    for kind in ("command", "yesno", "number", "choice", "word", "spelling"):
        d = POLICY.decide(["Stop."], Expectation(kind), span(1.0, 1.4))
        assert d.verdict is Verdict.STOP_COMMAND, kind
        assert d.understood is not None and d.understood.command == "stop"
    d = POLICY.decide(["say that again"], Expectation("command"))
    assert d.stops and d.understood is not None and d.understood.command == "repeat"


def test_a_near_miss_of_a_command_does_not_stop_it() -> None:
    assert not POLICY.decide(["what's the store"], Expectation("command")).stops


def test_an_answer_that_fits_stops_it_and_keeps_its_value() -> None:
    yes = POLICY.decide(["yes"], Expectation("yesno"), confidence=0.9)
    assert yes.verdict is Verdict.STOP_ANSWER and yes.understood is not None
    assert yes.understood.value is True
    seven = POLICY.decide(["seven"], Expectation("number", {"min": 1, "max": 12}))
    assert seven.understood is not None and seven.understood.value == 7
    assert not POLICY.decide(["thirteen"], Expectation("number", {"min": 1, "max": 12})).stops


def test_a_choice_stops_it_whether_right_or_wrong() -> None:
    """Stopping only for right answers would give the answer away."""
    right = POLICY.decide(["ocean"], CHOICE, span(0.5, 0.9))
    wrong = POLICY.decide(["the river"], CHOICE, span(0.5, 0.9))
    letter = POLICY.decide(["c"], CHOICE, span(0.5, 0.9))
    assert right.verdict is wrong.verdict is letter.verdict is Verdict.STOP_ANSWER
    assert letter.understood is not None and letter.understood.value == "pond"


def test_free_answers_and_spellings_never_stop_it() -> None:
    assert not POLICY.decide(["ocean"], Expectation("word", {"accepted": ["ocean"]})).stops
    assert not POLICY.decide(["o c e a n"], Expectation("spelling", {"answer": "ocean"})).stops


def test_table_talk_coughs_and_unsure_answers_do_not_stop_it() -> None:
    assert not POLICY.decide(["what a nice day"], Expectation("yesno")).stops
    assert not POLICY.decide([], Expectation("yesno")).stops
    assert not POLICY.decide([""], Expectation("command")).stops
    # a yes said by another word, an answer inside talk, a reply heard unsure
    assert not POLICY.decide(["all right"], Expectation("yesno")).stops
    assert not POLICY.decide(["I think it was three or so"],
                             Expectation("number", {"min": 1, "max": 12})).stops
    assert not POLICY.decide(["yes"], Expectation("yesno"), confidence=0.2).stops


def test_the_host_own_reading_of_the_options_is_never_a_choice() -> None:
    # the echo of "B, river" heard while the host reads it
    echo = POLICY.decide(["B river"], CHOICE, span(4.6, 5.2))
    assert echo.verdict is Verdict.KEEP_TALKING and echo.why == "own words"
    # the same words said long before the host reaches them are the player's
    early = POLICY.decide(["river"], CHOICE, span(0.3, 0.7))
    assert early.verdict is Verdict.STOP_ANSWER


def test_an_answer_heard_with_the_host_own_words_does_not_stop_it() -> None:
    """The canceller let some of the host through: an answer beside its words may be its
    echo garbled too ("one two" for "the blue one asks you")."""
    line = "Ana, the blue one asks you a question. Is it one, two or three?"
    number = Expectation("number", {"min": 1, "max": 3})
    with_echo = POLICY.decide(["one two"], number, span(1.0, 1.6, line, 5.0))
    assert with_echo.verdict is Verdict.KEEP_TALKING and with_echo.why == "with own words"
    alone = POLICY.decide(["two"], number, span(1.0, 1.6, line, 5.0))
    assert alone.verdict is Verdict.STOP_ANSWER  # not a word the host was saying then
    stop = POLICY.decide(["stop one"], number, span(1.0, 1.6, line, 5.0))
    assert stop.verdict is Verdict.STOP_COMMAND  # a command is taken off them, as before


def test_host_words_joined_to_a_command_are_taken_off() -> None:
    line = span(4.6, 5.2)
    assert own_words("b river or c", line)
    assert not own_words("stop", line)
    assert without_own_words("stop or c", line) == "stop"
    d = POLICY.decide(["stop or c"], CHOICE, line)
    assert d.verdict is Verdict.STOP_COMMAND and d.heard[0] == "stop"


def test_the_words_around_an_utterance_follow_the_line() -> None:
    start = span(0.0, 0.4).words_around()
    end = span(5.6, 6.0).words_around()
    assert "ana" in start and "pond" not in start
    assert "pond" in end and "ana" not in end
    assert LineSpan(QUESTION, 0.0, 1.0, 2.0).words_around()[-1] == "pond"  # length unknown


def test_nothing_heard_at_a_line_onset_stops_it() -> None:
    """The detector starts afresh with each line and the canceller meets its first syllables:
    what is heard there is not told from the host."""
    number = Expectation("number", {"min": 1, "max": 12})
    assert not POLICY.decide(["five"], number, span(0.0, 0.22), confidence=0.9).stops
    assert not POLICY.decide(["stop"], Expectation("command"), span(0.1, 0.4)).stops
    assert POLICY.decide(["five"], number, span(0.6, 0.9), confidence=0.9).stops


def test_an_answer_heard_from_a_long_stretch_does_not_stop_it() -> None:
    """A number said alone lasts under a second; one "five" heard from two seconds of the
    host's line is its echo. A drawn-out command still stops it."""
    number = Expectation("number", {"min": 1, "max": 12})
    assert not POLICY.decide(["five"], number, span(0.5, 2.5), confidence=0.9).stops
    assert POLICY.decide(["five"], number, span(0.5, 1.3), confidence=0.9).stops
    assert POLICY.decide(["stop"], Expectation("command"), span(0.5, 2.5)).stops


def test_an_answer_heard_without_certainty_stops_it_to_be_said_back() -> None:
    """Over the host a "seven" was heard as "ten" at 0.97: under TAKE_ANSWER (or with no
    confidence at all) the answer stops the line and is asked about before it counts."""
    number = Expectation("number", {"min": 1, "max": 12})
    sure = POLICY.decide(["seven"], number, span(1.0, 1.4), confidence=0.98)
    doubt = POLICY.decide(["ten"], number, span(1.0, 1.4), confidence=0.969)
    choice = POLICY.decide(["river"], CHOICE, span(1.0, 1.4))
    assert sure.stops and not sure.unsure
    assert doubt.stops and doubt.unsure and choice.stops and choice.unsure


def test_a_stop_heard_as_another_word_stops_it_when_the_forced_check_hears_stop() -> None:
    """The residual loses a "stop"'s final p ("so"): the recognizer's score for "stop"
    forced after the audio decides, never over an answer that fits nor the host's own
    "stop"."""
    number = Expectation("number", {"min": 1, "max": 12})
    forced = POLICY.decide(["so"], Expectation("command"), span(1.0, 1.4), forced=("stop", -1.2))
    assert forced.verdict is Verdict.STOP_COMMAND and forced.understood is not None
    assert forced.understood.command == "stop"
    assert not POLICY.decide(["so"], Expectation("command"), span(1.0, 1.4),
                             forced=("stop", -5.0)).stops
    # missed stops over the host scored -3.5 to -4.5, other talk -5.9 or less
    weak = POLICY.decide(["so"], Expectation("command"), span(1.0, 1.4), forced=("stop", -4.2))
    assert weak.verdict is Verdict.STOP_COMMAND
    seven = POLICY.decide(["seven"], number, span(1.0, 1.4), confidence=0.95,
                          forced=("stop", -1.2))
    assert seven.verdict is Verdict.STOP_ANSWER
    own = span(1.6, 2.0, text="Ana rolls and reaches the Stop square.", duration_s=2.5)
    assert not POLICY.decide(["so"], Expectation("command"), own, forced=("stop", -1.2)).stops
    # an answer too unsure to stop the host ("no" for the stop's "so") gives way to it
    unsure = POLICY.decide(["no"], Expectation("yesno"), span(1.0, 1.4), confidence=0.2,
                           forced=("stop", -3.0))
    assert unsure.verdict is Verdict.STOP_COMMAND
    sure = POLICY.decide(["no"], Expectation("yesno"), span(1.0, 1.4), confidence=0.9,
                         forced=("stop", -3.0))
    assert sure.verdict is Verdict.STOP_ANSWER


def test_a_go_heard_as_another_word_resumes_only_when_the_forced_check_is_sure() -> None:
    """"go" is one short token that other talk scores well too: its bar is higher."""
    sure = POLICY.decide(["so"], Expectation("command"), span(1.0, 1.4), forced=("go", -1.5))
    assert sure.verdict is Verdict.STOP_COMMAND and sure.understood is not None
    assert sure.understood.command == "resume"
    assert not POLICY.decide(["so what"], Expectation("command"), span(1.0, 1.4),
                             forced=("go", -3.1)).stops
    own = span(1.6, 2.0, text="Ready? Then off we go, Ana.", duration_s=2.5)
    assert not POLICY.decide(["so"], Expectation("command"), own, forced=("go", -1.5)).stops


def test_over_the_host_the_commands_are_forced_after_any_prompt() -> None:
    from voice.hearing.asr.base import Alternative, Grammar, Recognition
    from voice.hearing.asr.whisper_words import prompt_text
    from voice.hosting.barge_in import forced_score, overlap_grammar

    grammar = overlap_grammar(Grammar.of("number", ["1", "2"]))
    assert grammar.verify == ("stop", "go") and overlap_grammar(grammar) == grammar
    # the number prompt's decoder, told of the numbers only, wrote "stop" as "seven"
    assert grammar.prompted == ("stop",)
    assert prompt_text(Grammar.of("number", [], answers=["one", "two"])) == "One, two."
    assert prompt_text(overlap_grammar(Grammar.of("number", [], answers=["one", "two"]))
                       ) == "One, two. Stop."
    assert prompt_text(overlap_grammar(Grammar.of("yesno", ["yes", "no"]))) == "Yes. No. Stop."
    assert prompt_text(Grammar.of("yesno", ["yes", "no"])) == "Yes. No."
    choice = Grammar.of("name", ["ocean", "river"], answers=["ocean", "river"])
    assert prompt_text(overlap_grammar(choice)) == "Ocean. River. Stop."
    assert prompt_text(choice) == "Ocean. River."
    assert overlap_grammar(Grammar.of("command", [])).prompted == ()
    rec = Recognition(alternatives=(Alternative("so", 0.4, -0.3), Alternative("stop", None, -1.7)))
    assert forced_score(rec) == ("stop", -1.7)
    rec = Recognition(alternatives=(Alternative("no", 0.4, -0.3), Alternative("go", None, -2.0)))
    assert forced_score(rec) == ("go", -2.0)
    assert forced_score(Recognition(alternatives=(Alternative("so", 0.4, -0.3),))) is None


def test_a_word_that_sounds_like_the_host_own_is_its_echo() -> None:
    """The recognizer writes the common spelling of a sound: the echo of the host's "too"
    came back as "two", which fits a choice of numbers."""
    line = "Red, you take the next question too. Get it right and you move on."
    numbers = Expectation("choice", {"options": ["one", "two", "three"]})
    echo = POLICY.decide(["two"], numbers, span(2.2, 2.6, line, 4.0), confidence=0.9)
    assert echo.verdict is Verdict.KEEP_TALKING and echo.why == "own words"
    # said long after the host's "too", it is the player's
    assert POLICY.decide(["two"], numbers, span(3.7, 4.0, line, 4.0), confidence=0.9).stops


def test_host_words_out_of_their_order_are_not_taken_off() -> None:
    """The echo of "That word is too long" came back as "what is that": taking off "is" and
    "that" left "what", the command repeat, and the host stopped itself."""
    line = "That word is too long for the board. Please choose another word."
    at = span(0.7, 1.2, line, 4.0)
    assert without_own_words("what is that", at) == "what is that"
    assert without_own_words("stop that word", at) == "stop"
    choice = Expectation("choice", {"options": ["ocean", "river", "pond"]})
    assert not POLICY.decide(["what is that"], choice, at).stops
    assert POLICY.decide(["stop that word"], choice, at).verdict is Verdict.STOP_COMMAND


def test_the_host_words_then_one_it_garbled_are_its_echo() -> None:
    """On a sound server the natural voice's "Let me check it letter by letter" came through
    as "let me check what": taking off "let me check" left "what" (repeat), and the host
    stopped itself. A player's word before the host's words is still the player's."""
    line = "Red challenges the spelling of ocean. Let me check it letter by letter."
    at = span(2.4, 3.3, line, 5.0)
    assert without_own_words("let me check what", at) == "let me check what"
    assert not POLICY.decide(["let me check what"], Expectation("command"), at).stops
    assert without_own_words("stop let me check", at) == "stop"
    assert POLICY.decide(["stop let me check"], Expectation("command"), at).stops
    assert without_own_words("check stop", at) == "stop"  # one word of the host's: a player


def test_a_command_the_host_is_saying_is_its_echo() -> None:
    """The host's "Let's carry on" (resume) came through the canceller as "let's go": "let's"
    is the host's, and "go" alone resumed, so the host stopped itself. A command the host's
    own words around then say is its echo; another command is the player's."""
    line = "Welcome back to Word Up. Let's carry on where we left off."
    at = span(1.9, 2.5, line, 4.0)
    assert without_own_words("let's go", at) == "go"
    echo = POLICY.decide(["let's go"], Expectation("command"), at)
    assert echo.verdict is Verdict.KEEP_TALKING and echo.why == "own command"
    assert not POLICY.decide(["so"], Expectation("command"), at, forced=("go", -1.0)).stops
    assert POLICY.decide(["stop"], Expectation("command"), at).verdict is Verdict.STOP_COMMAND
    # the same "go" where the host says no command is the player's
    assert POLICY.decide(["let's go"], Expectation("command"),
                         span(0.3 + 1.6, 2.5, "Welcome back to Word Up. Let's see, Ana.",
                              4.0)).stops


def test_a_short_word_one_letter_from_the_host_own_is_the_player() -> None:
    """A player's "no" or "eight" over "...has not..." / "Get it right" is no echo."""
    line = "Red has not played a card yet. Get it right and you move on."
    yesno = Expectation("yesno")
    number = Expectation("number", {"min": 1, "max": 12})
    assert POLICY.decide(["no"], yesno, span(0.9, 1.3, line, 4.0), confidence=0.97).stops
    assert POLICY.decide(["eight"], number, span(2.6, 3.0, line, 4.0), confidence=0.97).stops
    assert own_words("has not", span(0.9, 1.3, line, 4.0))
    # a longer word written nearly the same is still the host's
    assert own_words("playin", span(0.9, 1.3, "Red is playing.", 2.0))


def test_the_host_words_are_placed_by_their_letters_and_pauses() -> None:
    """A long word takes longer than a short one, and a full stop is a pause: a player's
    "one" a second after the host's "one" is the player's."""
    times = word_times("Yes. Absolutely, go", 3.0)
    (yes, y0, y1), (absolutely, a0, a1), (go, g0, g1) = times
    assert (yes, absolutely, go) == ("yes", "absolutely", "go")
    assert y0 == 0.0 and a1 - a0 > 2.5 * (y1 - y0) and a0 - y1 > 0 and g0 - a1 > 0
    assert abs(g1 - 3.0) < 1e-9
    line = "Red has one token left, and the game goes on for a long while yet."
    number = Expectation("number", {"min": 1, "max": 12})
    assert POLICY.decide(["one"], number, span(1.8, 2.1, line, 4.0), confidence=0.97).stops
    echo = POLICY.decide(["one"], number, span(0.5, 0.8, line, 4.0), confidence=0.97)
    assert echo.why == "own words"
