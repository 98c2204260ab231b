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
Goal window open) the host asks "any action card?".

Who starts is the team with the youngest player (the sheet): ``--variant
first=NAME``, or asked by voice in a small pre-game step that comes before the
engine's first shuffle, so the choice is saved and undone like any other.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from content.load import ContentError, SportLeisureDeck, load_sportleisure
from content.schema import CardKind
from engine.core import (
    CHANCE,
    Action,
    Event,
    GameState,
    IllegalActionError,
    InvalidActionError,
    Prompt,
    RulesError,
    SaveError,
    SetupError,
    shuffled,
)
from engine.sportleisure import SportLeisureState, from_json, new_game
from engine.sportleisure_board import (
    CARD_RULES,
    CARD_TITLES,
    CARD_TYPES,
    MOVE_THE_GOALPOSTS,
    NEW_BALLS_PLEASE,
    OWN_GOAL,
    PLAYING_TEAM_CARDS,
    RULE_ONCE,
    RUN_FOR_THE_MONEY,
    SECOND_WIND,
    SIN_BIN,
    WINNING_ZONE,
)
from voice.dialogue import Ask, ControlFlow, Dialogue, Line
from voice.errors import UsageError, UserError
from voice.games import PlayOptions
from voice.games import sportleisure_say as say
from voice.games.sportleisure_say import Words, key
from voice.phrases import Phrases
from voice.understand import Understood
from voice.understand_text import tokens

GAME = "sportleisure"

VARIANTS: dict[str, str] = {
    "first": "TEAM, the team with the youngest player, who plays first "
             "(asked by voice if left out)",
}

CARD_PHRASES: dict[str, tuple[str, ...]] = {
    MOVE_THE_GOALPOSTS: ("move the goalposts", "move the goal posts", "moving the goalposts",
                         "goalposts", "goal posts"),
    NEW_BALLS_PLEASE: ("new balls please", "new balls"),
    SIN_BIN: ("sin bin",),
    SECOND_WIND: ("second wind",),
    RUN_FOR_THE_MONEY: ("run for the money", "running for the money"),
    OWN_GOAL: ("own goal",),
}
"""How players name the cards; a team name or "we play" around them is fine
(the dialogue matches an intent at the start or the end of what was said)."""

TOKENS_PHRASES = ("what are our cards", "what cards do we have", "which cards do we have",
                  "what cards have we got", "our cards", "our action cards", "my cards",
                  "what are my tokens", "what are our tokens", "team's cards", "team cards")
""""What are my tokens" has no global command phrase for action cards, so the host hears it."""

PICTURE_PHRASES = ("describe the picture", "the picture", "picture again",
                   "what's in the picture", "repeat the picture")
NO_CARD_PHRASES = ("continue", "carry on", "no card", "no cards", "nothing", "play on",
                   "next", "go on", "no thanks")
"""At a card window, "continue" means no card (it is otherwise the resume command)."""

QM_OPENING_CARDS = frozenset({SIN_BIN, RUN_FOR_THE_MONEY})
"""Cards the Question Master's team plays before the first question: they get a window."""

PREGAME = "choose_first"


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
            raise InvalidActionError(f"expected a {PREGAME!r} action, got {action.kind!r}")
        if action.value not in (0, 1) or isinstance(action.value, bool):
            raise IllegalActionError(f"the first team is 0 or 1, not {action.value!r}")
        if self.chosen is not None:
            self.chosen(int(action.value))
        return [Event("first_team", {"team": int(action.value)})]

    def is_over(self) -> bool:
        return False

    def winners(self) -> list[int]:
        return []

    def to_json(self) -> dict[str, Any]:
        return {"game": GAME, "pregame": PREGAME}


