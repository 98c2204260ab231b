"""Word Up host: the engine's prompts read as the question reader would read them.

The app sits in the reader's chair (the player to the answerer's right): it
reads each question in its category's style from the answerer's level stream,
judges the reply, says the verdict and the right answer, and narrates every
move, card and token. Every decision (category, tokens to lose or take,
exchanges, stop or lose) is asked by voice, with a yes/no question as the
fallback when a choice is not understood three times.

Verdicts are spoken from the ``answered`` event rather than at the question,
so when the table overrules a verdict ("that was wrong") the replayed event
says the corrected verdict in the same words.

The classroom timed game keeps its clock here (time is read from an injected
clock, and the play time used so far is saved with the set-up), because the
engine has no clock: when time is up the host answers the next prompt with
``Action("time_up", CHANCE)``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from content.load import ContentError, WordUpQuestions, load_wordup
from engine.core import CHANCE, Action, Anytime, Event, Prompt, SetupError, roll_dice, shuffled
from engine.wordup import WordUpState, new_game
from engine.wordup_board import CATEGORIES, COLOURS, LEVEL_NAMES, Variant
from engine.wordup_prompts import COLOUR_INDEX
from engine.wordup_save import load as load_state
from voice.errors import UsageError
from voice.games.host_base import GameHost, check_variant_keys, yes_no
from voice.games.packs import load_or_user_error
from voice.games.playtime import ANSWER_VARIANT, PlayTimer, answer_limit
from voice.games.wordup_learners import WordUpLearners
from voice.games.wordup_questions import CATEGORY_OF, question_ask
from voice.games.wordup_questions import join as _join
from voice.games.wordup_questions import phrase as _phrase
from voice.games.wordup_say import Narrator, scores, tokens_text
from voice.hosting.dialogue import Dialogue
from voice.hosting.exchange import Ask, Line
from voice.hosting.host import PlayOptions
from voice.learning.pronounce_help import glossary
from voice.reply_kind import ReplyKind
from voice.understanding.judge import Understood

GAME = "wordup"

VARIANTS: dict[str, str] = {
    "tokens": "1, 2 or 3 (tokens of each colour needed to win; default 2)",
    "timed": "a number of minutes, 1 to 300 (classroom game: most tokens when time is up wins)",
    "dice": "virtual or physical (physical: players roll real dice and say the total)",
    "answer": ANSWER_VARIANT,
}

CATEGORY_WORDS: dict[str, str] = {
    "missing word": "orange", "missing words": "orange", "the missing word": "orange",
    "crossword": "green", "crossword clue": "green", "crossword clues": "green",
    "crosswords": "green", "clue": "green",
    "multiple choice": "blue", "multiple": "blue",
    "spelling": "yellow", "spell a word": "yellow",
}
"""Category names a player may say instead of the colour (matched as whole phrases)."""

def parse_variant(settings: dict[str, str]) -> tuple[Variant, int]:
    """``--variant`` settings -> (engine Variant, timed minutes or 0); UsageError if bad."""
    check_variant_keys("Word Up", settings, VARIANTS)
    tokens = settings.get("tokens", "2").strip()
    if tokens not in ("1", "2", "3"):
        raise UsageError(f"--variant tokens={tokens!r}: allowed {VARIANTS['tokens']}")
    timed = settings.get("timed", "0").strip()
    if not timed.isdigit() or not (timed == "0" or 1 <= int(timed) <= 300):
        raise UsageError(f"--variant timed={timed!r}: allowed {VARIANTS['timed']}")
    dice = settings.get("dice", "virtual").strip().lower()
    if dice not in ("virtual", "physical"):
        raise UsageError(f"--variant dice={dice!r}: allowed {VARIANTS['dice']}")
    answer_limit(settings)
    minutes = int(timed)
    return Variant(tokens_to_win=int(tokens), timed=minutes > 0,
                   physical_dice=dice == "physical"), minutes


def check_settings(settings: Mapping[str, str]) -> None:
    """A one-line UsageError for a bad ``--variant`` value, before any set-up is asked."""
    parse_variant(dict(settings))


def new_host(options: PlayOptions, rng: random.Random,
             clock: Callable[[], float] = time.monotonic) -> WordUpHost:
    """A fresh game for ``options.players`` (name, level); ``rng`` is not used at set-up."""
    if options.teams:
        raise UsageError("Word Up is played by players with levels: use --players "
                         '"Ana:2,Ben:4" (a team can play as one player), not --teams')
    variant, minutes = parse_variant(dict(options.variant))
    names = [name for name, _ in options.players]
    levels = [level for _, level in options.players]
    try:
        state = new_game(levels, variant, names)
    except SetupError as exc:
        raise UsageError(f"--players: {exc}") from None
    setup = {"players": [[n, lv] for n, lv in options.players], "variant": dict(options.variant),
             "pack": str(options.pack) if options.pack else None, "seed": options.seed,
             "timer": PlayTimer.fresh_json(minutes)}
    learn = WordUpLearners(list(names))
    levels, greetings = learn.join(list(state.levels))
    # a level a teacher pinned wins over the one chosen: the game starts at it
    host = WordUpHost(new_game(levels, variant, names), setup, _questions(options.pack),
                      clock=clock)
    host.greetings = greetings
    host.learn = learn
    return host


def load_host(setup: dict[str, Any], state: dict[str, Any],
              clock: Callable[[], float] = time.monotonic) -> WordUpHost:
    """The host of a saved game (``--resume``)."""
    pack = setup.get("pack")
    host = WordUpHost(load_state(state), dict(setup), _questions(Path(pack) if pack else None),
                      clock=clock)
    host.resumed = True
    learn = WordUpLearners(list(host.names))
    learn.join(list(host.state.levels))
    learn.restore(setup.get("learners") or {})
    host.learn = learn
    return host


def _questions(pack: Path | None) -> WordUpQuestions:
    """The shipped questions, or a pack folder's; a broken folder is one clear error."""
    return load_or_user_error(load_wordup, str(pack) if pack is not None else None)


