"""Word on the Street Junior as a pure state machine (rules sheet + RULINGS.md).

A turn on the street, as prompts (actor in brackets; team 0 = Team A,
team 1 = Team B):

1. ``draw`` [CHANCE]: value = a card index of the category deck (0..N-1).
2. ``brainstorm`` [team on the street]: value ``"time_up"`` or
   ``"word_chosen"``; info carries ``timer_seconds`` (the sand timer is read
   by the voice layer, never here).
3. ``spell`` [team on the street]: value ``{"letter": "P"}`` per spoken letter
   (or ``"-"``), ``{"word": "purple"}`` for the whole spelling at once,
   ``{"undo": true}`` to take back the last letter heard, ``{"done": true}``
   when the spelling is finished. Each letter pulls its tile as it is spoken.
4. ``challenge`` [other team]: ``"none"``, ``"spelling"``, ``"two_words"`` or
   ``"word_selection"``; then ``spelling_verdict`` (``"correct"`` /
   ``"incorrect"``), ``two_words_verdict`` (``"one_word"`` / ``"two_words"``)
   or ``vote`` (``{"accept": a, "reject": r}``) [team on the street].

Choices where the sheet and RULINGS.md are silent (each one tested):

* Deck: cards are indexes. The tray starts shuffled, so while unseen cards
  remain, a draw may be any unseen card (the chance node is the shuffle, taken
  lazily); a used card goes to the back of the tray, so once all were seen
  the draw is forced to the front card. A tie-restarted turn's card goes to
  the back too.
* The first team is a setup setting (default team 0), not a chance node.
* A team whose brainstorm ended with ``time_up`` may finish with no word
  (``{"done": true}`` before any letter): no tile moves, no challenge, the
  turn is over. After ``word_chosen`` the team must spell its word.
* A challenge comes only after the whole word is spelled; the win is checked
  when the turn is over (after the challenge), since a challenge can take
  captures back. Letters after an 8th capture in the same word still move.
* A spelling found incorrect returns every tile the word moved: a misspelled
  word is not a valid selection, so all its moves were in error. The turn is
  then over (no second attempt).
* Returned tiles are put back exactly where they were before the word,
  including tiles the word captured. Tiles captured before the word stay.
* Verdicts and votes are entered by the team on the street's actor (the
  voice layer fills them from the lexicon or a show of hands). A vote counts
  every player: ``accept + reject`` must equal the ``players`` setting
  (abstaining is not modelled; "a majority of the players").
* Lost turns: a team that lost a challenge has its next turn slot skipped;
  the skipped slot counts as a turn taken for quick-play's equal turns.
* Quick play: ``turn_limit`` (turns per team) and/or ``time_limit``. The
  time limit is an ``Action(Anytime.TIME_UP, CHANCE)`` accepted at any prompt
  (listed in every prompt's ``info["anytime"]``): the current turn finishes,
  then, if the other team has had one turn fewer, it plays one more. Eight
  captures still win at once. Most captures wins; a tie goes to more tiles in
  the lane nearest the team's side (positions +2 / -2); if still tied the
  game is a declared draw: the :class:`~engine.core.Outcome` lists both teams and
  its reason (the ``game_over`` event's too) is ``"draw"``.
* Letters are A-Z (either case) and hyphens joining letters; anything else
  (space, digit, apostrophe, accented letter) is refused with the rule
  quoted. Captured tiles, of either team, are announced (``tile_held``) but
  do not move. A one-letter word is a word. Spellings longer than 60
  characters are refused as a guard against runaway input.
* ``{"undo": true}`` while spelling takes back the last letter heard (the
  voice layer's "undo"), restoring its tile; it is not a rule of the game.
* Team 0 pulls toward +3, team 1 toward -3 (see engine.wordstreet_board).
* After the game ends the prompt is ``game_over`` (actor CHANCE) and every
  action is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass

from engine.core import (
    CHANCE,
    JSON,
    MAX_DECK,
    Action,
    Anytime,
    Ends,
    Event,
    IllegalActionError,
    InvalidActionError,
    Outcome,
    Prompt,
    PromptKind,
    SetupError,
    expect_option,
    expect_prompt,
)
from engine.wordstreet_board import (
    DIRECTION,
    HYPHEN,
    INDEX,
    LETTERS,
    MAX_WORD,
    NEAR_LANE,
    OFF,
    TEAM_NAMES,
    WIN_CAPTURES,
    captured_by,
    captures,
    check_char,
    check_hyphens,
    check_word,
    near_lane,
    start_street,
)

GAME = "wordstreet"
VERSION = 1
SIDES = ("blue", "orange")
BRAINSTORM = ("time_up", "word_chosen")
CHALLENGES = ("none", "spelling", "two_words", "word_selection")
SPELLING_VERDICTS = ("correct", "incorrect")
TWO_WORDS_VERDICTS = ("one_word", "two_words")
PHASES = (
    "draw", "brainstorm", "spell", "challenge",
    "spelling_verdict", "two_words_verdict", "vote", "over",
)
RESULTS = (None, "eight_captured", "most_captured", "near_lane", "draw")
VERDICT_PHASE = {
    "spelling": "spelling_verdict",
    "two_words": "two_words_verdict",
    "word_selection": "vote",
}

RULE_OPPONENT = "The opposing team is not allowed to move tiles."
RULE_AGREE = "must agree on one word that fits the category before time runs out"
RULE_VOTE = (
    "If a majority of the players accept the explanation, the letter tiles remain "
    "in their new positions"
)
RULE_TIME = "Quick-Play Variation: Simply set a time limit"


@dataclass(frozen=True)
class Settings:
    """One game's setup; fixed for the whole game.

    ``players``: people at the table, 2-8 (the box's range); every one votes
    on a word-selection challenge. ``deck_size``: category cards (the box has
    108). ``side``: ``"blue"`` (easier) or ``"orange"``. ``first_team``: 0 or
    1. ``timer_seconds``: brainstorm time, seconds (variant, default 30), only
    reported to the driver. ``turn_limit``: quick-play turns per team, or
    None. ``time_limit``: quick play ended by a ``time_limit`` action.
    """

    players: int = 4
    deck_size: int = 108
    side: str = "blue"
    first_team: int = 0
    timer_seconds: int = 30
    turn_limit: int | None = None
    time_limit: bool = False

    def check(self) -> None:
        def whole(name: str, value: object, low: int, high: int | None = None) -> None:
            if (
                isinstance(value, bool)
                or not isinstance(value, int)
                or value < low
                or (high is not None and value > high)
            ):
                span = f"{low}..{high}" if high is not None else f"at least {low}"
                raise SetupError(f"{name} must be a whole number {span}, got {value!r}")

        whole("players", self.players, 2, 8)
        whole("deck_size", self.deck_size, 1, MAX_DECK)
        whole("first_team", self.first_team, 0, 1)
        whole("timer_seconds", self.timer_seconds, 1, 1 << 31)
        if self.turn_limit is not None:
            whole("turn_limit", self.turn_limit, 1, 1 << 31)
        if self.side not in SIDES:
            raise SetupError(f"side must be 'blue' or 'orange', got {self.side!r}")
        if not isinstance(self.time_limit, bool):
            raise SetupError(f"time_limit must be true or false, got {self.time_limit!r}")

    @property
    def quick_play(self) -> bool:
        return self.turn_limit is not None or self.time_limit


def new_game(
    *,
    players: int = 4,
    deck_size: int = 108,
    side: str = "blue",
    first_team: int = 0,
    timer_seconds: int = 30,
    turn_limit: int | None = None,
    time_limit: bool = False,
    board: Mapping[str, int] | None = None,
) -> WordStreet:
    """A game at setup. ``board`` places tiles already in play (letter -> -3..3),
    e.g. to resume a physical game or reproduce the sheet's example."""
    settings = Settings(
        players, deck_size, side, first_team, timer_seconds, turn_limit, time_limit
    )
    settings.check()
    tiles = start_street(board)
    for team, count in enumerate(captures(tiles)):
        if count >= WIN_CAPTURES:
            raise SetupError(
                f"team {TEAM_NAMES[team]} already has {count} captured tiles on that board; "
                f"the game is won at {WIN_CAPTURES}"
            )
    return WordStreet(settings, tiles)


class WordStreet(Ends):
    """The whole game state; mutated only by :meth:`apply`."""

    def __init__(self, settings: Settings, tiles: list[int]) -> None:
        self.settings = settings
        self.tiles = tiles
        self.unseen: list[int] = list(range(settings.deck_size))
        self.used: list[int] = []
        self.team = settings.first_team
        self.phase = "draw"
        self.restart = False
        self.card: int | None = None
        self.brainstorm: str | None = None
        self.spelled = ""
        self.befores: list[int | None] = []
        """Per spelled character, the tile's position before it moved, or None."""
        self.challenge: str | None = None
        self.skip = [False, False]
        self.turns = [0, 0]
        self.time_up = False
        self.result: Outcome | None = None
        self._prompt: Prompt | None = None

    # -- what the driver reads -------------------------------------------

    def captured(self) -> list[int]:
        """Tiles captured per team."""
        return captures(self.tiles)

    def position(self, letter: str) -> int:
        return self.tiles[INDEX[letter.upper()]]

    def prompt(self) -> Prompt:
        if self._prompt is None:
            self._prompt = self._make_prompt()
        return self._prompt

    def _make_prompt(self) -> Prompt:
        phase = self.phase
        info: dict[str, JSON] = {"team": self.team}
        if self.settings.time_limit and not self.time_up and phase != "over":
            info["anytime"] = [Anytime.TIME_UP]
        if phase == "draw":
            info.update(side=self.settings.side, restart=self.restart)
            options = tuple(self.unseen) if self.unseen else (self.used[0],)
            return Prompt(PromptKind.DRAW, CHANCE, options, info)
        info["card"] = self.card
        if phase == "brainstorm":
            info["timer_seconds"] = self.settings.timer_seconds
            return Prompt(PromptKind.BRAINSTORM, self.team, BRAINSTORM, info)
        if phase == "spell":
            info.update(spelled=self.spelled, may_pass=self.brainstorm == "time_up")
            return Prompt(PromptKind.SPELL, self.team, (), info)
        info["word"] = self.spelled
        if phase == "challenge":
            return Prompt(PromptKind.CHALLENGE, 1 - self.team, CHALLENGES, info)
        info["challenger"] = 1 - self.team
        if phase == "spelling_verdict":
            return Prompt(PromptKind.SPELLING_VERDICT, self.team, SPELLING_VERDICTS, info)
        if phase == "two_words_verdict":
            return Prompt(PromptKind.TWO_WORDS_VERDICT, self.team, TWO_WORDS_VERDICTS, info)
        if phase == "vote":
            info["players"] = self.settings.players
            return Prompt(PromptKind.VOTE, self.team, (), info)
        return Prompt(PromptKind.GAME_OVER, CHANCE, (),
                      {} if self.result is None else self.result.to_json())

    # -- the one mutator ---------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Validate ``action`` against the prompt, apply it, return its events."""
        if self.phase == "over":
            raise IllegalActionError("the game is over; no more moves")
        if action.kind == Anytime.TIME_UP:
            events = self._time_limit(action)
        else:
            prompt = self.prompt()
            if prompt.kind == "spell" and action.kind == "spell" and action.actor != self.team:
                raise IllegalActionError(
                    f"team {TEAM_NAMES[action.actor % 2]} is not on the street",
                    rule=RULE_OPPONENT,
                )
            expect_prompt(prompt, action)
            events = _HANDLERS[self.phase](self, prompt, action.value)
        self._prompt = None
        return events

    def _on_draw(self, prompt: Prompt, value: JSON) -> list[Event]:
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidActionError(f"a draw is a card index, got {value!r}")
        if self.unseen:
            if value not in self.unseen:
                raise IllegalActionError(
                    f"card {value} is not in the unseen part of the tray "
                    f"(cards 0..{self.settings.deck_size - 1}, each drawn once before any repeats)"
                )
            self.unseen.remove(value)
        else:
            expect_option(prompt, value)
            self.used.pop(0)
        self.card = value
        self.phase = "brainstorm"
        restart, self.restart = self.restart, False
        data = {"team": self.team, "card": value, "side": self.settings.side, "restart": restart}
        return [Event("card_drawn", data)]

    def _on_brainstorm(self, prompt: Prompt, value: JSON) -> list[Event]:
        expect_option(prompt, value)
        self.brainstorm = str(value)
        self.phase = "spell"
        return [Event("brainstorm_over", {"team": self.team, "reason": value})]

    def _on_spell(self, prompt: Prompt, value: JSON) -> list[Event]:
        if not isinstance(value, dict) or len(value) != 1:
            raise InvalidActionError(
                "a spell action is one of {'letter': 'P'}, {'word': 'purple'}, "
                f"{{'undo': true}}, {{'done': true}}; got {value!r}"
            )
        key, arg = next(iter(value.items()))
        if key == "letter":
            ch = check_char(arg)
            spelled = self.spelled + ch
            check_hyphens(spelled, complete=False)
            if len(spelled) > MAX_WORD:
                raise IllegalActionError(f"a spelling is at most {MAX_WORD} characters")
            return [self._pull(ch)]
        if key == "word":
            if self.spelled:
                raise IllegalActionError(
                    f"{self.spelled!r} is already being spelled letter by letter; "
                    "go on with letters, undo them, or say done"
                )
            word = check_word(arg)
            events = [self._pull(ch) for ch in word]
            events.append(self._word_spelled())
            return events
        if arg is not True:
            raise InvalidActionError(f"{key!r} takes the value true, got {arg!r}")
        if key == "undo":
            return [self._undo_last()]
        if key == "done":
            if not self.spelled:
                if self.brainstorm != "time_up":
                    raise IllegalActionError(
                        "the team said it had chosen a word; spell it", rule=RULE_AGREE
                    )
                return [Event("no_word", {"team": self.team}), *self._end_turn()]
            check_hyphens(self.spelled, complete=True)
            return [self._word_spelled()]
        raise InvalidActionError(
            f"unknown spell action {key!r}; allowed: letter, word, undo, done"
        )

    def _pull(self, ch: str) -> Event:
        """Apply one spoken character: a hyphen moves nothing, a captured tile stays."""
        self.spelled += ch
        if ch == HYPHEN:
            self.befores.append(None)
            return Event("hyphen", {"team": self.team})
        i = INDEX[ch]
        team = self.team
        before = self.tiles[i]
        if before == OFF or before == -OFF:
            self.befores.append(None)
            return Event("tile_held", {"team": team, "letter": ch, "by": captured_by(before)})
        after = before + DIRECTION[team]
        self.tiles[i] = after
        self.befores.append(before)
        data = {
            "team": team, "letter": ch, "from": before, "to": after,
            "captured": after == OFF or after == -OFF,
        }
        return Event("tile_moved", data)

    def _undo_last(self) -> Event:
        if not self.spelled:
            raise IllegalActionError("no letter has been spelled yet; nothing to undo")
        ch = self.spelled[-1]
        before = self.befores.pop()
        self.spelled = self.spelled[:-1]
        data: dict[str, JSON] = {"team": self.team, "letter": ch}
        if before is not None:
            self.tiles[INDEX[ch]] = before
            data["to"] = before
        return Event("letter_undone", data)

    def _word_spelled(self) -> Event:
        self.phase = "challenge"
        return Event("word_spelled", {"team": self.team, "word": self.spelled})

    def _on_challenge(self, prompt: Prompt, value: JSON) -> list[Event]:
        expect_option(prompt, value)
        if value == "none":
            return [Event("no_challenge", {"team": 1 - self.team}), *self._end_turn()]
        self.challenge = str(value)
        self.phase = VERDICT_PHASE[self.challenge]
        data = {"by": 1 - self.team, "kind": value, "word": self.spelled}
        return [Event("challenge", data)]

    def _on_spelling_verdict(self, prompt: Prompt, value: JSON) -> list[Event]:
        expect_option(prompt, value)
        return self._settle(upheld=value == "incorrect", detail=str(value))

    def _on_two_words_verdict(self, prompt: Prompt, value: JSON) -> list[Event]:
        expect_option(prompt, value)
        return self._settle(upheld=value == "two_words", detail=str(value))

    def _on_vote(self, prompt: Prompt, value: JSON) -> list[Event]:
        if not isinstance(value, dict) or set(value) != {"accept", "reject"}:
            raise InvalidActionError(
                f"a vote is {{'accept': count, 'reject': count}}, got {value!r}"
            )
        accept, reject = value["accept"], value["reject"]
        for name, count in (("accept", accept), ("reject", reject)):
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise InvalidActionError(f"{name} must be a whole number >= 0, got {count!r}")
        players = self.settings.players
        if accept + reject != players:
            raise IllegalActionError(
                f"{accept} + {reject} votes is not the {players} players at the table; "
                "every player votes",
                rule=RULE_VOTE,
            )
        if accept == reject:
            events = [Event("vote_tied", {"accept": accept, "reject": reject})]
            events.append(self._return_tiles())
            return events + self._restart()
        detail = f"{accept} accept, {reject} reject"
        return self._settle(upheld=reject > accept, detail=detail)

    def _settle(self, upheld: bool, detail: str) -> list[Event]:
        """A challenge decided: upheld returns the word's tiles, failed costs a turn."""
        challenger = 1 - self.team
        data = {"by": challenger, "kind": self.challenge, "detail": detail}
        if upheld:
            events = [Event("challenge_upheld", data), self._return_tiles()]
        else:
            self.skip[challenger] = True
            events = [Event("challenge_failed", data)]
        return events + self._end_turn()

    def _return_tiles(self) -> Event:
        """Put every tile the word moved back where it was before the word."""
        restored: dict[str, int] = {}
        for ch, before in zip(reversed(self.spelled), reversed(self.befores), strict=True):
            if before is not None:
                self.tiles[INDEX[ch]] = before
                restored[ch] = before
        tiles = [[ch, restored[ch]] for ch in dict.fromkeys(self.spelled) if ch in restored]
        return Event("tiles_returned", {"team": self.team, "tiles": tiles})

    def _clear_word(self) -> None:
        assert self.card is not None
        self.used.append(self.card)
        self.card = None
        self.brainstorm = None
        self.spelled = ""
        self.befores = []
        self.challenge = None

    def _restart(self) -> list[Event]:
        self._clear_word()
        self.restart = True
        self.phase = "draw"
        return [Event("turn_restarted", {"team": self.team})]

    def _end_turn(self) -> list[Event]:
        self._clear_word()
        team = self.team
        self.turns[team] += 1
        counts = captures(self.tiles)
        events = [Event("turn_over", {"team": team, "captured": counts})]
        if counts[team] >= WIN_CAPTURES:
            return events + self._finish([team], "eight_captured")
        nxt = 1 - team
        while True:
            if self._quick_play_done():
                return events + self._finish_quick_play()
            if not self.skip[nxt]:
                break
            self.skip[nxt] = False
            self.turns[nxt] += 1
            events.append(Event("turn_lost", {"team": nxt}))
            nxt = 1 - nxt
        self.team = nxt
        self.phase = "draw"
        return events

    def _quick_play_done(self) -> bool:
        a, b = self.turns
        limit = self.settings.turn_limit
        if limit is not None and a >= limit and b >= limit:
            return True
        return self.time_up and a == b

    def _finish_quick_play(self) -> list[Event]:
        counts = captures(self.tiles)
        if counts[0] != counts[1]:
            return self._finish([0 if counts[0] > counts[1] else 1], "most_captured")
        lanes = near_lane(self.tiles)
        if lanes[0] != lanes[1]:
            return self._finish([0 if lanes[0] > lanes[1] else 1], "near_lane")
        return self._finish([0, 1], "draw")

    def _finish(self, winners: list[int], reason: str) -> list[Event]:
        self.phase = "over"
        self.result = Outcome(tuple(winners), reason)
        data = {
            **self.result.to_json(),
            "captured": captures(self.tiles), "near_lane": near_lane(self.tiles),
            "turns": list(self.turns),
        }
        return [Event("game_over", data)]

    def _time_limit(self, action: Action) -> list[Event]:
        if not self.settings.time_limit:
            raise IllegalActionError("this game has no time limit", rule=RULE_TIME)
        if action.actor != CHANCE:
            raise IllegalActionError(
                f"the time limit is reported by the driver (actor {CHANCE}), "
                f"not actor {action.actor}"
            )
        if self.time_up:
            raise IllegalActionError("the time limit has already been reached")
        self.time_up = True
        events = [Event("time_limit_reached", {"team": self.team, "turns": list(self.turns)})]
        if self.phase == "draw" and not self.restart and self._quick_play_done():
            events += self._finish_quick_play()
        return events

    # -- saving ------------------------------------------------------------

    def to_json(self) -> dict[str, JSON]:
        return {
            "game": GAME,
            "version": VERSION,
            "settings": asdict(self.settings),
            "tiles": {letter: self.tiles[i] for i, letter in enumerate(LETTERS)},
            "unseen": list(self.unseen),
            "used": list(self.used),
            "team": self.team,
            "phase": self.phase,
            "restart": self.restart,
            "card": self.card,
            "brainstorm": self.brainstorm,
            "spelled": self.spelled,
            "befores": list(self.befores),
            "challenge": self.challenge,
            "skip": list(self.skip),
            "turns": list(self.turns),
            "time_up": self.time_up,
            "winners": self.winners(),
            "result": None if self.result is None else self.result.reason,
        }


_HANDLERS: dict[str, Callable[[WordStreet, Prompt, JSON], list[Event]]] = {
    "draw": WordStreet._on_draw,
    "brainstorm": WordStreet._on_brainstorm,
    "spell": WordStreet._on_spell,
    "challenge": WordStreet._on_challenge,
    "spelling_verdict": WordStreet._on_spelling_verdict,
    "two_words_verdict": WordStreet._on_two_words_verdict,
    "vote": WordStreet._on_vote,
}
"""The handler of each phase's prompt (the game's end has none)."""


__all__ = [
    "CHALLENGES", "GAME", "LETTERS", "NEAR_LANE", "Settings", "WordStreet", "new_game",
]
