"""Word on the Street Junior host: the app keeps the timer, the street and the dictionary.

A turn on the street, as the table hears it: the team on the street is named
and its category read; the 30-second brainstorm runs with spoken warnings
and "we're ready" ends it early (the app never judges the team's talk); the
app asks "What's your word?", checks it with the lexicon (blocklisted words
are refused without being said back), then "Spell it", and moves each tile
as its letter is heard ("P moves towards Red. R is captured by Red!"). The
other team is asked whether it challenges, and which kind: spelling and two
words are settled by the shipped lexicon and its ruling stands (RULINGS; the
spelling is checked against the word the team declared, and only a word the
dictionary lacks with nothing close to it goes to a show of hands); the
word's fit is always a count of hands ("How many players accept the word?"),
listed words included.

Where three replies are not understood the sheet's graceful way out is
taken: a word not heard is spelled instead; letters not heard become "shall
I move the tiles for C-A-T?"; no challenge; vote counts become yes/no
questions about the majority.

Quick play (``--variant quick=5`` turns per team, or ``quick=20m``) follows
the sheet; the game clock of the timed kind lives here, read from an
injected clock and saved with the set-up, because the engine has no clock.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from content.lexicon import load_lexicon
from content.load import WordStreetDeck, load_wordstreet
from content.schema import WS_SIDES
from engine.core import (
    CHANCE,
    Action,
    Anytime,
    Event,
    GameState,
    Prompt,
    RulesError,
    SaveError,
    SetupError,
)
from engine.wordstreet import WordStreet, new_game
from engine.wordstreet_board import WIN_CAPTURES
from engine.wordstreet_save import load as load_state
from voice.errors import UsageError, UserError
from voice.games import wordstreet_ask as ask
from voice.games import wordstreet_say as say
from voice.games.host_base import GameHost, check_variant_keys, team_named
from voice.games.packs import load_or_user_error
from voice.games.playtime import PlayTimer
from voice.games.teams import first_team, two_teams
from voice.games.wordstreet_say import Words, category_lines, key
from voice.games.wordstreet_words import hyphenated, two_words_verdict
from voice.hosting.dialogue import Dialogue
from voice.hosting.exchange import Line
from voice.hosting.host import PlayOptions
from voice.hosting.time_warnings import TimeWarning
from voice.speaking.phrases import Phrases

GAME = "wordstreet"

VARIANTS: dict[str, str] = {
    "side": "blue or orange (the side of the category cards; orange is harder; default blue)",
    "timer": "seconds to agree on a word, 5 to 300 (default 30)",
    "quick": "quick play: turns per team (quick=5) or minutes with m (quick=20m)",
    "first": "the name of the team that goes first (default: the first team given)",
}

MIN_PLAYERS, MAX_PLAYERS = 2, 8


class WordStreetHost(GameHost):
    """Turns Word on the Street prompts into Asks and events into narration."""

    game = GAME
    load_state = staticmethod(load_state)

    def __init__(self, state: WordStreet, teams: Sequence[tuple[str, Sequence[str]]],
                 deck: WordStreetDeck, setup: dict[str, Any], *,
                 clock: Callable[[], float] = time.monotonic,
                 phrases: Phrases | None = None) -> None:
        self._engine = state
        self.teams = [(name, list(members)) for name, members in teams]
        self.deck = deck
        self.setup = setup
        self.clock = clock
        self.words = Words(phrases or Phrases.load(), [name for name, _ in self.teams])
        self.lexicon = load_lexicon()
        self.verbose = True
        self.resumed = False
        saved = setup.get("turn") or {}
        declared = saved.get("declared")
        self.turn = ask.TurnNotes(word=saved.get("word") if state.phase == "spell" else None,
                                  declared=declared if isinstance(declared, str)
                                  and state.phase not in ("draw", "brainstorm") else "")
        self.hyphenated = hyphenated(a for card in deck.cards for side in WS_SIDES
                                     for a in card.side(side).accept)
        """Hyphenated words known as one word (the cards' lists; the lexicon keeps none)."""
        self.timer = PlayTimer.from_setup(setup)
        self._queued: list[Line] = []

    @property
    def engine(self) -> WordStreet:
        return self._engine

    @property
    def state(self) -> GameState:
        return self._engine

    @state.setter
    def state(self, value: GameState) -> None:
        if not isinstance(value, WordStreet):
            raise TypeError(f"not a Word on the Street state: {type(value).__name__}")
        self._engine = value

    # -- the Host protocol --------------------------------------------------------------
    def opening(self) -> list[Line]:
        st = self.engine
        if self.resumed:
            self.resumed = False
            lines = [Line(key("resumed")), *self.status("score", "")]
            if st.phase not in ("draw", "over"):
                lines += category_lines(self.deck, st)
            if st.phase == "spell" and st.spelled:
                lines.append(Line(key("word_so_far"), {"team": self.words.team(st.team),
                                                       "so_far": self.words.spelled(st.spelled)}))
            return lines
        lines = [Line(key("welcome"), {"target": WIN_CAPTURES})]
        for index, (_, members) in enumerate(self.teams):
            lines.append(Line(key("team_line"), {"team": self.words.team(index),
                                                 "members": self.words.join(members)}))
        lines.append(Line(key("settings"), {"side": st.settings.side,
                                            "seconds": st.settings.timer_seconds}))
        if st.settings.turn_limit is not None:
            turns = st.settings.turn_limit
            lines.append(Line(key("quick_turn_one" if turns == 1 else "quick_turns"),
                              {"turns": turns, "target": WIN_CAPTURES}))
        if self.timer is not None:
            minutes = int(self.timer.limit_s // 60)
            lines.append(Line(key("quick_minute_one" if minutes == 1 else "quick_minutes"),
                              {"minutes": minutes, "target": WIN_CAPTURES}))
        lines.append(Line(key("first"), {"team": self.words.team(st.settings.first_team)}))
        return lines

    def setup_json(self) -> dict[str, Any]:
        setup = super().setup_json()
        setup["turn"] = {"word": self.turn.word, "declared": self.turn.declared}
        return setup

    def _restored(self) -> None:
        """The turn's notes (the word being spelled, the declared word) follow the phase."""
        word = self.turn.word if self.engine.phase == "spell" else None
        declared = self.turn.declared if self.engine.phase not in ("draw", "brainstorm") else ""
        self.turn = ask.TurnNotes(word=word, declared=declared)

    def chance(self, prompt: Prompt, rng: random.Random) -> Action:
        if self._time_is_up():
            return Action(Anytime.TIME_UP, CHANCE)
        if prompt.kind == "draw":
            return Action("draw", CHANCE, rng.choice(list(prompt.options)))
        raise AssertionError(f"Word on the Street has no chance prompt {prompt.kind!r}")

    def decide(self, prompt: Prompt, dialogue: Dialogue) -> Action:
        if self.turn.queue or self.turn.finish or (prompt.kind == "spell"
                                                   and prompt.info["spelled"]):
            return ask.spell(self, prompt, dialogue)  # a word being spelled is not interrupted
        if self._time_is_up():
            return Action(Anytime.TIME_UP, CHANCE)
        self._flush(dialogue)
        kind = prompt.kind
        if kind == "brainstorm":
            return ask.brainstorm(self, prompt, dialogue)
        if kind == "spell":
            return ask.spell(self, prompt, dialogue)
        if kind == "challenge":
            return ask.challenge(self, prompt, dialogue)
        word = str(prompt.info["word"])
        if kind == "spelling_verdict":
            return Action(kind, prompt.actor, ask.spelling_ruling(self, prompt, dialogue))
        if kind == "two_words_verdict":
            verdict = two_words_verdict(word, self.lexicon, self.hyphenated)
            return Action(kind, prompt.actor, ask.ruling(self, prompt, dialogue, verdict))
        if kind == "vote":
            return ask.vote(self, prompt, dialogue)
        raise RulesError(f"no question to ask for a {kind!r} prompt")

    def narrate(self, events: Sequence[Event]) -> list[Line]:
        lines = say.narrate(self.words, self.deck, self.engine, events, verbose=self.verbose)
        if any(e.kind in ("turn_over", "turn_restarted") for e in events):
            self.turn.clear()
        return lines

    def status(self, what: str, asker: str) -> list[Line]:
        return say.status(self.words, self.engine, what, self._team_of(asker))

    # -- helpers ------------------------------------------------------------------------
    def _accept(self, prompt: Prompt) -> tuple[str, ...]:
        return self.deck.side(int(prompt.info["card"]), self.engine.settings.side).accept

    def _team_of(self, asker: str) -> int:
        team = team_named(self.teams, self.words, asker)
        return self.engine.team if team is None else team

    def _time_told(self) -> bool:
        """Quick play goes on after the time limit (the turns even up): told once."""
        return self.engine.time_up

    def _warning_line(self, warning: TimeWarning) -> Line | None:
        """Only "5 minutes left" / "one minute left", in this game's words."""
        if not warning.mark_s:
            return None
        name = "game_minute_left" if warning.mark_s == 60 else "game_minutes_left"
        return Line(key(name), {"minutes": warning.mark_s // 60})


# -- module entry points (voice.games.game_module) ----------------------------------------


def _deck(pack: str | Path | None) -> WordStreetDeck:
    return load_or_user_error(load_wordstreet, None if pack is None else str(pack))


def _teams(raw: Any) -> list[tuple[str, list[str]]]:
    teams = two_teams(raw, "Word on the Street")
    if any(not members for _, members in teams):
        raise UsageError("--teams: each team needs at least one player")
    players = sum(len(m) for _, m in teams)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise UsageError(f"--teams: Word on the Street Junior is for {MIN_PLAYERS} to "
                         f"{MAX_PLAYERS} players, got {players}")
    return teams


def check_settings(variant: Mapping[str, str]) -> None:
    """A one-line UsageError for a bad ``--variant`` value, before any set-up is asked (the
    first team is checked once the teams are known)."""
    parse_variant(variant, None)


def parse_variant(variant: Mapping[str, str],
                  teams: Sequence[tuple[str, Sequence[str]]] | None) -> dict[str, Any]:
    """``--variant`` settings -> engine settings plus ``minutes`` (timed quick play, or 0);
    ``teams`` None: not yet known, and ``first`` is not read."""
    check_variant_keys("Word on the Street", variant, VARIANTS)
    side = variant.get("side", "blue").strip().lower()
    if side not in ("blue", "orange"):
        raise UsageError(f"--variant side={side!r}: allowed {VARIANTS['side']}")
    timer = variant.get("timer", "30").strip().lower().removesuffix("s")
    if not timer.isdigit() or not 5 <= int(timer) <= 300:
        raise UsageError(f"--variant timer={variant.get('timer')!r}: allowed {VARIANTS['timer']}")
    out: dict[str, Any] = {"side": side, "timer_seconds": int(timer), "turn_limit": None,
                           "time_limit": False, "first_team": 0, "minutes": 0}
    quick = variant.get("quick")
    if quick is not None:
        text = quick.strip().lower()
        minutes = text.endswith("m") and text[:-1].isdigit() and 1 <= int(text[:-1]) <= 300
        turns = text.isdigit() and 1 <= int(text) <= 100
        if minutes:
            out.update(time_limit=True, minutes=int(text[:-1]))
        elif turns:
            out["turn_limit"] = int(text)
        else:
            raise UsageError(f"--variant quick={quick!r}: allowed {VARIANTS['quick']}; "
                             "turns 1 to 100, minutes 1 to 300")
    first = variant.get("first")
    if first is not None and teams is not None:
        out["first_team"] = first_team(first, teams)
    return out


def new_host(options: PlayOptions, rng: random.Random,
             clock: Callable[[], float] = time.monotonic) -> WordStreetHost:
    """A fresh game for ``options.teams``; ``rng`` is not used at set-up (draws come later)."""
    if options.players and not options.teams:
        raise UsageError("Word on the Street is played in teams: use --teams "
                         "\"Red:Ana,Ben;Blue:Cy,Di\", not --players")
    teams = _teams(options.teams)
    chosen = parse_variant(dict(options.variant), teams)
    deck = _deck(options.pack)
    minutes = chosen.pop("minutes")
    try:
        state = new_game(players=sum(len(m) for _, m in teams), deck_size=len(deck), **chosen)
    except SetupError as exc:
        raise UsageError(f"--variant: {exc}") from None
    setup = {"teams": [[name, members] for name, members in teams],
             "variant": dict(options.variant), "seed": options.seed,
             "pack": None if options.pack is None else str(options.pack),
             "timer": PlayTimer.fresh_json(minutes)}
    return WordStreetHost(state, teams, deck, setup, clock=clock)


def load_host(setup: dict[str, Any], state: dict[str, Any],
              clock: Callable[[], float] = time.monotonic) -> WordStreetHost:
    """The host of a saved game, exactly where it stopped (``--resume``)."""
    try:
        teams = _teams(setup["teams"])
    except (KeyError, TypeError, ValueError) as exc:
        raise UserError(f"the saved game's set-up is damaged: {exc}") from None
    try:
        engine = load_state(state)
    except SaveError as exc:
        raise UserError(str(exc)) from None
    turn = setup.get("turn")
    if turn is not None and not (isinstance(turn, dict)
                                 and isinstance(turn.get("word", ""), (str, type(None)))):
        raise UserError(f"the saved game's set-up is damaged: turn {turn!r:.80}")
    pack = setup.get("pack")
    host = WordStreetHost(engine, teams, _deck(pack), dict(setup), clock=clock)
    host.resumed = True
    return host
