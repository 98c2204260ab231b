"""The words of a Whisper prompt and of its transcript.

What the decoder is prompted with for each kind of prompt, and how what it wrote is read
as the game's words: digits as number words, sound-alikes as the answer they sound like,
NATO words (as the decoder may split or misspell them) as their letters. Pure text: the
recognizer in :mod:`voice.hearing.asr.whisper` does the listening and decoding.
"""

from __future__ import annotations

import re

from content.numbers import TENS, UNITS, number_words
from content.spoken_words import LETTER_NAME_WORDS, NATO_SAID, NATO_WORDS, PLAIN_NO, PLAIN_YES
from voice.hearing.asr.base import Grammar
from voice.reply_kind import ReplyKind

NATO = NATO_SAID
"""The 26 spelling words, as the decoder's prompt writes them (the letter reader
in :mod:`voice.understanding.letters` accepts these and their other spellings)."""
LETTERS = "abcdefghijklmnopqrstuvwxyz"
NATO_PROMPT = ("Spelled with the NATO alphabet: "
                + ", ".join(w.capitalize() for w in NATO) + ".")
ALPHABET_PROMPT = "Spelled letter by letter: " + ", ".join(LETTERS.upper()) + "."
NATO_ALSO = tuple(w for w in NATO_WORDS if w not in NATO)
"""Other spellings the decoder writes for NATO words."""
NATO_LIKE = 60.0
"""rapidfuzz ratio to a NATO word at which a segment counts as said with one."""
SPLIT_NATO = {"in the": "i", "in that": "i", "in dia": "i", "see ya": "s", "see era": "s"}
"""NATO words the decoder writes as two words that sound like them but spell nothing alike."""
NATO_SURE = 80.0
"""The ratio at which a segment of several words is taken for NATO words said without a
pause (below it, "yeah, I'm key" for Yankee would be read word by word as Y, W)."""
PAIR_LIKE = 60.0
"""The same for two words the decoder split one into ("in the" for India, "road no")."""


# -- the words of a prompt, and of a transcript --------------------------------------


def class_answers(grammar: Grammar) -> dict[str, tuple[str, ...]]:
    """Answer -> the ways it is written, for the prompts read as a classifier."""
    if grammar.kind == ReplyKind.YESNO:
        return {"yes": PLAIN_YES, "no": PLAIN_NO}
    if grammar.kind == ReplyKind.NUMBER:
        out: dict[str, tuple[str, ...]] = {}
        for phrase in grammar.answers:
            value = UNITS.get(phrase, TENS.get(phrase))
            if value is not None and phrase not in ("nought", "nil", "fourty"):
                out[phrase] = (phrase, str(value))
        return out
    return {}


def prompt_text(grammar: Grammar) -> str:
    """The decoder's prompt for ``grammar``: the answers the table has heard, or nothing."""
    kind = grammar.kind
    also = [f"{w.capitalize()}." for w in grammar.prompted]
    if kind == ReplyKind.YESNO:
        return " ".join(["Yes. No.", *also])
    if kind == ReplyKind.NUMBER:
        nums = sorted(class_answers(grammar), key=lambda w: UNITS.get(w, TENS.get(w, 0)))
        listed = ", ".join(n.capitalize() if i == 0 else n for i, n in enumerate(nums)) + "."
        return " ".join([listed, *also])
    if kind == ReplyKind.SPELLING:
        return NATO_PROMPT  # a segment's first decode; see WhisperRecognizer._letter
    if kind in (ReplyKind.CHOICE, ReplyKind.COLOUR, ReplyKind.NAME):
        said = [p for p in grammar.answers if len(p) > 1][:24]
        return " ".join([". ".join(s.capitalize() for s in said) + ".", *also]) if said else ""
    return ""  # a free answer: prompting with the right answer would make it heard


ECHO_RUN = 3
"""Number words counting up one by one, this many or more, are the number prompt ("Zero,
one, two, ...") written back where the decoder made out no answer (talk, a noise)."""


def prompt_echo(text: str, grammar: Grammar) -> bool:
    """Whether ``text`` is the decoder writing its prompt back, not what anyone said: at a
    number prompt, a decode that starts with ECHO_RUN or more number words counting up by
    one ("one two three four"), whatever follows the count ("one two three four three",
    written for a talk word)."""
    if grammar.kind != ReplyKind.NUMBER:
        return False
    values = [UNITS.get(w, -9) for w in text.split()]
    run = 1
    while run < len(values) and values[run - 1] >= 0 and values[run] == values[run - 1] + 1:
        run += 1
    return run >= ECHO_RUN