class SportLeisureHost:
    """Runs one game of Best of Sport and Leisure through the dialogue."""

    game = GAME

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
        self._window_done: int | None = None

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
        self.state = from_json(state_json)

    def setup_json(self) -> dict[str, Any]:
        return dict(self.setup)

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
    def _listen(self, dialogue: Dialogue, ask: Ask) -> Understood:
        """Ask; "skip" / "pass" comes back as a command instead of leaving the prompt."""
        try:
            return dialogue.ask(ask)
        except ControlFlow as flow:
            if flow.command == "skip":
                return Understood("wrong", None, 1.0, "", command="skip")
            raise

    def _ask_first(self, dialogue: Dialogue) -> Action:
        names = [self.teams[0][0], self.teams[1][0]]
        labels = [self.words.team(0), self.words.team(1)]
        everyone = self.words.phrases.text(key("everyone"))

        def fallback() -> Ask:
            return Ask([Line(key("youngest_is"), {"team": labels[0]})], "yesno", everyone)

        ask = Ask([Line(key("ask_youngest"), {"options": self._or(labels)})], "name", everyone,
                  request={"options": names}, fallback=fallback)
        while True:
            u = self._listen(dialogue, ask)
            if isinstance(u.value, bool):
                return Action(PREGAME, 0, 0 if u.value else 1)
            if u.verdict == "correct" and u.value in names:
                return Action(PREGAME, 0, names.index(u.value))

    def _answer(self, prompt: Prompt, dialogue: Dialogue) -> Action:
        info = prompt.info
        team = int(info["team"])
        qm = 1 - int(info["playing_team"])
        opening = int(info["question"]) == 0 and not info["stolen"] and not info["follow_on"]
        marker = int(info["turn"])  # once a turn: not again after New Balls or Second Wind
        if opening and self._window_done != marker:
            self._window_done = marker
            if QM_OPENING_CARDS & set(info["playable_cards"][str(qm)]):
                action = self._window(prompt, dialogue, qm, "window_start")
                if action is not None:
                    return action
        ask = self._question_ask(prompt)
        while True:
            u = self._listen(dialogue, ask)
            if u.command == "skip":
                return Action("answer", team, {"correct": False})
            if u.command == "intent":
                action = self._intent(u, prompt, dialogue)
                if action is not None:
                    return action
                continue
            return Action("answer", team, {"correct": u.verdict == "correct"})

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
        lines.append(Line(key("question"), {"colour": str(info["colour"]).capitalize(),
                                            "text": question.text}))
        return Ask(
            lines, "word", label,
            request={"accepted": list(question.answers)},
            default=Understood("wrong", None, 1.0, ""),
            confirm=lambda u: Line("common.did_you_say", {"said": u.heard or str(u.value)}),
            intents=self._intents(question.answers, picture=True),
        )

    def _intents(self, answers: Sequence[str] = (), picture: bool = False,
                 window: bool = False) -> dict[str, dict[str, Any]]:
        """Card names and table questions heard at this Ask, minus any that an answer ends in."""
        spoken = [" ".join(tokens(a)) for a in answers]
        out: dict[str, dict[str, Any]] = {}

        def add(phrase: str, value: dict[str, Any]) -> None:
            p = " ".join(tokens(phrase))
            if any(a == p or a.endswith(" " + p) or a.startswith(p + " ") for a in spoken):
                return
            out.setdefault(p, value)

        for card, phrases in CARD_PHRASES.items():
            for phrase in phrases:
                add(phrase, {"intent": "card", "card": card})
        if self._engine is not None:
            # "Sin bin for Ana" names the card mid-sentence; the member is read from it.
            for member in self._engine.teams[self._engine.playing]:
                for link in ("", "for ", "on "):
                    add(f"sin bin {link}{member}", {"intent": "card", "card": SIN_BIN})
        for phrase in TOKENS_PHRASES:
            add(phrase, {"intent": "tokens"})
        if picture:
            for phrase in PICTURE_PHRASES:
                add(phrase, {"intent": "picture"})
        if window:
            for phrase in NO_CARD_PHRASES:
                add(phrase, {"intent": "no_card"})
        return out

    def _intent(self, u: Understood, prompt: Prompt, dialogue: Dialogue,
                team: int | None = None) -> Action | None:
        """Carry out an intent heard at an Ask; an Action ends the prompt, None asks again."""
        value: Mapping[str, Any] = u.value
        what = value["intent"]
        named = self._team_named(u.heard)
        st = self._engine
        assert st is not None
        if what == "tokens":
            who = named if named is not None else (team if team is not None else st.answerer())
            dialogue.speak(say.status(self.words, st, "tokens", who))
            return None
        if what == "picture":
            card = self.deck.card(st.deck[0])
            if card.kind is CardKind.PICTURE and card.scene:
                dialogue.tell(key("scene"), scene=card.scene)
            else:
                dialogue.tell(key("no_picture"))
            return None
        if what != "card":
            return None
        return self._card_action(str(value["card"]), named, u.heard, prompt, dialogue)

    def _card_action(self, card: str, named: int | None, heard: str, prompt: Prompt,
                     dialogue: Dialogue) -> Action | None:
        st = self._engine
        assert st is not None
        team = named
        if team is None:
            team = st.playing if card in PLAYING_TEAM_CARDS else 1 - st.playing
        playable = prompt.info.get("playable_cards", {}).get(str(team), [])
        if card not in playable:
            self._refuse(dialogue, team, card)
            return None
        value: dict[str, Any] = {"card": card}
        if card == SIN_BIN:
            member = self._member_named(heard) or self._ask_sin_bin(dialogue, team)
            if member is None:
                dialogue.tell(key("sin_bin_nobody"))
                return None
            value["member"] = member
        return Action("play_card", team, value)

    def _refuse(self, dialogue: Dialogue, team: int, card: str) -> None:
        """Say why ``team`` cannot play ``card`` now, quoting the sheet (a trial on a copy)."""
        st = self._engine
        assert st is not None
        label, title = self.words.team(team), CARD_TITLES[card]
        trial = from_json(st.to_json())
        value: dict[str, Any] = {"card": card, "member": st.teams[st.playing][0]}
        rule = CARD_RULES[card]
        try:
            trial.apply(Action("play_card", team, value))
        except IllegalActionError as exc:
            if exc.rule == RULE_ONCE and card not in st.held(team):
                dialogue.tell(key("card_not_held"), team=label, card=title)
                return
            rule = exc.rule or rule
        except RulesError:
            pass
        dialogue.tell(key("card_refused"), team=label, card=title, rule=rule)

    def _window(self, prompt: Prompt, dialogue: Dialogue, team: int,
                phrase: str) -> Action | None:
        """ "Any action card?" to ``team``; None when no card is played."""
        label = self.words.team(team)
        ask = Ask([Line(key(phrase), {"team": label})], "yesno", label,
                  default=Understood("correct", False, 1.0, ""),
                  intents=self._intents(window=True))
        while True:
            u = self._listen(dialogue, ask)
            if u.command == "skip":
                return None
            if u.command == "intent":
                if u.value["intent"] == "no_card":
                    return None
                action = self._intent(u, prompt, dialogue, team)
                if action is not None:
                    return action
                continue
            if u.value is not True:
                return None
            card = self._which_card(prompt, dialogue, team)
            if card is None:
                continue
            action = self._card_action(card, team, "", prompt, dialogue)
            if action is not None:
                return action

    def _which_card(self, prompt: Prompt, dialogue: Dialogue, team: int) -> str | None:
        label = self.words.team(team)
        playable = [c for c in CARD_TYPES
                    if c in prompt.info.get("playable_cards", {}).get(str(team), [])]
        st = self._engine
        assert st is not None
        if not playable:
            dialogue.speak(say.status(self.words, st, "tokens", team))
            return None
        if len(playable) == 1:
            ask = Ask([Line(key("play_this"), {"card": CARD_TITLES[playable[0]]})], "yesno",
                      label, default=Understood("correct", False, 1.0, ""))
            return playable[0] if self._listen(dialogue, ask).value is True else None
        titles = [CARD_TITLES[c] for c in playable]
        ask = Ask([Line(key("which_card"), {"team": label, "options": self._or(titles)})],
                  "name", label, request={"options": titles})
        u = self._listen(dialogue, ask)
        if u.verdict == "correct" and u.value in titles:
            return playable[titles.index(u.value)]
        return None

    def _ask_sin_bin(self, dialogue: Dialogue, team: int) -> str | None:
        """The Question Master's team picks who sits out; yes/no per member if unclear."""
        st = self._engine
        assert st is not None
        members = list(st.teams[st.playing])
        label = self.words.team(team)

        def yes_no(member: str) -> Ask:
            return Ask([Line(key("sin_bin_member"), {"member": member})], "yesno", label,
                       default=Understood("correct", False, 1.0, ""))

        ask = Ask([Line(key("sin_bin_who"), {"team": label, "options": self._or(members)})],
                  "name", label, request={"options": members},
                  fallback=lambda: yes_no(members[0]))
        u = self._listen(dialogue, ask)
        if u.verdict == "correct" and u.value in members:
            return str(u.value)
        if u.value is True:
            return members[0]
        if u.value is False:
            for member in members[1:]:
                if self._listen(dialogue, yes_no(member)).value is True:
                    return member
        return None

    # -- names ------------------------------------------------------------------
    def _or(self, items: Sequence[str]) -> str:
        items = list(items)
        if len(items) <= 1:
            return "".join(items)
        return self.words.phrases.text(key("list_or"), items=", ".join(items[:-1]),
                                       last=items[-1])

    def _team_of(self, asker: str) -> int | None:
        for index, (name, _) in enumerate(self.teams):
            if asker in (name, self.words.team(index)):
                return index
        return None

    def _team_named(self, heard: str) -> int | None:
        """The one team whose name is in ``heard`` ("Blue team, own goal"), else None."""
        said = tokens(heard)
        found = {i for i, (name, _) in enumerate(self.teams) if _contains(said, tokens(name))}
        return found.pop() if len(found) == 1 else None

    def _member_named(self, heard: str) -> str | None:
        st = self._engine
        assert st is not None
        said = tokens(heard)
        found = [m for m in st.teams[st.playing] if _contains(said, tokens(m))]
        return found[0] if len(found) == 1 else None


