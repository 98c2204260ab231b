"""Best of Sport and Leisure host: the app is the Question Master.

Each engine prompt becomes spoken questions: the playing team hears its space
and card, a Picture card's scene, then each question with its colour; a miss
goes to the other team for a bonus move, and when both miss the answer is read
out. Action cards are played by saying their name at any prompt ("we play
Sin Bin", "Blue team, own goal"): every Ask carries the six card names as
intents, a card playable now becomes ``Action("play_card", ...)`` and one that
is not is refused with the sheet's rule read out. Where nobody has to answer
(before the first question when the Question Master's team holds Sin Bin or
Run for the Money, and the engine's ``"continue"`` prompt that holds the Own
Goal window open) the host asks "any action card?", once a card: again on the
extra card Second Wind wins, not after New Balls. Sin Bin is refused once the
purple question has been read (the sheet: "before asking the first question").

Who starts is the team with the youngest player (the sheet): ``--variant
first=NAME``, or asked by voice in a small pre-game step that comes before the
engine's first shuffle, so the choice is saved and undone like any other.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from content.load import SportLeisureDeck, load_sportleisure
from content.schema import CardKind, SLCard
from engine.core import (
    CHANCE,
    Action,
    Event,
    GameState,
    IllegalActionError,
    InvalidActionError,
    Outcome,
    Prompt,
    PromptKind,
    RulesError,
    SaveError,
    SetupError,
    shuffled,
)
from engine.sportleisure import SportLeisureState, new_game
from engine.sportleisure_board import (
    RUN_FOR_THE_MONEY,
    SECOND_WIND,
    SIN_BIN,
    WINNING_ZONE,
    card_type,
)
from engine.sportleisure_save import load as load_state
from voice.errors import UsageError, UserError
from voice.games import sportleisure_say as say
from voice.games.host_base import GameHost, check_variant_keys, team_named
from voice.games.packs import load_or_user_error
from voice.games.playtime import ANSWER_VARIANT, answer_limit
from voice.games.sportleisure_cards import CardAsks
from voice.games.sportleisure_say import Words, key
from voice.games.teams import first_team, two_teams
from voice.hosting.dialogue import Dialogue
from voice.hosting.exchange import Ask, Line
from voice.hosting.host import PlayOptions
from voice.reply_kind import ReplyKind
from voice.speaking.phrases import Phrases
from voice.understanding.judge import Understood

GAME = "sportleisure"

VARIANTS: dict[str, str] = {
    "first": "TEAM, the team with the youngest player, who plays first "
             "(asked by voice if left out)",
    "answer": ANSWER_VARIANT,
}

QM_OPENING_CARDS = frozenset({SIN_BIN, RUN_FOR_THE_MONEY})
"""Cards the Question Master's team plays before the first question: they get a window."""

PREGAME = PromptKind.CHOOSE_FIRST


@dataclass
class FirstTeamChoice:
    """The step before the engine exists: which team has the youngest player.

    A state in its own right (prompt, apply, to_json) so the driver saves it
    and asks it like any other prompt; ``chosen`` builds the engine state.
    """

    names: tuple[str, str]
    chosen: Any = None
    """Called with the team index once the table has answered."""

    def prompt(self) -> Prompt:
        return Prompt(PREGAME, 0, (0, 1), {"teams": list(self.names), "playable_cards": {}})

    def apply(self, action: Action) -> list[Event]:
        if action.kind != PREGAME:
            raise InvalidActionError(f"expected a {str(PREGAME)!r} action, "
                                     f"got {str(action.kind)!r}")
        if action.value not in (0, 1) or isinstance(action.value, bool):
            raise IllegalActionError(f"the first team is 0 or 1, not {action.value!r}")
        if self.chosen is not None:
            self.chosen(int(action.value))
        return [Event("first_team", {"team": int(action.value)})]

    def is_over(self) -> bool:
        return False

    def winners(self) -> list[int]:
        return []

    def outcome(self) -> Outcome | None:
        return None

    def to_json(self) -> dict[str, Any]:
        return {"game": GAME, "pregame": str(PREGAME)}


