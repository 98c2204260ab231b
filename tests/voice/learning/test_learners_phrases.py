"""Every [learn] phrase the learner features name exists and takes the fields they give."""

from __future__ import annotations

import pytest
from learner_items import CHOICE, CLUE, COLOUR, GAP_ITEM, SPELL

from voice.hosting.time_warnings import due
from voice.learning.level_fit import Fit
from voice.learning.pronounce_help import HelpKind, HelpRequest, help_for
from voice.speaking.phrases import Phrases, template_fields

KINDS: tuple[HelpKind, ...] = ("slowly", "say", "spell", "define")
SETUP_FIELDS = {
    "learn.welcome_back": {"name", "level"},
    "learn.new_player": {"name", "level"},
    "learn.level_pinned": {"name", "level"},
    "learn.profile_damaged": {"name"},
    "learn.level_up": {"name", "to_level"},
    "learn.level_down": {"name", "to_level"},
    "learn.level_kept": {"name", "level"},
    "learn.time_start": {"minutes"},
    "learn.report_ready": {"names"},
}


@pytest.fixture(scope="module")
def phrases() -> Phrases:
    return Phrases.load()


def test_help_replies_render(phrases: Phrases) -> None:
    keys = set()
    for item in (SPELL, COLOUR, GAP_ITEM, CLUE, CHOICE):
        for kind in KINDS:
            for word in (None, "flour", "seven", "borrow", "kitten", "week", "zebra"):
                reply = help_for(item, HelpRequest(kind, word),
                                 glossary={"seven": "the number 7"})
                assert phrases.text(reply.key, **reply.fields)
                keys.add(reply.key)
    assert keys == {
        "learn.say_slowly", "learn.say_word", "learn.spelling_word", "learn.refuse_spell_target",
        "learn.which_word", "learn.define", "learn.no_definition",
        "learn.define_only_question_words", "learn.refuse_define_option",
        "learn.spell_only_question_words"}


def test_offers_and_time_warnings_render(phrases: Phrases) -> None:
    for pattern, level in ((True, 2), (False, 4)):
        fit = Fit(level, recent=[pattern] * 12)
        offer = fit.offer(0)
        assert offer is not None
        text = phrases.text(offer.phrase_key, name="Ana", level=offer.level,
                            to_level=offer.to_level)
        assert text.startswith("Ana, ")
    for elapsed, marks in ((900, (300,)), (1140, (60,)), (1170, (30,)), (1200, ())):
        warning = due(1200, elapsed, marks_s=marks or (300,))
        assert warning is not None
        assert phrases.text(warning.key, **warning.fields)


def test_setup_phrases_take_the_documented_fields(phrases: Phrases) -> None:
    for key, fields in SETUP_FIELDS.items():
        assert phrases.has(key), key
        assert all(template_fields(t) == fields for t in phrases.templates[key]), key
    learn = {k for k in phrases.templates if k.startswith("learn.")}
    assert learn >= set(SETUP_FIELDS)