_HYPHENATED_LETTERS = re.compile(r"\b([A-Za-z])(?:-([A-Za-z]))+\b")
_TOKEN = re.compile(r"[a-z0-9']+")
_HOMOPHONES = {"to": "two", "too": "two", "for": "four", "fore": "four", "won": "one",
               "ate": "eight"}
_YESNO_SPELLINGS = {"yeah": "yes", "yep": "yes", "yup": "yes", "nope": "no", "now": "no",
                    "know": "no"}


SPELLING_WORDS = frozenset({"double", "triple", "done", "finished", "hyphen", "capital",
                             "sorry", "no", "again", "repeat", "skip", "pass", "quit", "help",
                             "stop", "undo"})
"""What a player says between letters instead of a letter (controls and commands)."""
LETTER_SOUNDS = frozenset({"bee", "be", "see", "sea", "dee", "ee", "ef", "gee", "aitch", "eye",
                            "jay", "kay", "el", "em", "en", "oh", "owe", "pee", "pea", "queue",
                            "cue", "are", "ar", "ess", "tee", "tea", "you", "vee", "ex", "why",
                            "zed", "zee", "double"})
"""Words the decoder writes for letter names ("why" for Y): classified after the alphabet."""


def nato_letter(word: str, cutoff: float = NATO_LIKE) -> str | None:
    """The letter a word names when it sounds like a NATO word ("gulf" -> g), else None.

    A letter's name as the decoder writes it ("why", "are", "sea") is that letter said,
    never a NATO word it happens to share letters with: "why" is as close to "whiskey" as
    the cutoff, and Y said alone was read as W."""
    from rapidfuzz import fuzz, process

    if len(word) < 3 or word in SPELLING_WORDS or word in LETTER_NAME_WORDS:
        return None
    match = process.extractOne(word, NATO + NATO_ALSO, scorer=fuzz.ratio)
    return match[0][0] if match is not None and match[1] >= cutoff else None


def spelled_letters(words: list[str]) -> list[str]:
    """NATO words (as the decoder may split them: "rode o" for Romeo) as their letters;
    single letters and spelling words stay; any other word stays a word, so the
    letter reader refuses the spelling rather than guess."""
    # A NATO word said twice stays twice: "Lima, Lima" is a double l, and dropping one
    # could turn "collour" into the right word. (A decoder looping on one word makes
    # too many letters, and a wrong spelling is only a wrong spelling.)
    out: list[str] = []
    i = 0
    while i < len(words):
        split = SPLIT_NATO.get(" ".join(words[i:i + 2]))
        if split is not None:
            out.append(split)
            i += 2
            continue
        joined = "".join(words[i:i + 2])
        # a letter or "double" before a NATO word is a word of its own ("f oscar"), but
        # "x ray" is X-ray
        pair = (nato_letter(joined, PAIR_LIKE)
                if i + 1 < len(words) and words[i] not in SPELLING_WORDS
                and (len(words[i]) > 1 or joined in NATO_WORDS) else None)
        one = nato_letter(words[i])
        if pair and LETTER_NAME_WORDS.get(words[i], pair) != pair:
            pair = None  # a letter's name, then a word of its own ("why, echo"; "oh scar" is O)
        # a pair is one NATO word split ("rode o"), unless the first is a NATO word
        # already and the second a word of its own ("echo, in the")
        if pair and (one is None or (pair == one and len(words[i + 1]) == 1)):
            out.append(pair)
            i += 2
            continue
        out.append(one or words[i])
        i += 1
    return out


def nato_reading(words: list[str], probs: dict[str, float]
                 ) -> tuple[str, dict[str, float]] | None:
    """(letters, classes) when the words are NATO words, else None."""
    if len(words) > 1 and any(nato_letter(w, NATO_SURE) for w in words):
        letters = spelled_letters(words)
        if len(letters) > 1:
            return " ".join(letters), {}  # several words, no pause
        letter: str | None = letters[0]  # one written as two ("X-ray", "x ray")
    elif " ".join(words[:2]) in SPLIT_NATO:  # "in the" for India, alone or before letters
        letters = spelled_letters(words)
        if not all(len(c) == 1 for c in letters):
            return None  # "in the end": a word the letter classifier reads
        if len(letters) > 1:
            return " ".join(letters), {}
        letter = letters[0]
    else:
        letter = nato_letter(words[0]) if len(words) == 1 else None
    if letter is None:
        return None
    # one NATO word: its letter, with the classifier's runners-up behind it
    return letter, {letter: 1.0, **{c: p for c, p in probs.items() if c != letter}}


def said_word(words: list[str]) -> str:
    """The words of a run of a spelling where they are no letters, letter names, spelling
    words or NATO words as written ("neighbor"; "beach", though the NATO reader takes it for
    Echo), each once, else ""."""
    if not words or spelling_word(words) or all(
            len(w) == 1 or w in LETTER_SOUNDS or w in LETTER_NAME_WORDS or w in NATO_WORDS
            for w in words):
        return ""
    return " ".join(dict.fromkeys(words))  # a decoder loop cut ("learn learn")