class SportLeisureHost(CardAsks, GameHost):
    """Runs one game of Best of Sport and Leisure through the dialogue."""

    game = GAME
    load_state = staticmethod(load_state)

    def __init__(self, teams: Sequence[tuple[str, Sequence[str]]], deck: SportLeisureDeck,
                 setup: dict[str, Any], phrases: Phrases | None = None) -> None:
        self.teams = [(name, list(members)) for name, members in teams]
        self.deck = deck
        self.setup = setup
        self.words = Words(phrases or Phrases.load(), [name for name, _ in self.teams])
        self._engine: SportLeisureState | None = None
        self._pregame: FirstTeamChoice | None = None
        self.resumed = False
        self.verbose = True
        """The dialogue's verbose/terse setting, as last seen when asking."""
        self._window_done: tuple[int, bool] | None = None
        self.answer_s = answer_limit(dict(setup.get("variant") or {}))
        """The per-answer time limit (``--variant answer=SECONDS``), or None: no limit."""

    # -- state ----------------------------------------------------------------
    @property
    def state(self) -> GameState:
        if self._engine is not None:
            return self._engine
        assert self._pregame is not None
        return self._pregame

    @state.setter
    def state(self, value: GameState) -> None:
        if isinstance(value, SportLeisureState):
            self._engine, self._pregame = value, None
        elif isinstance(value, FirstTeamChoice):
            self._engine, self._pregame = None, value
            value.chosen = self._start
        else:
            raise TypeError(f"not a Sport and Leisure state: {type(value).__name__}")

    @property
    def engine(self) -> SportLeisureState | None:
        return self._engine

    def _start(self, first: int) -> None:
        self._engine = new_game([m for _, m in self.teams], len(self.deck), first)
        self._pregame = None

    def begin(self, first: int | None) -> None:
        if first is None:
            self.state = FirstTeamChoice((self.teams[0][0], self.teams[1][0]))
        else:
            self._start(first)

    def restore(self, state_json: dict[str, Any]) -> None:
        if state_json.get("pregame") == PREGAME:
            self.state = FirstTeamChoice((self.teams[0][0], self.teams[1][0]))
            return
        super().restore(state_json)

    # -- driver hooks -----------------------------------------------------------
    def chance(self, prompt: Prompt, rng: random.Random) -> Action:
        return Action("shuffle", CHANCE, shuffled(rng, list(range(int(prompt.info["size"])))))

    def opening(self) -> list[Line]:
        st = self._engine
        if self.resumed and st is not None:
            lines = [Line(key("resumed"))]
            if not st.is_over():
                lines += say.status(self.words, st, "score", st.playing)
                lines += say.status(self.words, st, "whose_turn", st.playing)
            return lines
        if self.resumed:
            return [Line(key("resumed"))]
        lines = [Line(key("welcome"))]
        for index, (_, members) in enumerate(self.teams):
            lines.append(Line(key("team_line"), {"team": self.words.team(index),
                                                 "members": self.words.join(members)}))
        return lines

    def narrate(self, events: Sequence[Event]) -> list[Line]:
        st = self._engine
        if not events:
            return say.final(self.words, st) if st is not None and st.is_over() else []
        if st is None:
            return []
        lines = say.narrate(self.words, self.deck, st, events)
        if not self.verbose:
            lines = [line for line in lines if line.key not in say.VERBOSE_ONLY]
        return lines

    def status(self, what: str, asker: str) -> list[Line]:
        st = self._engine
        if st is None:
            return [Line("common.not_now")]
        team = self._team_of(asker)
        if team is None:
            team = st.answerer() if st.phase == "answer" else st.playing
        return say.status(self.words, st, what, team)

    def decide(self, prompt: Prompt, dialogue: Dialogue) -> Action:
        self.verbose = dialogue.settings.verbose
        if prompt.kind == PREGAME:
            return self._ask_first(dialogue)
        if prompt.kind == "answer":
            return self._answer(prompt, dialogue)
        if prompt.kind == "continue":
            action = self._window(prompt, dialogue, prompt.actor, "window_continue")
            return action if action is not None else Action("continue", prompt.actor)
        raise RulesError(f"no question to ask for a {prompt.kind!r} prompt")

    # -- asking -----------------------------------------------------------------
    def _ask_first(self, dialogue: Dialogue) -> Action:
        names = [self.teams[0][0], self.teams[1][0]]
        labels = [self.words.team(0), self.words.team(1)]
        everyone = self.words.phrases.text(key("everyone"))

        def fallback() -> Ask:
            return Ask([Line(key("youngest_is"), {"team": labels[0]})], ReplyKind.YESNO, everyone)

        teams = self._or(labels)
        ask = Ask([Line(key("ask_youngest"), {"options": teams})], ReplyKind.NAME, everyone,
                  request={"options": names}, fallback=fallback,
                  unclear=Line(key("team_unclear"), {"name": everyone, "options": teams}))
        while True:
            u = dialogue.ask(ask)
            if isinstance(u.value, bool):
                return Action(PREGAME, 0, 0 if u.value else 1)
            if u.verdict == "correct" and u.value in names:
                return Action(PREGAME, 0, names.index(u.value))

    def _answer(self, prompt: Prompt, dialogue: Dialogue) -> Action:
        info = prompt.info
        team = int(info["team"])
        qm = 1 - int(info["playing_team"])
        opening = int(info["question"]) == 0 and not info["stolen"] and not info["follow_on"]
        # Once a card: not again after New Balls, but again on Second Wind's extra card.
        marker = (int(info["turn"]), self._extra_card())
        if opening and self._window_done != marker:
            self._window_done = marker
            if QM_OPENING_CARDS & set(info["playable_cards"][str(qm)]):
                action = self._window(prompt, dialogue, qm, "window_start")
                if action is not None:
                    return action
        ask = self._question_ask(prompt)
        while True:
            u = dialogue.ask(ask)  # "skip" gives the answer up there: its default, wrong
            if u.command == "intent" and self._sin_bin_too_late(u, prompt):
                # The sheet: Sin Bin is played "before asking the first question"; once
                # it has been read out, it is too late (the engine cannot hear the reading).
                self._refuse(dialogue, qm, SIN_BIN, reason="sin_bin_late")
                continue
            if u.command == "intent":
                action = self._intent(u, prompt, dialogue)
                if action is not None:
                    return action
                continue
            return Action("answer", team, {"correct": u.verdict == "correct"})

    def _extra_card(self) -> bool:
        """The playing team is on the extra card its Second Wind won (a fresh card window)."""
        st = self._engine
        if st is None:
            return False
        return any(t == st.playing and turn == st.turn and card_type(c) == SECOND_WIND
                   for t, c, turn in st.played)

    def _sin_bin_too_late(self, u: Understood, prompt: Prompt) -> bool:
        """Sin Bin named once the first question has been read, when it would be playable."""
        value = u.value
        if not (isinstance(value, Mapping) and value.get("intent") == "card"
                and value.get("card") == SIN_BIN):
            return False
        team = self._team_named(u.heard)
        qm = 1 - int(prompt.info["playing_team"])
        if team is not None and team != qm:
            return False
        return SIN_BIN in prompt.info.get("playable_cards", {}).get(str(qm), [])

    def _question_ask(self, prompt: Prompt) -> Ask:
        info = prompt.info
        team = int(info["team"])
        q = int(info["question"])
        card = self.deck.card(int(info["card"]))
        question = card.questions[q]
        label = self.words.team(team)
        lines: list[Line] = []
        if info["stolen"]:
            in_zone = self._engine is not None and self._engine.positions[team] == WINNING_ZONE
            lines.append(Line(key("steal_in_zone" if in_zone else "steal"), {"team": label}))
        elif info["follow_on"]:
            lines.append(Line(key("follow_on"), {"team": label}))
        elif q == 0 and card.kind is CardKind.PICTURE and card.scene:
            lines.append(Line(key("scene"), {"scene": card.scene}))
        elif SECOND_WIND in info["playable_cards"][str(team)] and self.verbose:
            # The one card whose moment is a single question: a reminder, since the
            # hands were read out at the deal and nobody can glance at them.
            lines.append(Line(key("hint_second_wind"), {"team": label}))
        lines.append(say.question_line(q, question.text))
        return Ask(
            lines, ReplyKind.WORD, label,
            request={"accepted": list(question.answers)},
            default=Understood("wrong", None, 1.0, ""),
            confirm=_confirm_word,
            intents=self._intents(question.answers, picture=True),
            spellable=_spellable(question.text, question.answers),
            patient=True,
            time_limit_s=self.answer_s,
            ahead=self._likely_next(card, q, label),
        )

    def _likely_next(self, card: SLCard, q: int, label: str) -> tuple[Line, ...]:
        """What the host may say once this question is answered: "wrong" with the answer
        read out, the answer asked about (a near sound: "Did you say Greene?"), and the
        card's next question (a right answer's lines are fixed phrases, rendered at the
        start)."""
        lines = [say.wrong_answer(label), say.answer_read_out(card, q),
                 Line("common.did_you_say", {"said": card.questions[q].answers[0]})]
        if q + 1 < len(card.questions):
            lines.append(say.question_line(q + 1, card.questions[q + 1].text))
        return tuple(lines)

    def _team_of(self, asker: str) -> int | None:
        return team_named(self.teams, self.words, asker)


