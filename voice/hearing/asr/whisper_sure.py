"""Whether a Whisper reading of a short answer is sure: taken at once, confirmed, or talk.

The recognizer (:mod:`voice.hearing.asr.whisper`) decodes an utterance and reads its
first step as a classifier over the allowed answers; these rules say what the reading is
worth: an answer taken unasked, one the host says back first ("Did you say 7?"), or
words the prompt cannot use (table talk, perhaps before the player's answer). Under talk
(issue 27) a doubt is confirmed, never guessed.
"""

from __future__ import annotations

from voice.hearing.asr.base import Alternative, Grammar
from voice.hearing.asr.whisper_letters import Decoded
from voice.hearing.asr.whisper_words import prompt_echo, transcript_words
from voice.reply_kind import ReplyKind

ACCEPT_NAMED = 0.2
"""The first-step probability an answer needs when the transcript names it."""

NUMBER_FRAME = frozenset({
    "a", "an", "the", "it", "it's", "its", "is", "i", "i'm", "i've", "think", "guess", "say",
    "says", "my", "our", "answer", "number", "total", "that's", "that", "so", "um", "uh", "er",
    "erm", "hmm", "oh", "okay", "ok", "well", "please", "and", "plus", "double", "hundred",
    "we", "we've", "have", "got", "rolled", "roll", "makes", "dice", "on"})
"""Words a player says around a number ("I think it's seven", "six and four"); any other
word beside one is talk, and the number is confirmed rather than taken."""

FOCUS_KINDS = frozenset({ReplyKind.YESNO, ReplyKind.NUMBER})
"""Short complete answers, heard from their loudest stretch only (voice.hearing.focus):
talk before or after the player's word is left out of the decode. So is a free answer whose
accepted answers are one word each (people's words with talk 10 dB under them, words/unknown:
taken at once 19.9 % whole, 42.4 % so; on clean speech one of 151 fewer confirmed)."""

SURE_IN_TALK = 0.8
"""The first-step probability an answer the transcript names needs to be taken at once when
talk was heard around it (Decoded.crowded); under it, the host confirms it. Talk over a
player's word is read as another number with 0.5-0.8 (a teammate's "tree" under a "four":
"three", 0.83 at most): at 0.5, 1.6 % of people's digits with talk 10 dB under were taken
as a wrong number, twice the 0.8 % of clean speech; at 0.8, 0.7 % (bench_hearing.py)."""

YESNO_ALONE_IN_TALK = 0.5
"""The first-step probability from which a yes or a no heard through talk is taken at once
when the transcript is that word and nothing else ("No."): the player's word is the one
written, and the first step agrees (under SURE_IN_TALK, one with other words beside it stays
a doubt). Not a number: talk's near sounds are written as one alone ("tree" as "Three."),
and from 0.5 people's digits with talk 10 dB under were taken as a wrong number 1.0 % of
the time, against 0.67 % (bench_hearing.py --babble 10). Lower, at 0.4 or 0.3, a wrong yes/no
was taken too (0.33 -> 0.67 %)."""

NUMBER_GOES_ON = frozenset({"twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
                            "ninety", "hundred", "thousand", "million"})
"""Number words the next word can go on from: an answer ending in one is not complete."""

QUIET_SURE = 0.9
"""The first-step probability at which a yes/no or a number, decoded once only quieter sound
follows it, ends the utterance at once (the shared people's "yes": 0.94-0.99 for 28 of 30;
a sixth of them were held open 0.4 s longer by a quiet tail)."""

RECHECK_PROMPT = "The answer is"
"""The prompt of a second hearing of the same encoded audio, which names no answer: of a
number heard unsurely through talk (the first decode's prompt lists the numbers and leans
it to one), and of a free answer written as another word where the forced check found the
accepted one (written_alone). Written alone again, the answer is taken at once. Not at a
yes/no prompt: there other people's words under talk were written "yes" or "no" twice.
(What each takes: bench_hearing.py --sets digits --babble 10, and --sets free.)"""


def doubted_in_talk(text: str, classes: dict[str, float], kind: ReplyKind) -> str | None:
    """The one number a number prompt's transcript ``text`` names (alone or with frame
    words) when it is the first step's first choice (``classes``) but not sure enough for
    talk (SURE_IN_TALK): the number a second decode is asked about; else None."""
    if kind != ReplyKind.NUMBER or not classes:
        return None
    named = {w for w in transcript_words(text, kind) if w in classes}
    if len(named) != 1:
        return None  # none, or several ("one, two, one"): no second hearing settles that
    word = named.pop()
    if word != max(classes, key=classes.__getitem__) or classes[word] >= SURE_IN_TALK:
        return None
    return word


def heard_again(recheck: str | None, word: str, kind: ReplyKind) -> bool:
    """Whether the second decode (Decoded.recheck) wrote ``word`` with no other word than a
    number's frame ("it's", "the answer is")."""
    if recheck is None:
        return False
    words = transcript_words(recheck, kind)
    return word in words and all(w == word or w in NUMBER_FRAME for w in words)


def free_rechecked(kind: ReplyKind, crowded: bool, found: str | None) -> bool:
    """Whether a free answer is decoded again (RECHECK_PROMPT): the forced check ``found``
    an accepted answer the transcript did not write, and no talk was heard around it."""
    return kind == ReplyKind.WORD and not crowded and found is not None


def written_alone(text: str | None, answer: str, kind: ReplyKind) -> bool:
    """Whether the transcript ``text`` (a second decode's, Decoded.recheck, may be None) is
    ``answer`` whole, and nothing else."""
    return text is not None and " ".join(transcript_words(text, kind)) == answer.lower()


