"""Small Word Up items, one of each kind, for the learner tests."""

from __future__ import annotations

from content.schema import CrosswordClue, MissingWord, MultipleChoice, Spelling

SPELL = Spelling(id="t-sp-1", level=2, answers=("flour", ), definition="powder made from grain",
                 word="flour", sentence="Mix the flour with two eggs.")
COLOUR = Spelling(id="t-sp-2", level=2, answers=("colour", "color"), definition=None,
                  word="colour", sentence="What colour is your bike?")
GAP_ITEM = MissingWord(id="t-mw-1", level=1, answers=("week",), definition="seven days",
                       sentence="There are seven days in a ___.", letters=4)
CLUE = CrosswordClue(id="t-cc-1", level=1, answers=("kitten",), definition="a young cat",
                     clue="A young cat.", first_letter="k")
CHOICE = MultipleChoice(id="t-mc-1", level=1, answers=("borrow it",), definition=None,
                        question="You ask a friend for their pen for a few minutes. "
                        "You want to...", options=("borrow it", "lend it", "steal it"))