def _confirm_word(u: Understood) -> Line:
    """"Did you say <the answer the judge was unsure of>?": the accepted answer it sounded
    like ("doubling cube" for "dotling cube", which the player would deny), as Word Up asks;
    what was heard where the judge names none."""
    said = u.value if isinstance(u.value, str) and u.value else (u.heard or str(u.value))
    return Line("common.did_you_say", {"said": said})


def _spellable(text: str, answers: Sequence[str]) -> tuple[str, ...]:
    """Words of the question a player may ask to have spelled, never one of the answers."""
    banned = {a.casefold() for a in answers}
    words = [w.strip("'") for w in re.findall(r"[A-Za-z']+", text)]
    return tuple(dict.fromkeys(w for w in words if len(w) >= 4 and w.casefold() not in banned))


# -- module entry points (voice.games.game_module) ---------------------------------


def _deck(pack: str | Path | None) -> SportLeisureDeck:
    return load_or_user_error(load_sportleisure, None if pack is None else str(pack))


def _teams(raw: Any) -> list[tuple[str, list[str]]]:
    return two_teams(raw, "Best of Sport and Leisure")


def check_settings(variant: Mapping[str, str]) -> None:
    """A one-line UsageError for a bad ``--variant`` value, before any set-up is asked (the
    first team is checked once the teams are known)."""
    check_variant_keys("Sport and Leisure", variant, VARIANTS)
    answer_limit(dict(variant))


