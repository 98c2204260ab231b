"""Asking the table in Word on the Street: the brainstorm, the word, its letters, challenges, votes.

The brainstorm is not a question: the team talks among itself and the app
only listens for "we're ready" (or "our word is ...") while it keeps the
time, saying "10 seconds left" and "time's up"; it also answers "what's the
score" and the other questions about the game while the sand runs. Time is
the host's injected clock, and a listen that times out counts as the silence
it waited for, so scripted sessions run the timer without sleeping; a reply
that arrives after the time ran out (typed input is read with a timeout, but
a line may still come late) is too late.

Spelling turns one reply into several engine actions: the letters of "p u
r p l e" are queued and applied one by one, so each tile's move is announced
(and autosaved) as its letter is applied, the way the sheet has a player
move the tiles as the letters are announced.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from content.lexicon import Lexicon
from content.load import WordStreetDeck
from engine.core import Action, Prompt, RulesError
from engine.wordstreet import WordStreet
from engine.wordstreet_board import MAX_WORD
from engine.wordstreet_save import load as load_state
from voice.games.host_base import yes_no
from voice.games.wordstreet_say import Words, category_lines, key
from voice.games.wordstreet_words import (
    EXPLICIT_LEADS,
    raw_tokens,
    read_letters,
    read_word,
    same_word,
    spelling_verdict,
    with_hyphens,
)
from voice.hosting.dialogue import Dialogue
from voice.hosting.exchange import Ask, ControlFlow, Exchange, Line
from voice.reply_kind import ReplyKind
from voice.understanding.judge import Understood, parse_command
from voice.understanding.letters import letters_only
from voice.understanding.transcript import tokens


class StreetTable(Protocol):
    """The parts of the Word on the Street host the asking reads and changes (the host
    is one); a protocol, so this module never imports the host."""

    deck: WordStreetDeck
    clock: Callable[[], float]
    words: Words
    lexicon: Lexicon
    turn: TurnNotes
    hyphenated: frozenset[str]

    @property
    def engine(self) -> WordStreet: ...


WARN_AT_S = 10
"""Seconds left at which the brainstorm warning is said."""
LATE_S = 1.0
"""A reply that ends this long after the time ran out is too late (speech that began in
time ends a moment after it)."""
STATUS_COMMANDS = frozenset({"score", "whose_turn", "where_am_i", "tokens"})
"""Questions about the game the host answers during the brainstorm."""
SPLIT_TRIES = 2
"""Tries in a row whose word is heard as several words ("while the beat" for wallaby)
before the team is asked to spell it instead: a word the recognizer keeps splitting is
one it cannot hear, and saying it again does not help; its letters are heard one by one."""

READY_PHRASES = (
    "ready", "we're ready", "we are ready", "i'm ready", "i am ready", "ready now",
    "ready to go", "we're done", "we've got one", "we have one", "got one", "got it",
    "we've got it", "we have a word", "we've got a word", "we've chosen", "we have chosen",
    "we've decided", "we have decided", "we've agreed", "we have agreed", "we agree",
    "we've got our word", "we have our word",
)
"""The brainstorm ends early on these (the whole utterance, give or take "okay", "now")."""
_READY = frozenset(" ".join(tokens(p)) for p in READY_PHRASES)
_READY_LEAD = frozenset({"okay", "ok", "yes", "yeah", "right", "alright", "so", "and"})
_READY_TRAIL = frozenset({"now", "please", "thanks"})

CHALLENGE_PHRASES: dict[str, str] = {
    "spelling": "spelling", "the spelling": "spelling", "spelled wrong": "spelling",
    "spelt wrong": "spelling", "it's spelled wrong": "spelling", "wrong spelling": "spelling",
    "misspelled": "spelling", "misspelt": "spelling", "spelling challenge": "spelling",
    "two words": "two_words", "it's two words": "two_words", "that's two words": "two_words",
    "two word": "two_words", "it is two words": "two_words",
    "doesn't fit": "word_selection", "it doesn't fit": "word_selection",
    "the word doesn't fit": "word_selection", "does not fit": "word_selection",
    "not in the category": "word_selection", "wrong category": "word_selection",
    "doesn't fit the category": "word_selection", "word selection": "word_selection",
    "the word": "word_selection",
}
"""How players name a challenge; "yes, the spelling" names it at the yes/no question."""
CHALLENGE_INTENTS = {" ".join(tokens(p)): kind for p, kind in CHALLENGE_PHRASES.items()}
KIND_ORDER = ("spelling", "two_words", "word_selection")
KIND_NAMES = {"spelling": "challenge_kind_spelling", "two_words": "challenge_kind_two_words",
              "word_selection": "challenge_kind_selection"}

COUNT_WORDS = {"nobody": 0, "no one": 0, "none": 0, "zero": 0, "nought": 0}


@dataclass
class TurnNotes:
    """What the host knows of the turn beyond the engine: the chosen word (saved
    with the set-up), letters heard but not yet applied, a word heard in the
    brainstorm, and whether the word was on the card's list at a vote."""

    word: str | None = None
    """Upper case with hyphens; "" when the team spells without a word said first."""
    queue: list[str] = field(default_factory=list)
    finish: bool = False
    heard_word: str | None = None
    declared: str = ""
    """The word the team said it would spell (lower case; saved with the set-up): a
    spelling challenge checks the letters against it, even if the letters were moved
    for another spelling."""

    def clear(self) -> None:
        self.word, self.queue, self.finish, self.heard_word = None, [], False, None
        self.declared = ""