class WordUpHost(GameHost):
    """Turns Word Up prompts into Asks and events into narration (see the module docstring)."""

    game = GAME
    load_state = staticmethod(load_state)
    state: WordUpState

    def __init__(self, state: WordUpState, setup: dict[str, Any], questions: WordUpQuestions,
                 *, clock: Callable[[], float] = time.monotonic) -> None:
        self.state = state
        self.setup = setup
        self.questions = questions
        self.clock = clock
        self.verbose = True
        self.resumed = False
        self.timer = PlayTimer.from_setup(setup)
        self.answer_s = answer_limit(dict(setup.get("variant") or {}))
        """The per-answer time limit (``--variant answer=SECONDS``), or None: no limit."""
        self._queued: list[Line] = []
        self._narrator = Narrator(self)
        self.learn: WordUpLearners | None = None
        """Profiles and level offers (None: not kept, e.g. a throwaway game)."""
        self.greetings: list[Line] = []
        self._dialogue: Dialogue | None = None
        self._gloss: dict[str, str] | None = None

    # -- names and small words -------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return self.state.names

    # -- the Host protocol -----------------------------------------------------------
    def opening(self) -> list[Line]:
        if self.resumed:
            self.resumed = False
            return [Line("wordup.resumed"), *self.status("whose_turn", "")]
        players = [_phrase("wordup.player_level", name=n, level=lv, level_name=LEVEL_NAMES[lv])
                   for n, lv in zip(self.names, self.state.levels, strict=True)]
        target = self.state.variant.tokens_to_win
        lines = [Line("wordup.opening_one" if target == 1 else "wordup.opening",
                      {"players": _join(players), "target": target})]
        if self.timer is not None:
            minutes = int(self.timer.limit_s // 60)
            lines.append(Line("wordup.opening_timed_one" if minutes == 1 else "wordup.opening_timed",
                              {"minutes": minutes}))
        if self.state.variant.physical_dice:
            lines.append(Line("wordup.opening_physical"))
        lines += self.greetings
        self.greetings = []
        return lines

    def setup_json(self) -> dict[str, Any]:
        setup = super().setup_json()
        if self.learn is not None:
            setup["learners"] = self.learn.to_json()
        return setup

    def note_action(self, n: int) -> None:
        """The driver's number of the action about to be narrated (keys profile results)."""
        if self.learn is not None:
            self.learn.action = n

    def _restored(self) -> None:
        """The rewound verdict leaves the profile too."""
        if self.learn is not None:
            self.learn.retract_last()

    def chance(self, prompt: Prompt, rng: random.Random) -> Action:
        if self._time_is_up():
            return Action(Anytime.TIME_UP, CHANCE)
        if prompt.kind == "shuffle":
            return Action("shuffle", CHANCE, shuffled(rng, list(range(prompt.info["cards"]))))
        if prompt.kind == "roll":
            change = self._level_offer(prompt, self._dialogue)
            if change is not None:
                return change
            return Action("roll", CHANCE, sum(roll_dice(rng)))
        raise AssertionError(f"Word Up has no chance prompt {prompt.kind!r}")

    def decide(self, prompt: Prompt, dialogue: Dialogue) -> Action:
        if self._time_is_up():
            return Action(Anytime.TIME_UP, CHANCE)
        self._flush(dialogue)
        self._dialogue = dialogue
        change = self._level_offer(prompt, dialogue)
        if change is not None:
            return change
        handler = _DECIDERS[prompt.kind]
        value = handler(self, prompt, dialogue)
        return Action(prompt.kind, prompt.actor, value)

    def _level_offer(self, prompt: Prompt, dialogue: Dialogue | None) -> Action | None:
        """Before a turn's first roll: the level question, if the player's results call for it;
        a new level is the engine's set_level action (the driver changes the state, and saves
        it), after which the roll is asked for again (the question is asked once a turn)."""
        info = prompt.info
        if (self.learn is None or prompt.kind != "roll" or info.get("purpose") != "move"
                or info.get("from") != 0):
            return None
        seat = int(info["seat"])
        level = self.learn.offer(seat, self.state.turns, dialogue)
        if level is None or level == self.state.levels[seat]:
            return None
        return Action(Anytime.SET_LEVEL, seat, {"level": level})

    # -- asking ----------------------------------------------------------------------
    def _yes(self, dialogue: Dialogue, line: Line, name: str, default: bool = True) -> bool:
        return bool(dialogue.ask(yes_no(line, name, default)).value)

    def _pick(self, dialogue: Dialogue, say: list[Line], name: str, options: Sequence[str], *,
              expect: ReplyKind = ReplyKind.COLOUR, intents: dict[str, str] | None = None,
              yesno: Callable[[str], Line], labels: Sequence[str] | None = None,
              not_among: str = "wordup.not_among") -> str:
        """One of ``options`` by voice; after three unclear replies, yes/no per option.

        A colour (or its category) that is not among the options is answered with the
        options again (``not_among``, e.g. an Option square's two colours), not "I
        didn't catch that"."""
        opts = list(options)
        if len(opts) == 1:
            return opts[0]
        words = {k: v for k, v in (intents or {}).items() if v in opts}
        others: dict[str, Any] = {}
        if expect == ReplyKind.COLOUR:
            others = {c: {"other": c} for c in COLOURS if c not in opts}
            others |= {k: {"other": v} for k, v in CATEGORY_WORDS.items() if v not in opts}
        listed = _join(list(labels or opts), "wordup.list_or")
        ask = Ask(say, expect, name,
                  request={"options": opts, "expected": [*opts, *words]},
                  intents={**words, **others},
                  fallback=lambda: Ask([yesno(opts[0])], ReplyKind.YESNO, name,
                                       default=Understood.yes_no(True)),
                  unclear=Line("wordup.pick_unclear", {"name": name, "options": listed}))
        while True:
            result = dialogue.ask(ask)
            if isinstance(result.value, dict) and "other" in result.value:
                dialogue.tell(not_among, name=name, options=listed)
                ask.say = [Line(not_among, {"name": name, "options": listed})]
                continue
            if isinstance(result.value, bool):
                if result.value:
                    return opts[0]
                for option in opts[1:-1]:
                    if self._yes(dialogue, yesno(option), name):
                        return option
                return opts[-1]
            if result.value in opts:
                return str(result.value)
            dialogue.tell("wordup.not_a_choice", name=name)
            ask.say = [Line("wordup.not_a_choice", {"name": name}), *say]

    def _glossary(self) -> dict[str, str]:
        """Definitions of the packs' one-word answers, to explain other words of a question."""
        if self._gloss is None:
            self._gloss = glossary(item for items in self.questions.streams.values()
                                   for item in items)
        return self._gloss

    # -- deciders, one per prompt kind -------------------------------------------------
    def _roll(self, prompt: Prompt, dialogue: Dialogue) -> int:
        name = self.names[prompt.actor]
        key = ("wordup.roll_physical_first" if prompt.info.get("purpose") == "first_player"
               else "wordup.roll_physical")
        ahead = self._likely_questions(prompt.actor) if prompt.info.get("purpose") == "move" \
            else ()
        ask = Ask([Line(key, {"name": name})], ReplyKind.NUMBER, name,
                  request={"min": 2, "max": 12}, ahead=ahead)
        while True:
            result = dialogue.ask(ask)
            if isinstance(result.value, int) and 2 <= result.value <= 12:
                return int(result.value)
            dialogue.tell("common.unclear", name=name)

    def _answer(self, prompt: Prompt, dialogue: Dialogue) -> dict[str, bool]:
        info = prompt.info
        name = self.names[prompt.actor]
        item = self.questions.question(info["level"], CATEGORY_OF[info["colour"]], info["index"])
        ask = question_ask(item, name, self._glossary(), time_limit_s=self.answer_s)
        ask.say = [self._question_head(info, name), *ask.say]
        # after the verdict's lines, who may be asked next: wrong, the turn passes on to
        # the next seat; right, the same player rolls again
        state = self.state
        seats = dict.fromkeys(((state.current + 1) % state.players, state.current))
        ask.ahead = (*ask.ahead, *(line for seat in seats
                                   for line in self._likely_questions(seat)))
        result = dialogue.ask(ask)  # "skip" gives the answer up there: wrong, as the sheet says
        return {"correct": result.verdict == "correct"}

    def _question_head(self, info: Mapping[str, Any], name: str) -> Line:
        """The line before a question: whose it is, its category, and a double stake or the
        drawer of an "ask the player on your left" card (an answer prompt's ``info``)."""
        category = CATEGORIES[info["colour"]]
        if info.get("source") == "ask_left":
            return Line("wordup.question_ask_left",
                        {"name": name, "drawer": self.names[info["reader"]], "category": category})
        if info.get("stake") == 2:
            return Line("wordup.question_double", {"name": name, "category": category})
        return Line("wordup.question_for", {"name": name, "category": category})

    def _likely_questions(self, seat: int) -> tuple[Line, ...]:
        """The four questions ``seat`` may be asked next, head line included, as they would
        be said: one per colour, from ``seat``'s level streams at each stream's next index.

        Which one is asked depends on the dice (the colour of the square landed on), so all
        four render ahead while the table thinks, and the question a player waits for
        starts from memory (a question not asked stays next in its stream, so it is still
        in memory when its turn comes). Only a hint, read from the state as it is now: a
        double stake or an "ask the player on your left" card has another head line, a
        same-level player or a level change may move the stream on, and a question that
        cannot be found is left out (rendering ahead never stops a game)."""
        level = self.state.levels[seat]
        stream = self.state.streams[level - 1]
        name = self.names[seat]
        lines: list[Line] = []
        for colour in COLOURS:
            try:
                item = self.questions.question(level, CATEGORY_OF[colour],
                                               stream[COLOUR_INDEX[colour]])
            except (ContentError, ValueError):
                continue
            head = self._question_head({"colour": colour, "source": "question", "stake": 1},
                                       name)
            lines += [head, *question_ask(item, name).say]
        return tuple(lines)

    def _choose_category(self, prompt: Prompt, dialogue: Dialogue) -> str:
        name = self.names[prompt.actor]
        options = [str(o) for o in prompt.options]
        labels = [_phrase("wordup.category_option", category=CATEGORIES[c], colour=c)
                  for c in options]
        if prompt.info.get("source") == "ask_left":
            left = self.names[(prompt.actor + 1) % self.state.players]
            say = Line("wordup.choose_category_left",
                       {"name": name, "left": left, "options": _join(labels, "wordup.list_or")})
        else:
            say = Line("wordup.choose_category",
                       {"name": name, "options": _join(labels, "wordup.list_or")})
        not_among = ("wordup.option_colours" if prompt.info.get("source") == "option"
                     else "wordup.not_among")
        return self._pick(dialogue, [say], name, options, intents=CATEGORY_WORDS,
                          yesno=lambda c: Line("wordup.category_yesno",
                                               {"name": name, "category": CATEGORIES[c]}),
                          labels=labels, not_among=not_among)

    def _free_or_answer(self, prompt: Prompt, dialogue: Dialogue) -> str:
        name = self.names[prompt.actor]
        colour = prompt.info["colour"]
        say = Line("wordup.free_or_answer",
                   {"name": name, "colour": colour, "category": CATEGORIES[colour]})
        intents = {"free": "free", "free token": "free", "the free token": "free",
                   "take the token": "free", "take it": "free", "answer": "answer",
                   "answer it": "answer", "question": "answer", "answer a question": "answer",
                   "i'll answer": "answer", "ask me": "answer"}
        return self._pick(dialogue, [say], name, ["free", "answer"], expect=ReplyKind.NAME,
                          intents=intents,
                          yesno=lambda o: Line("wordup.free_or_answer_yesno", {"name": name}))

    def _two_colours(self, dialogue: Dialogue, say: Line, name: str, pairs: list[list[str]],
                     second_key: str) -> list[str]:
        """A pair of colours from ``pairs`` (each in COLOURS order): both at once or one by one."""
        intents: dict[str, Any] = {}
        for a, b in pairs:
            if a == b:
                for form in (f"two {a}", f"two {a}s", f"both {a}", f"{a} and {a}", f"{a} {a}",
                             f"2 {a}", f"two {a} tokens", f"both {a} tokens"):
                    intents[form] = [a, b]
            else:
                for x, y in ((a, b), (b, a)):
                    intents[f"{x} and {y}"] = [a, b]
                    intents[f"{x} {y}"] = [a, b]
                    intents[f"{x} and {y} tokens"] = [a, b]
        firsts = [c for c in COLOURS if any(c in p for p in pairs)]
        ask = Ask([say], ReplyKind.COLOUR, name,
                  request={"options": firsts, "expected": [*firsts, *intents]},
                  intents=intents,
                  fallback=lambda: Ask([Line("wordup.colour_yesno", {"name": name,
                                                                     "colour": firsts[0]})],
                                       ReplyKind.YESNO, name,
                                       default=Understood.yes_no(True)))
        result = dialogue.ask(ask)
        if isinstance(result.value, list):
            return list(result.value)
        if isinstance(result.value, bool):
            first = firsts[0] if result.value else self._yes_chain(dialogue, name, firsts[1:])
        else:
            first = str(result.value)
        seconds = [c for c in COLOURS for p in pairs
                   if first in p and c == (p[1] if p[0] == first else p[0])]
        seconds = list(dict.fromkeys(seconds))
        second = self._pick(
            dialogue, [Line(second_key, {"name": name, "colour": first})], name, seconds,
            yesno=lambda c: Line("wordup.colour_yesno", {"name": name, "colour": c}))
        return [first, second]

    def _yes_chain(self, dialogue: Dialogue, name: str, colours: list[str]) -> str:
        for colour in colours[:-1]:
            if self._yes(dialogue, Line("wordup.colour_yesno", {"name": name, "colour": colour}),
                         name):
                return colour
        return colours[-1]

    def _lose_tokens(self, prompt: Prompt, dialogue: Dialogue) -> list[str]:
        name = self.names[prompt.actor]
        say = Line("wordup.lose_tokens", {"name": name, "tokens": tokens_text(self.state, prompt.actor)})
        pairs = [list(p) for p in prompt.options]
        if len(pairs) == 1:
            return pairs[0]  # no choice to make: the narration says what was lost
        return self._two_colours(dialogue, say, name, pairs, "wordup.lose_second")

    def _free_tokens(self, prompt: Prompt, dialogue: Dialogue) -> list[str]:
        name = self.names[prompt.actor]
        pairs = [list(p) for p in prompt.options]
        return self._two_colours(dialogue, Line("wordup.free_tokens", {"name": name}), name,
                                 pairs, "wordup.free_second")

    def _exchange(self, prompt: Prompt, dialogue: Dialogue) -> Any:
        seat = prompt.actor
        name = self.names[seat]
        offers = [o for o in prompt.options if isinstance(o, dict)]
        partners = [self.names[s] for s in dict.fromkeys(o["with"] for o in offers)]
        say = Line("wordup.exchange_who", {"name": name, "partners": _join(partners,
                                                                           "wordup.list_or")})
        decline = {"no": "decline", "no thanks": "decline", "no thank you": "decline",
                   "decline": "decline", "nobody": "decline", "no one": "decline",
                   "roll again": "decline", "roll": "decline", "none": "decline"}
        ask = Ask([say], ReplyKind.NAME, name,
                  request={"options": partners, "expected": [*partners, *decline]},
                  intents=decline,
                  fallback=lambda: Ask([self._offer(name, partners[0], offers)],
                                       ReplyKind.YESNO, name,
                                       intents={**{partners[0].lower(): True}, **decline},
                                       default=Understood.yes_no(False)))
        if len(partners) == 1:
            ask = ask.fallback() if ask.fallback else ask
        result = dialogue.ask(ask)
        if result.value == "decline":
            return "decline"
        if isinstance(result.value, bool):
            if not result.value:
                chosen = None
                for partner in partners[1:]:
                    if self._yes(dialogue, self._offer(name, partner, offers), name,
                                 default=False):
                        chosen = partner
                        break
                if chosen is None:
                    return "decline"
                partner_name = chosen
            else:
                partner_name = partners[0]
        else:
            partner_name = str(result.value)
        other = self.names.index(partner_name)
        mine = [o for o in offers if o["with"] == other]
        gives = list(dict.fromkeys(o["give"] for o in mine))
        give = self._pick(
            dialogue, [Line("wordup.exchange_give", {"name": name, "partner": partner_name,
                                                     "colours": _join(gives, "wordup.list_or")})],
            name, gives, yesno=lambda c: Line("wordup.colour_yesno", {"name": name, "colour": c}))
        takes = [o["take"] for o in mine if o["give"] == give]
        take = self._pick(
            dialogue, [Line("wordup.exchange_take", {"partner": partner_name,
                                                     "colours": _join(takes, "wordup.list_or")})],
            name, takes, yesno=lambda c: Line("wordup.colour_yesno", {"name": name, "colour": c}))
        return {"with": other, "give": give, "take": take}

    def _offer(self, name: str, partner: str, offers: list[dict[str, Any]]) -> Line:
        """The yes/no to exchange with ``partner``, saying which tokens would move."""
        other = self.names.index(partner)
        mine = [o for o in offers if o["with"] == other]
        if len(mine) == 1:
            return Line("wordup.exchange_offer", {"name": name, "partner": partner,
                                                  "give": mine[0]["give"],
                                                  "take": mine[0]["take"]})
        gives = _join(list(dict.fromkeys(o["give"] for o in mine)), "wordup.list_or")
        takes = _join(list(dict.fromkeys(o["take"] for o in mine)), "wordup.list_or")
        return Line("wordup.exchange_offer_choices", {"name": name, "partner": partner,
                                                      "gives": gives, "takes": takes})

    def _stop_or_lose(self, prompt: Prompt, dialogue: Dialogue) -> str:
        name = self.names[prompt.actor]
        held = [str(o) for o in prompt.options if o != "stop"]
        say = Line("wordup.stop_or_lose", {"name": name, "colours": _join(held, "wordup.list_or")})
        intents = {"stop": "stop", "i'll stop": "stop", "stop here": "stop", "i stop": "stop",
                   "we stop": "stop", "we'll stop": "stop"}
        ask = Ask([say], ReplyKind.COLOUR, name, request={"options": ["stop", *held],
                                                  "expected": ["stop", *held, *intents]},
                  intents=intents,
                  fallback=lambda: Ask([Line("wordup.stop_or_lose_yesno", {"name": name})],
                                       ReplyKind.YESNO, name,
                                       default=Understood.yes_no(True)))
        while True:
            result = dialogue.ask(ask)
            if result.value is True or result.value == "stop":
                return "stop"
            if result.value is False:
                return self._yes_chain(dialogue, name, held)
            if result.value in held:
                return str(result.value)
            dialogue.tell("wordup.not_a_choice", name=name)

    # -- narration and status (voice.games.wordup_say) -------------------------------
    def narrate(self, events: Sequence[Event]) -> list[Line]:
        lines: list[Line] = list(self._queued)
        self._queued = []
        if not events:
            if self.state.is_over():
                lines.append(Line("wordup.final_scores", {"scores": scores(self.state)}))
                if self.learn is not None:
                    lines += self.learn.finish()
            return lines
        evs = list(events)
        for n, event in enumerate(evs):
            lines.extend(self._narrator.event(event, evs[n + 1:]))
        return lines

    def status(self, what: str, asker: str) -> list[Line]:
        return self._narrator.status(what, asker)


_DECIDERS: dict[str, Callable[[WordUpHost, Prompt, Dialogue], Any]] = {
    "roll": WordUpHost._roll,
    "answer": WordUpHost._answer,
    "choose_category": WordUpHost._choose_category,
    "free_or_answer": WordUpHost._free_or_answer,
    "lose_tokens": WordUpHost._lose_tokens,
    "free_tokens": WordUpHost._free_tokens,
    "exchange": WordUpHost._exchange,
    "stop_or_lose": WordUpHost._stop_or_lose,
}