def several_letters(words: list[str]) -> bool:
    return len(words) >= 2 and all(len(w) == 1 for w in words)


def spelling_word(words: list[str]) -> bool:
    said = " ".join(words)
    return any(w in SPELLING_WORDS for w in words) or " as in " in f" {said} "


def transcript_words(text: str, kind: ReplyKind) -> list[str]:
    """A transcript as the lower-case words a recognizer with a grammar would give.

    Digits become number words; in number and yes/no prompts the usual
    sound-alikes are the answer they sound like ("to" -> two, "now" -> no) and
    a word the decoder repeated ("three, three, three", tiny.en's habit on a
    short input) counts once; so does a free answer that is one word written
    over and over (LOOP_WORDS). In a spelling, letters joined by hyphens are
    letters ("N-E-C" -> n e c); a whole word is kept as a word.
    """
    text = _HYPHENATED_LETTERS.sub(lambda m: " ".join(m.group(0).split("-")), text)
    words: list[str] = []
    for raw in _TOKEN.findall(text.lower()):
        if raw.isdigit():
            value = int(raw)
            words.extend(number_words(value).replace("-", " ").split() if value <= 100 else [raw])
        else:
            words.append(raw)
    if kind == ReplyKind.NUMBER:
        words = [_HOMOPHONES.get(w, w) for w in words]
    elif kind == ReplyKind.YESNO:
        words = [_YESNO_SPELLINGS.get(w, w) for w in words]
    if kind in (ReplyKind.NUMBER, ReplyKind.YESNO, ReplyKind.COLOUR, ReplyKind.COMMAND):
        words = [w for i, w in enumerate(words) if i == 0 or words[i - 1] != w]
    elif kind != ReplyKind.SPELLING and len(words) >= LOOP_WORDS and len(set(words)) == 1:
        words = words[:1]  # "train train train ...": the decoder looping on one word
    return words


INVENTED = frozenset({"thank you for watching", "thanks for watching",
                      "thank you so much for watching", "thank you for watching this video",
                      "please subscribe", "subscribe to my channel",
                      "please like and subscribe"})
"""What Whisper writes on speech it cannot make out (the closing lines of the videos it
learnt from): no player's answer, so the host asks again rather than refusing "thank you
for watching" as more than one word (seen in the Word on the Street demo, for "thankful")."""


def invented(words: list[str]) -> bool:
    """The transcript is one of the lines Whisper invents (INVENTED)."""
    return " ".join(words) in INVENTED


LOOP_WORDS = 3
"""One word written this many times or more is the decoder looping, not an answer (nobody
answers "banana banana banana"); a word said twice ("bye bye") stays twice."""


LETTER_NAME_S = 0.46
"""Speech shorter than this (seconds, the voice detector's measure), written as one word
that is no NATO word, is read as a letter name. The two overlap: through the game's ears
espeak's letter names (7 voices) last 0.29-0.50 s and its NATO words 0.42-0.70 s (10th to
90th percentile), and the demo's fast NATO words 0.29-0.48 s. At 0.3 s, 6 points fewer
letter names said alone by the 4 held-out voices were heard (58.7 against 64.4 %)."""


WORD_S = 0.15
"""Less time than anyone takes to say a letter name (seconds)."""
NATO_WORD_S = 0.3
"""Less time than anyone takes to say a NATO word, as the voice detector measures it
(one espeak "Delta" lasts 0.54 s; two words said in one breath take over 0.7 s)."""


def looping(words: list[str], said_s: float) -> bool:
    """The decoder repeating one word ("Mike, Mike, Mike, ...") more often than it could
    have been said in ``said_s`` seconds of speech ("Delta, Delta" for one Delta of
    0.4 s). The words are compared as the letters they spell, so "Juliett, Juliet, ..."
    and "X-ray, X-ray" are loops too. A letter said twice in one breath is not a loop:
    its letters stay, so a misspelling is never shortened into a word ("Lima, Lima"
    takes over half a second)."""
    letters = spelled_letters(words)
    if len(letters) < 2 or len(set(letters)) != 1:
        return False
    nato = any(nato_letter(w, NATO_SURE) for w in words)
    least = NATO_WORD_S if nato else WORD_S
    return len(letters) * least > said_s


def first_letter_words(words: list[str]) -> list[str]:
    """The words that spell the first letter: ["x", "ray"] of "X-ray, X-ray"."""
    first = spelled_letters(words)[:1]
    return next((words[:k] for k in range(len(words), 0, -1)
                 if spelled_letters(words[:k]) == first), words[:1])