def _contains(said: list[str], part: list[str]) -> bool:
    n = len(part)
    return n > 0 and any(said[i:i + n] == part for i in range(len(said) - n + 1))


# -- module entry points (voice.games.game_module) ---------------------------------


def _deck(pack: str | Path | None) -> SportLeisureDeck:
    try:
        return load_sportleisure(pack)
    except ContentError as exc:
        raise UserError(str(exc)) from None


def _teams(raw: Any) -> list[tuple[str, list[str]]]:
    teams = [(str(name), [str(m) for m in members]) for name, members in raw]
    if len(teams) != 2:
        raise UsageError(f"--teams: Best of Sport and Leisure needs exactly 2 teams, "
                         f"got {len(teams)}; e.g. \"Red:Ana,Ben;Blue:Cy,Di\"")
    if teams[0][0].strip().casefold() == teams[1][0].strip().casefold():
        raise UsageError("--teams: the two teams need different names")
    return teams


def _first(variant: Mapping[str, str], teams: list[tuple[str, list[str]]]) -> int | None:
    unknown = sorted(set(variant) - set(VARIANTS))
    if unknown:
        raise UsageError(f"--variant {unknown[0]!r} is not a sportleisure variant; "
                         "allowed: first=<team name>")
    if "first" not in variant:
        return None
    wanted = variant["first"].strip().casefold()
    for index, (name, _) in enumerate(teams):
        if name.strip().casefold() == wanted:
            return index
    raise UsageError(f"--variant first={variant['first']!r} is not a team; "
                     f"allowed: {', '.join(name for name, _ in teams)}")


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