# -- the brainstorm ---------------------------------------------------------------------


def ready(text: str) -> str | None:
    """"" for a plain "we're ready", the utterance for "our word is sand", else None."""
    toks = tokens(text)
    while toks and toks[0] in _READY_LEAD:
        toks = toks[1:]
    while toks and toks[-1] in _READY_TRAIL:
        toks = toks[:-1]
    if " ".join(toks) in _READY or parse_command(text) == "ready":
        return ""
    raw = raw_tokens(text)
    if any(len(raw) > len(lead) and tuple(raw[:len(lead)]) == lead for lead in EXPLICIT_LEADS):
        return text
    return None


def brainstorm(host: StreetTable, prompt: Prompt, dialogue: Dialogue) -> Action:
    team = prompt.actor
    seconds = float(prompt.info["timer_seconds"])
    label = host.words.team(team)
    dialogue.tell(key("brainstorm_go"), seconds=int(seconds))
    start = host.clock()
    heard_until = start
    warned = seconds <= WARN_AT_S
    grammar = list(READY_PHRASES)
    while True:
        now = max(host.clock(), heard_until)
        left = seconds - (now - start)
        if left <= 0:
            dialogue.tell(key("time_up"))
            return Action("brainstorm", team, "time_up")
        if not warned and left <= WARN_AT_S:
            warned = True
            dialogue.tell(key("seconds_left"), seconds=WARN_AT_S)
        wait = left if warned else left - WARN_AT_S
        heard = dialogue.ears.listen(ReplyKind.COMMAND, grammar, wait)
        if heard.ended:
            raise ControlFlow("quit")
        if heard.timed_out:
            heard_until = now + wait  # nobody spoke for the whole wait
            continue
        if not heard.nbest:
            continue  # a noise: the clock alone says how long it took
        text = heard.nbest[0]
        dialogue.transcript(label, text)
        if host.clock() - start > seconds + LATE_S:
            # Said after the sand ran out (typed input waits for nobody): time is up.
            dialogue.exchanges.append(Exchange("brainstorm", heard.nbest, "late"))
            dialogue.tell(key("time_up"))
            return Action("brainstorm", team, "time_up")
        command = parse_command(text)
        if command in STATUS_COMMANDS:
            # "What's the score?" while the team thinks: answered, and the sand keeps running.
            dialogue.speak(dialogue.table.status(command, label))
            continue
        if command in ("repeat", "help"):
            # The category again, and for "help" what to do with it; the sand keeps running.
            dialogue.speak(category_lines(host.deck, host.engine))
            if command == "help":
                dialogue.tell(key("brainstorm_help"))
            continue
        chosen = ready(text)
        dialogue.exchanges.append(Exchange("brainstorm", heard.nbest,
                                           "talk" if chosen is None else "ready", chosen or None))
        if chosen is not None:
            host.turn.heard_word = chosen or None
            dialogue.tell(key("ready"), team=label)
            return Action("brainstorm", team, "word_chosen")
        if command == "quit" and dialogue.confirm_quit(label):
            raise ControlFlow("quit")


# -- the word ---------------------------------------------------------------------------


def _yes(dialogue: Dialogue, line: Line, addressee: str, default: bool = False,
         intents: dict[str, Any] | None = None) -> Understood:
    return dialogue.ask(yes_no(line, addressee, default, intents))