def yesno_alone(result: Decoded, word: str, kind: ReplyKind) -> bool:
    """Whether a yes/no prompt's transcript is ``word`` alone, which the first step gives
    YESNO_ALONE_IN_TALK or more."""
    return (kind == ReplyKind.YESNO and result.classes.get(word, 0.0) >= YESNO_ALONE_IN_TALK
            and written_alone(result.text, word, kind))


def unsure(result: Decoded, alts: list[Alternative], grammar: Grammar) -> bool:
    """Whether the best reading is not sure (to confirm): a number named alone but under
    ACCEPT_NAMED; or, heard through talk, one named weakly (a number a second decode wrote
    again alone is sure: RECHECK_PROMPT; so is a yes/no written alone: yesno_alone), or a
    free answer that names none of the accepted answers (its words may be the talk's: a
    "no" to "Did you say happy?" asks again, not judged wrong)."""
    top = alts[0] if alts else None
    if top is None:
        return False
    classes = result.classes
    if (grammar.kind == ReplyKind.NUMBER and top.text in classes
            and classes[top.text] < ACCEPT_NAMED):
        return True  # named, and leaned to, but weakly (see _alternatives): confirmed
    if (grammar.kind == ReplyKind.YESNO and len(alts) > 1 and alts[1].text in classes
            and not any(w in classes for w in top.text.split())):
        # a yes or no read from other words ("can't" written for a "yes" the first step
        # leans to), the classifier's answer a runner-up (CONFIRM_ALONE): confirmed
        return True
    if not result.crowded:
        return False
    if (grammar.kind == ReplyKind.NUMBER
            and len(set(transcript_words(result.text, grammar.kind)) & set(classes)) > 1):
        return True  # the decode counted ("one, two, one, two"), whatever the reading kept
    if not classes:
        return not names_answer(top.text, grammar)
    # one answer, named alone or with frame words ("so one"), that the first step's
    # probabilities also name first and surely: anything else may be the talk's words
    named = {w for w in top.text.split() if w in classes}
    if len(named) != 1:
        return bool(named)  # several answers ("one two one"); none is no answer at all
    word = named.pop()
    if word == max(classes, key=classes.__getitem__) and (
            classes[word] >= SURE_IN_TALK or yesno_alone(result, word, grammar.kind)):
        return False
    return not (doubted_in_talk(result.text, classes, grammar.kind) == word
                and heard_again(result.recheck, word, grammar.kind))  # RECHECK_PROMPT


def sure_alone(result: Decoded, alts: list[Alternative], grammar: Grammar) -> bool:
    """Whether the best reading is an accepted answer heard surely and without talk: enough
    to end an utterance held open by quieter sound (the endpointer's hold_db)."""
    top = alts[0] if alts else None
    return (top is not None and top.in_grammar and top.confidence is not None
            and top.confidence >= QUIET_SURE and not unsure(result, alts, grammar))


def complete_answer(result: Decoded, alts: list[Alternative], grammar: Grammar) -> bool:
    """Whether a free answer decoded after a short pause is one accepted answer, whole, with
    no talk around it: the player has said it, so the utterance ends without the rest of the
    trailing silence (which only waits for a second word). A number the next word could go
    on ("twenty" of "twenty five") waits."""
    top = alts[0] if alts else None
    return (grammar.kind == ReplyKind.WORD and top is not None and top.text in grammar.verify
            and top.text.split()[-1] not in NUMBER_GOES_ON and not result.crowded)


OTHER_SURE_LP = -1.0
"""The mean log-probability per token from which a free answer that is none of the accepted
ones ends at its early decode (complete_other): less sure, it may be half a word ("nine"
said with a break in it was written "no" at -1.19 after the break)."""

GOES_ON = NUMBER_FRAME | NUMBER_GOES_ON | {"of", "or", "to", "in", "for", "with", "my", "your"}
"""Words an answer is not over after ("it's ...", "the ...", "twenty ..."): a free answer
ending in one waits for the rest of the trailing silence."""


def complete_other(result: Decoded, alts: list[Alternative], grammar: Grammar) -> bool:
    """Whether a free answer decoded after a short pause is a whole answer that is none of
    the accepted ones, written surely, with no talk around it and no accepted answer it could
    be the start of ("doubling" of "doubling cube"): the host need not wait the rest of the
    trailing silence to judge it wrong, or to say back the accepted answer the forced check
    found in it. Only where there are accepted answers (a team's own word in Word on the
    Street, or a name, waits: any word may go on). The caller checks the room is quiet
    around it (voice.hearing.focus.quiet_around)."""
    top = alts[0] if alts else None
    if grammar.kind != ReplyKind.WORD or top is None or not grammar.verify or result.crowded:
        return False
    return (top.text not in grammar.verify and result.avg_logprob >= OTHER_SURE_LP
            and top.text.split()[-1] not in GOES_ON
            and not any(a.startswith(f"{top.text} ") for a in grammar.verify))


def talk_only(alts: list[Alternative], grammar: Grammar) -> bool:
    """Whether a yes/no or a number prompt heard only words it cannot use (no answer, no
    command in its grammar, or its own prompt written back): table talk, perhaps before the
    player's answer."""
    return grammar.kind in FOCUS_KINDS and not any(
        a.in_grammar and not prompt_echo(a.text, grammar) for a in alts)


def names_answer(said: str, grammar: Grammar) -> bool:
    """Whether the words ``said`` (space-separated) hold one of the accepted answers whole."""
    padded = f" {said} "
    return any(f" {a} " in padded for a in grammar.verify)
