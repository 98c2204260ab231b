"""A tiny built-in sample of original Word Up questions for text-mode play.

Two per category per level, written for this project (never copied from the
commercial game). The real question packs in content/ replace this once the
content issue lands; until then a stream index wraps round the sample.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SampleQuestion:
    """What the reader says (``text``) and the typed answers that count as right."""

    text: str
    answers: tuple[str, ...]


_Q = SampleQuestion

SAMPLE: dict[tuple[int, str], tuple[SampleQuestion, ...]] = {
    # Level 1 - Elementary
    (1, "orange"): (
        _Q("I drink a glass of ... every morning. (5 letters)", ("water", "juice")),
        _Q("The cat is sleeping ... the bed. (5 letters)", ("under", "above")),
    ),
    (1, "green"): (
        _Q("The colour of the sky on a clear day. It begins with B.", ("blue",)),
        _Q("You use it to open a door. It begins with K.", ("key",)),
    ),
    (1, "blue"): (
        _Q("Which animal says 'moo'? A: a cow, B: a cat, or C: a duck?", ("a cow", "cow", "a")),
        _Q("How many days are in a week? A: five, B: seven, or C: ten?", ("seven", "7", "b")),
    ),
    (1, "yellow"): (
        _Q("Spell 'house'. We live in a big house.", ("house",)),
        _Q("Spell 'green'. The grass is green after the rain.", ("green",)),
    ),
    # Level 2 - Lower Intermediate
    (2, "orange"): (
        _Q("Please turn ... the light when you leave. (3 letters)", ("off",)),
        _Q("We went to the ... to buy fresh bread. (6 letters)", ("bakery", "market")),
    ),
    (2, "green"): (
        _Q("The meal you eat in the middle of the day. It begins with L.", ("lunch",)),
        _Q("A place where you can borrow books. It begins with L.", ("library",)),
    ),
    (2, "blue"): (
        _Q("Which word means the opposite of 'cheap'? A: expensive, B: easy, or C: quiet?",
           ("expensive", "a")),
        _Q("Where do you usually sleep? A: in the kitchen, B: in the bedroom, or "
           "C: in the garage?", ("in the bedroom", "bedroom", "b")),
    ),
    (2, "yellow"): (
        _Q("Spell 'friend'. My best friend lives next door.", ("friend",)),
        _Q("Spell 'because'. I stayed at home because it was raining.", ("because",)),
    ),
    # Level 3 - Intermediate
    (3, "orange"): (
        _Q("He was too tired to ... the race. (6 letters)", ("finish",)),
        _Q("The train was ... because of the heavy snow. (7 letters)", ("delayed",)),
    ),
    (3, "green"): (
        _Q("A person who writes news stories for a living. It begins with J.",
           ("journalist",)),
        _Q("To say that you are sorry. It begins with A.", ("apologise", "apologize")),
    ),
    (3, "blue"): (
        _Q("Which word describes someone who is afraid of nothing? A: brave, B: lazy, or "
           "C: polite?", ("brave", "a")),
        _Q("If you borrow something, you... A: keep it forever, B: give it back later, or "
           "C: throw it away?", ("give it back later", "b")),
    ),
    (3, "yellow"): (
        _Q("Spell 'necessary'. It is necessary to bring your passport.", ("necessary",)),
        _Q("Spell 'neighbour'. Our neighbour has a noisy dog.", ("neighbour", "neighbor")),
    ),
    # Level 4 - Upper Intermediate
    (4, "orange"): (
        _Q("The committee will ... its decision next week. (8 letters)", ("announce",)),
        _Q("She has a strong ... for classical music. (10 letters)", ("preference",)),
    ),
    (4, "green"): (
        _Q("Lasting only a short time. It begins with B.", ("brief",)),
        _Q("To make pain or a problem less severe. It begins with A.",
           ("alleviate", "ease")),
    ),
    (4, "blue"): (
        _Q("Which word is closest in meaning to 'reluctant'? A: eager, B: unwilling, or "
           "C: tired?", ("unwilling", "b")),
        _Q("A landmark decision is one that is... A: very important, B: about land, or "
           "C: made quickly?", ("very important", "a")),
    ),
    (4, "yellow"): (
        _Q("Spell 'accommodation'. The price includes accommodation and meals.",
           ("accommodation",)),
        _Q("Spell 'conscientious'. She is a conscientious student.", ("conscientious",)),
    ),
    # Level 5 - Advanced
    (5, "orange"): (
        _Q("His ... remarks offended nearly everyone at the dinner. (9 letters)",
           ("insulting",)),
        _Q("The evidence was too ... to convince the jury. (7 letters)", ("tenuous",)),
    ),
    (5, "green"): (
        _Q("Done in secret, often for a bad purpose. It begins with C.",
           ("clandestine", "covert")),
        _Q("Talking a great deal. It begins with L.", ("loquacious",)),
    ),
    (5, "blue"): (
        _Q("Which word means to make something seem less important than it is? "
           "A: exaggerate, B: downplay, or C: illustrate?", ("downplay", "b")),
        _Q("An ephemeral pleasure is one that... A: lasts a short time, B: costs a lot, or "
           "C: is shared with others?", ("lasts a short time", "a")),
    ),
    (5, "yellow"): (
        _Q("Spell 'idiosyncrasy'. Her habit of humming is an idiosyncrasy.",
           ("idiosyncrasy",)),
        _Q("Spell 'onomatopoeia'. 'Buzz' is an example of onomatopoeia.",
           ("onomatopoeia",)),
    ),
}


def question_for(level: int, colour: str, index: int) -> SampleQuestion:
    """The sample question at ``index`` of a level's colour stream (wrapping round)."""
    items = SAMPLE[(level, colour)]
    return items[index % len(items)]


def is_right(question: SampleQuestion, typed: str) -> bool:
    """Exact match, ignoring case and surrounding or repeated spaces."""
    said = " ".join(typed.split()).casefold()
    return any(said == answer.casefold() for answer in question.answers)