def _tell_refusal(dialogue: Dialogue, refused: tuple[str, dict[str, str]]) -> None:
    """Say why a word or a spelling cannot go on the board (a phrase of ``wordstreet`` and
    its fields, a symbol by its spoken name)."""
    why, fields = refused
    if "symbol" in fields:
        fields = {"symbol": dialogue.line(Line(key("symbol." + fields["symbol"])))}
    dialogue.tell(key(why), **fields)


def _confirm_word(u: Understood) -> Line:
    value = u.value
    if value.get("joined"):
        return Line(key("one_word_check"), {"word": value["word"]})
    return Line(key("confirm_word"), {"word": value["word"]})


def choose_word(host: StreetTable, prompt: Prompt, dialogue: Dialogue) -> str | None:
    """The team's word (lower case), "" to spell it straight away, None for no word."""
    team = prompt.actor
    label = host.words.team(team)
    may_pass = bool(prompt.info["may_pass"])
    pending, host.turn.heard_word = host.turn.heard_word, None
    line = Line(key("ask_word_or_pass" if may_pass else "ask_word"), {"team": label})
    ask = Ask([line], ReplyKind.WORD, label, confirm=_confirm_word,
              understand=lambda h: read_word(h.nbest, host.lexicon, host.deck.blocklist))
    split = 0  # the word heard as several words, one try after another
    while True:
        if pending:
            # "Our word is ..." in the brainstorm: confirm it rather than ask again.
            u = read_word([pending], host.lexicon, host.deck.blocklist)
            pending = None
            if isinstance(u.value, dict) and "word" in u.value:
                heard = Line(key("confirm_word"), {"word": u.value["word"]})
                if _yes(dialogue, heard, label).value is not True:
                    continue
        else:
            u = dialogue.ask(ask)
        value = u.value
        if not isinstance(value, dict):
            return ""  # three tries missed: letters are easier to hear, so spell it instead
        if value.get("pass"):
            if may_pass:
                return None
            ask.say = [Line(key("must_say_word"), {"team": label})]
            continue
        if value.get("blocked"):
            dialogue.tell(key("word_blocked"))
            ask.say = [Line(key("ask_word"), {"team": label})]
            continue
        if "refused" in value:
            _tell_refusal(dialogue, value["refused"])
            split = split + 1 if value["refused"][0] == "refused_words" else 0
            if split >= SPLIT_TRIES:
                return ""  # letters are easier to hear than this word: spell it instead
            ask.say = [Line(key("ask_word"), {"team": label})]
            continue
        return str(value["word"])


# -- spelling ---------------------------------------------------------------------------


def _letter(team: int, ch: str) -> Action:
    return Action("spell", team, {"letter": ch})


def _done(team: int) -> Action:
    return Action("spell", team, {"done": True})


def _legal(state: WordStreet, team: int, chars: str) -> bool:
    """The engine takes these characters now (tried on a copy: hyphens, length)."""
    if len(state.spelled) + len(chars) > MAX_WORD:
        return False
    trial = load_state(state.to_json())
    try:
        for ch in chars:
            trial.apply(_letter(team, ch))
    except RulesError:
        return False
    return True


def spell(host: StreetTable, prompt: Prompt, dialogue: Dialogue) -> Action:
    team = prompt.actor
    turn = host.turn
    so_far = str(prompt.info["spelled"])
    if turn.queue:
        return _letter(team, turn.queue.pop(0))
    if turn.finish:
        turn.finish = False
        return _done(team)
    words = host.words
    label = words.team(team)
    if not so_far and turn.word is None:
        chosen = choose_word(host, prompt, dialogue)
        if chosen is None:
            return _done(team)
        turn.word = chosen.upper()
        turn.declared = chosen.lower()
        intro = Line(key("spell_instead"))
        if chosen:
            intro = Line(key("spell_it"), {"word": chosen.capitalize()})
    elif turn.word and so_far and letters_only(so_far) == letters_only(turn.word):
        return _done(team)
    elif so_far:
        intro = Line(key("spell_on"), {"so_far": words.spelled(so_far)})
    else:
        intro = Line(key("spell_it"), {"word": (turn.word or "").capitalize() or label})
    word = turn.word or ""
    while True:
        action = _spell_once(host, prompt, dialogue, word, so_far, intro)
        if action is not None:
            return action
        intro = Line(key("spell_again"))