def _first(variant: Mapping[str, str], teams: list[tuple[str, list[str]]]) -> int | None:
    check_settings(variant)
    if "first" not in variant:
        return None
    return first_team(variant["first"], teams)


def new_host(options: PlayOptions, rng: random.Random) -> SportLeisureHost:
    """A new game from the table's set-up; chance later comes from the driver's ``rng``."""
    teams = _teams(options.teams)
    first = _first(options.variant, teams)
    deck = _deck(options.pack)
    setup = {"teams": [[name, members] for name, members in teams],
             "variant": dict(options.variant), "seed": options.seed,
             "pack": None if options.pack is None else str(options.pack)}
    host = SportLeisureHost(teams, deck, setup)
    try:
        host.begin(first)
    except SetupError as exc:
        raise UsageError(f"--teams: {exc}") from None
    return host


def load_host(setup: dict[str, Any], state: dict[str, Any]) -> SportLeisureHost:
    """The host of a saved game, exactly where it stopped."""
    try:
        teams = _teams(setup["teams"])
    except (KeyError, TypeError, ValueError) as exc:
        raise UserError(f"the saved game's set-up is damaged: {exc}") from None
    host = SportLeisureHost(teams, _deck(setup.get("pack")), dict(setup))
    try:
        host.restore(state)
    except SaveError as exc:
        raise UserError(str(exc)) from None
    host.resumed = True
    return host