def _spell_once(host: StreetTable, prompt: Prompt, dialogue: Dialogue, word: str,
                so_far: str, intro: Line) -> Action | None:
    team = prompt.actor
    turn = host.turn
    words = host.words
    label = words.team(team)
    request = {"answer": word.lower()} if word else {}
    target, done = letters_only(word).upper(), letters_only(so_far).upper()
    rest = target[len(done):] if word and target.startswith(done) else ""

    def fallback() -> Ask:
        line = Line(key("spell_for_you"), {"letters": words.spelled(so_far + rest)})
        return Ask([line], ReplyKind.YESNO, label, default=Understood.yes_no(False))

    ask = Ask([intro], ReplyKind.SPELLING, label, request=request,
              spellable=(word.lower(),) if word else (),
              understand=lambda h: read_letters(h.nbest, word, so_far),
              confirm=lambda u: Line("common.did_you_say",
                                     {"said": words.spelled(u.value["letters"])}),
              fallback=fallback if rest else None)
    try:
        u = dialogue.ask(ask)
    except ControlFlow as flow:
        if flow.command == "undo":
            if so_far:
                return Action("spell", team, {"undo": True})
            dialogue.tell(key("nothing_to_take_back"))
            return None
        raise
    value = u.value
    if value is True:  # three unclear tries, then "shall I move the tiles for ...?": yes
        return _queue(host, team, with_hyphens(word, so_far, rest), True)
    if not isinstance(value, dict):
        return None
    if value.get("pass"):
        if not so_far and prompt.info["may_pass"]:
            return _done(team)
        dialogue.tell(key("no_pass"), team=label)
        return None
    if "refused" in value:  # "h a 9 p y": a character with no tile; nothing moves
        _tell_refusal(dialogue, value["refused"])
        return None
    letters = str(value["letters"])
    if not letters:
        if not so_far:
            return None
        if word and letters_only(so_far) != letters_only(word):
            line = Line(key("spell_whole"), {"letters": words.spelled(so_far)})
            if _yes(dialogue, line, label).value is not True:
                return None
        return _done(team)
    if not word:
        line = Line(key("spell_whole"), {"letters": words.spelled(so_far + letters)})
        finish = _yes(dialogue, line, label, default=True).value is True
        return _queue(host, team, letters, finish)
    if value["fits"]:
        chars = with_hyphens(word, so_far, letters)
        finish = bool(value["done"])
        if finish and letters_only(so_far + letters) != letters_only(word):
            line = Line(key("spell_whole"), {"letters": words.spelled(so_far + chars)})
            finish = _yes(dialogue, line, label).value is True
        return _queue(host, team, chars, finish)
    line = Line(key("spell_mismatch"), {"letters": words.spelled(so_far + letters),
                                        "word": word.lower()})
    try:
        moved = _yes(dialogue, line, label).value is True
    except ControlFlow as flow:
        if flow.command != "undo":
            raise
        moved = False  # "undo" here takes back what was just heard: nothing moved yet
    if not moved:
        return None
    turn.word = (so_far + letters).upper()
    return _queue(host, team, letters, False)


def _queue(host: StreetTable, team: int, chars: str, finish: bool) -> Action | None:
    if not _legal(host.engine, team, chars):
        return None
    host.turn.queue = list(chars[1:])
    host.turn.finish = finish
    return _letter(team, chars[0])


# -- challenges and votes ---------------------------------------------------------------


def challenge(host: StreetTable, prompt: Prompt, dialogue: Dialogue) -> Action:
    other = prompt.actor
    label = host.words.team(other)
    word = host.words.spelled(str(prompt.info["word"]))
    line = Line(key("ask_challenge"), {"team": label, "word": word})
    u = _yes(dialogue, line, label, intents=CHALLENGE_INTENTS)
    if u.command == "intent":
        return Action("challenge", other, u.value)
    if u.value is not True:
        return Action("challenge", other, "none")
    return Action("challenge", other, _challenge_kind(host, dialogue, label, word))


def _challenge_kind(host: StreetTable, dialogue: Dialogue, label: str, word: str) -> str:
    names = [host.words.text(KIND_NAMES[k]) for k in KIND_ORDER]
    ask = Ask([Line(key("ask_challenge_kind"), {"team": label})], ReplyKind.NAME, label,
              request={"options": names}, intents=CHALLENGE_INTENTS,
              unclear=Line(key("challenge_kind_unclear"), {"team": label}))
    u = dialogue.ask(ask)
    if u.command == "intent":
        return str(u.value)
    if u.verdict == "correct" and u.value in names:
        return KIND_ORDER[names.index(u.value)]
    if _yes(dialogue, Line(key("challenge_spelling_yesno")), label).value is True:
        return "spelling"
    line = Line(key("challenge_two_words_yesno"), {"word": word})
    if _yes(dialogue, line, label).value is True:
        return "two_words"
    return "word_selection"


RULING_LINES = {"correct": "spelling_right", "incorrect": "spelling_wrong",
                "one_word": "is_one_word", "two_words": "is_two_words"}


def ruling(host: StreetTable, prompt: Prompt, dialogue: Dialogue, verdict: str) -> str:
    """Say the dictionary's ruling, which stands (RULINGS: the table cannot vote it away)."""
    word = host.words.spelled(str(prompt.info["word"]))
    dialogue.tell(key(RULING_LINES[verdict]), word=word)
    return verdict


def spelling_ruling(host: StreetTable, prompt: Prompt, dialogue: Dialogue) -> str:
    """A spelling challenge: the dictionary's ruling against the declared word; a word
    it lacks with nothing close to it (a rare name, a new word) goes to a vote."""
    spelled = str(prompt.info["word"])
    word = host.words.spelled(spelled)
    accept = host.deck.side(int(prompt.info["card"]), host.engine.settings.side).accept
    declared = host.turn.declared
    verdict = spelling_verdict(spelled, accept, host.lexicon, declared=declared,
                               known=host.hyphenated)
    if verdict == "incorrect" and declared and not same_word(spelled, declared, host.lexicon):
        dialogue.tell(key("spelling_not_declared"), word=word, declared=declared)
        return verdict
    if verdict != "vote":
        return ruling(host, prompt, dialogue, verdict)
    dialogue.tell(key("spelling_vote"), word=word)
    everyone = host.words.text("everyone")
    hands = _hands(dialogue, everyone, int(host.engine.settings.players),
                   Line(key("ask_accept_spelling"), {"word": word}))
    dialogue.tell(key("votes"), accept=hands["accept"], reject=hands["reject"])
    if hands["accept"] > hands["reject"]:
        return "correct"
    if hands["accept"] == hands["reject"]:
        dialogue.tell(key("tied"))
    return "incorrect"


def vote(host: StreetTable, prompt: Prompt, dialogue: Dialogue) -> Action:
    """A word-selection challenge: always a vote of all players (RULINGS), listed words too."""
    team = prompt.actor
    players = int(prompt.info["players"])
    word = host.words.spelled(str(prompt.info["word"]))
    dialogue.tell(key("explain"), team=host.words.team(team), word=word)
    everyone = host.words.text("everyone")
    return Action("vote", team, _hands(dialogue, everyone, players, Line(key("ask_accept"))))


def _hands(dialogue: Dialogue, everyone: str, players: int, first: Line) -> dict[str, int]:
    """A show of hands: accept and reject counts that add up to everyone."""
    while True:
        accept = _count(dialogue, first, everyone, players)
        if accept is None:
            return _by_majority(dialogue, everyone, players)
        reject = _count(dialogue, Line(key("ask_reject")), everyone, players)
        if reject is None:
            reject = players - accept  # everyone votes (the engine's rule)
        if accept + reject == players:
            return {"accept": accept, "reject": reject}
        dialogue.tell(key("vote_count_wrong"), votes=accept + reject, players=players)


def _count(dialogue: Dialogue, line: Line, addressee: str, players: int) -> int | None:
    """A number of players, or None after three unclear replies."""
    intents: dict[str, Any] = dict(COUNT_WORDS)
    for phrase in ("everyone", "everybody", "all of us", "all of them", "all"):
        intents[phrase] = players
    expected: Sequence[str] = [str(n) for n in range(players + 1)]
    ask = Ask([line], ReplyKind.NUMBER, addressee,
              request={"min": 0, "max": players, "expected": list(expected)}, intents=intents)
    u = dialogue.ask(ask)
    if isinstance(u.value, int) and not isinstance(u.value, bool):
        return int(u.value)
    return None


def _by_majority(dialogue: Dialogue, addressee: str, players: int) -> dict[str, int]:
    """When the counts cannot be heard: yes/no questions about the majority. The
    counts handed to the engine then stand for the outcome (a bare majority, or a tie)."""
    most = players // 2 + 1
    if _yes(dialogue, Line(key("more_accept")), addressee).value is True:
        return {"accept": most, "reject": players - most}
    if players % 2 == 1 or _yes(dialogue, Line(key("more_reject")), addressee).value is True:
        return {"accept": players - most, "reject": most}
    return {"accept": players // 2, "reject": players // 2}
