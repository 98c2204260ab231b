"""Best of Sport and Leisure as a pure state machine; the app is the Question Master.

Flow: two chance prompts (shuffle the question cards, shuffle and deal the
action cards), then one ``"answer"`` prompt per question. A wrong answer
becomes an ``"answer"`` prompt for the other team with ``info["stolen"]``.
Every prompt's ``info["playable_cards"]`` lists, per team (``"0"``/``"1"``),
the action cards that team may play right now; either team may then send
``Action("play_card", team, {"card": name, ...})`` instead of the prompt's
own kind. The engine knows question cards only as indices into a deck of
``n_cards``; the voice layer maps them to content.

Choices where the sheet or RULINGS.md leave room (each has a test):

* Winning: only answers given while the team is *already* in the Winning Zone
  count (the sheet's example: entering on GREEN leaves YELLOW and RED to
  answer). So the answer that carries a team in never wins, even a RED one.
* The rule says "two consecutive questions or a RED question"; the example's
  "they need to answer the remaining YELLOW and RED" is read as the two-in-a-row
  route, not as a stricter rule: a team that enters on GREEN, misses YELLOW
  and then answers RED still wins.
* "Consecutive" means consecutive questions of one card answered right by the
  same team, stolen ones included. A question the team did not answer (asked
  to the other team, or skipped with Move the Goalposts) breaks its run. A run
  cannot span cards: it would need RED, which wins on its own.
* A team in the Winning Zone that steals a question counts it towards winning
  (the sheet's "both teams" section shows stolen answers winning). Only when
  both teams are in the Winning Zone does a team that steals correctly also
  take the next question (the sheet's "both teams" section); if it misses
  that one the answer is read out and play returns to the playing team.
* "Before asking the first question" (Sin Bin) is taken as "before the first
  question is resolved": the engine cannot hear when reading starts, so the
  voice layer offers Sin Bin before it reads the purple question and refuses
  it once that question has been read.
* Sin Bin and Run for the Money last until the turn ends, through New Balls,
  Please and through Second Wind's extra card (the sheet: "until the next
  turn"). Sin Bin needs a playing team of two or more: a lone player cannot
  sit out and still answer.
* Second Wind is played while the last (RED) question is the playing team's
  next question. "Within 8 spaces of the Winning Zone" means
  ``WINNING_ZONE - position <= 8`` (space 33 onwards). A tie is not a lead.
* Move the Goalposts replaces the current question; under Run for the Money it
  moves one space ("as if they'd answered correctly"). Own Goal follows only a
  correct *answer* by the playing team (not a goalposts move nor a stolen
  answer), before the next question is resolved; it cannot be used when the
  team was in the Winning Zone or that answer took them in. After the last
  question, when Own Goal is playable, a ``"continue"`` prompt for the
  Question Master's team holds the window open.
* Run for the Money on a team at space 40 moves it into the Winning Zone; on a team
  already in the Winning Zone it is refused (it could change no move; the card is kept).
* Action cards are dealt one at a time, alternately, team 0 first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

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
    answer_verdict,
    expect_prompt,
)
from engine.sportleisure_board import (
    ACTION_DECK_SIZE,
    CARD_RULES,
    CARD_TITLES,
    CARD_TYPES,
    HAND_SIZE,
    LAST_QUESTION,
    MOVE_THE_GOALPOSTS,
    NEW_BALLS_PLEASE,
    NEXT_SPACE,
    OWN_GOAL,
    PLAYING_TEAM_CARDS,
    PREVIOUS_SPACE,
    QUESTION_COLOURS,
    RULE_ONCE,
    RULE_ONE_PER_TURN,
    RUN_FOR_THE_MONEY,
    SECOND_WIND,
    SECOND_WIND_MIN_DISTANCE,
    SIN_BIN,
    WINNING_ZONE,
    card_type,
)

GAME = "sportleisure"
SAVE_VERSION = 1

PHASES = ("shuffle_questions", "shuffle_actions", "answer", "continue", "over")
MODES = ("ask", "steal", "follow_on")
"""Who answers the current question: the playing team (``ask``), the other
team after a miss (``steal``), or, with both teams in the Winning Zone, the
other team again after a correct steal (``follow_on``)."""

Refusal = tuple[str, str, str]
"""Why a card cannot be played now: (message, the rule quoted, a reason code, e.g. "run_level")."""


def _event(kind: str, **data: JSON) -> Event:
    return Event(kind, data)


@dataclass(slots=True)
class SportLeisureState(Ends):
    """The whole game; mutable, but ``apply`` changes it only when it succeeds.

    Positions: 0 is Go, 1..40 the path, 41 the Winning Zone. ``deck[0]`` is the
    card being asked. Action cards are ids 0..11 (type ``CARD_TYPES[id // 2]``).
    """

    teams: tuple[tuple[str, ...], tuple[str, ...]]
    n_cards: int
    first_team: int
    phase: str = "shuffle_questions"
    positions: list[int] = field(default_factory=lambda: [0, 0])
    deck: list[int] = field(default_factory=list)
    dealt: list[list[int]] = field(default_factory=lambda: [[], []])
    played: list[list[int]] = field(default_factory=list)
    """One ``[team, card_id, turn]`` per card played, in order."""
    playing: int = 0
    turn: int = 0
    """Turns started so far; a turn is one team answering one card (two with Second Wind)."""
    question: int = 0
    mode: str = "ask"
    played_this_turn: list[bool] = field(default_factory=lambda: [False, False])
    sin_bin: str | None = None
    run_for_the_money: bool = False
    second_wind: bool = False
    keep_turn: bool = False
    own_goal: list[int] | None = None
    """Own Goal window: ``[position before the correct answer, question]``."""
    streak: list[int] = field(default_factory=lambda: [0, 0])
    """Questions in a row answered right while in the Winning Zone."""
    result: Outcome | None = None
    """How the game ended (None while it goes on)."""

    # ------------------------------------------------------------------ queries

    def answerer(self) -> int:
        return self.playing if self.mode == "ask" else 1 - self.playing

    def leading(self) -> int | None:
        """The team in the lead (further along; the Winning Zone is furthest), or None if level."""
        a, b = self.positions
        return None if a == b else (0 if a > b else 1)

    def held(self, team: int) -> list[str]:
        """Card types ``team`` still holds, one entry per card."""
        used = {card for t, card, _ in self.played if t == team}
        return [card_type(c) for c in self.dealt[team] if c not in used]

    def playable_cards(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {"0": [], "1": []}
        if self.phase not in ("answer", "continue"):
            return out
        for team in (0, 1):
            if self.played_this_turn[team]:
                continue
            held = self.held(team)
            out[str(team)] = [
                c for c in CARD_TYPES
                if c in held and self._card_refusal(team, c, check_hand=False) is None
            ]
        return out

    def prompt(self) -> Prompt:
        phase = self.phase
        if phase == "answer":
            q = self.question
            playable = self.playable_cards()
            info: dict[str, JSON] = {
                "team": self.answerer(),
                "playing_team": self.playing,
                "turn": self.turn,
                "card": self.deck[0],
                "question": q,
                "colour": QUESTION_COLOURS[q],
                "stolen": self.mode == "steal",
                "follow_on": self.mode == "follow_on",
                "positions": list(self.positions),
                "sin_bin": self.sin_bin,
                "run_for_the_money": self.run_for_the_money,
                "second_wind": self.second_wind,
                "playable_cards": playable,
            }
            if SIN_BIN in playable[str(1 - self.playing)]:
                info["sin_bin_choices"] = list(self.teams[self.playing])
            return Prompt(PromptKind.ANSWER, self.answerer(), (), info)
        if phase == "continue":
            return Prompt(PromptKind.CONTINUE,
                1 - self.playing,
                (),
                {
                    "playing_team": self.playing,
                    "turn": self.turn,
                    "card": self.deck[0],
                    "positions": list(self.positions),
                    "playable_cards": self.playable_cards(),
                },
            )
        if phase == "shuffle_questions":
            return Prompt(PromptKind.SHUFFLE, CHANCE, (), {"deck": "questions", "size": self.n_cards,
                                                  "playable_cards": self.playable_cards()})
        if phase == "shuffle_actions":
            return Prompt(PromptKind.SHUFFLE, CHANCE, (), {"deck": "actions", "size": ACTION_DECK_SIZE,
                                                  "playable_cards": self.playable_cards()})
        return Prompt(PromptKind.GAME_OVER, CHANCE, (),
                      {**(self.result.to_json() if self.result else {}),
                       "positions": list(self.positions),
                       "playable_cards": self.playable_cards()})

    # ------------------------------------------------------------------ actions

    def apply(self, action: Action) -> list[Event]:
        if action.kind == Anytime.PLAY_CARD:
            return self._play_card(action)
        phase = self.phase
        if phase == "over":
            raise IllegalActionError(f"the game is over: team {self.winners()[0]} won")
        if phase == "answer":
            expect_prompt(self.prompt(), action, who="team")
            return self._answer(answer_verdict(action.value))
        if phase == "continue":
            expect_prompt(self.prompt(), action, who="team")
            self.phase = "answer"
            self.own_goal = None
            return self._finish_card()
        expect_prompt(self.prompt(), action, who="team")
        size = self.n_cards if phase == "shuffle_questions" else ACTION_DECK_SIZE
        order = _permutation(action.value, size)
        if phase == "shuffle_questions":
            self.deck = order
            self.phase = "shuffle_actions"
            return [_event("shuffled", deck="questions", order=list(order))]
        self.dealt = [order[0 : 2 * HAND_SIZE : 2], order[1 : 2 * HAND_SIZE : 2]]
        self.phase = "answer"
        events = [
            _event("shuffled", deck="actions", order=list(order)),
            _event("dealt", team=0, cards=[card_type(c) for c in self.dealt[0]]),
            _event("dealt", team=1, cards=[card_type(c) for c in self.dealt[1]]),
        ]
        return events + self._start_turn(self.first_team)

    # ------------------------------------------------------------------ answers

    def _move(self, team: int, to: int, reason: str, q: int) -> list[Event]:
        frm = self.positions[team]
        self.positions[team] = to
        events = [
            Event("moved", {"team": team, "from": frm, "to": to, "reason": reason,
                            "colour": QUESTION_COLOURS[q]})
        ]
        if to == WINNING_ZONE and frm != WINNING_ZONE:
            events.append(_event("entered_winning_zone", team=team))
        return events

    def _forward(self, team: int, q: int) -> int:
        pos = self.positions[team]
        if pos == WINNING_ZONE:
            return pos
        if team == self.playing and self.run_for_the_money:
            return pos + 1
        return NEXT_SPACE[q][pos]

    def _win(self, team: int, events: list[Event], how: str) -> list[Event]:
        self.result = Outcome((team,), how)
        self.phase = "over"
        self.own_goal = None
        events.append(_event("game_over", winners=[team], reason=how))
        return events

    def _counted(self, team: int, q: int, events: list[Event]) -> bool:
        """Record a right answer given from inside the Winning Zone; True if it wins."""
        self.streak[team] += 1
        self.streak[1 - team] = 0
        if q == LAST_QUESTION:
            self._win(team, events, "red")
            return True
        if self.streak[team] >= 2:
            self._win(team, events, "two_in_a_row")
            return True
        return False

    def _answer(self, correct: bool) -> list[Event]:
        q = self.question
        playing = self.playing
        other = 1 - playing
        mode = self.mode
        team = playing if mode == "ask" else other
        events = [
            _event(
                "answered",
                team=team,
                question=q,
                colour=QUESTION_COLOURS[q],
                correct=correct,
                stolen=mode == "steal",
                follow_on=mode == "follow_on",
            )
        ]
        self.own_goal = None
        if not correct:
            self.streak[team] = 0
            if mode == "ask":
                self.mode = "steal"
                events.append(_event("question_passed", team=other, question=q))
                return events
            events.append(_event("answer_read_out", question=q, colour=QUESTION_COLOURS[q]))
            return events + self._next_question()
        if self.positions[team] == WINNING_ZONE:
            if self._counted(team, q, events):
                return events
            if mode == "steal" and self.positions[playing] == WINNING_ZONE and q < LAST_QUESTION:
                self.mode = "follow_on"
                self.question = q + 1
                events.append(_event("follow_on", team=other, question=q + 1))
                return events
        else:
            self.streak[1 - team] = 0
            frm = self.positions[team]
            to = self._forward(team, q)
            events += self._move(team, to, "answer" if mode == "ask" else "bonus", q)
            if mode == "ask" and to != WINNING_ZONE:
                self.own_goal = [frm, q]
        if mode == "ask" and q == LAST_QUESTION and self.second_wind:
            self.keep_turn = True
        return events + self._next_question()

    def _next_question(self) -> list[Event]:
        if self.question < LAST_QUESTION:
            self.question += 1
            self.mode = "ask"
            return []
        self.mode = "ask"
        if self.own_goal is not None and self._card_refusal(1 - self.playing, OWN_GOAL) is None:
            self.phase = "continue"
            return [_event("card_over", card=self.deck[0], own_goal_window=True)]
        return self._finish_card()

    def _finish_card(self) -> list[Event]:
        card = self.deck.pop(0)
        self.deck.append(card)
        self.own_goal = None
        self.streak = [0, 0]
        events = [_event("card_to_back", card=card)]
        if self.keep_turn:
            self.keep_turn = False
            self.second_wind = False
            self.question = 0
            events.append(_event("turn_kept", team=self.playing))
            events.append(_event("card_drawn", card=self.deck[0], team=self.playing))
            return events
        return events + self._start_turn(1 - self.playing)

    def _start_turn(self, team: int) -> list[Event]:
        self.playing = team
        self.turn += 1
        self.question = 0
        self.mode = "ask"
        self.played_this_turn = [False, False]
        self.sin_bin = None
        self.run_for_the_money = False
        self.second_wind = False
        self.keep_turn = False
        return [
            _event("turn_started", team=team, turn=self.turn),
            _event("card_drawn", card=self.deck[0], team=team),
        ]

    # ------------------------------------------------------------------ action cards

    def _card_refusal(self, team: int, card: str, check_hand: bool = True) -> Refusal | None:
        """Why ``team`` may not play ``card`` now (None: it may): (message, rule, reason code).

        Checked in the order a player would want to hear: whose card it is,
        whether they still hold one, one card a turn, then the card's own window.
        """
        rule = CARD_RULES[card]
        title = CARD_TITLES[card]
        if self.phase not in ("answer", "continue"):
            if self.phase == "over":
                return (f"the game is over; {title} cannot be played", rule, "game_over")
            return (f"{title} cannot be played before the action cards are dealt", RULE_ONCE,
                    "not_dealt")
        playing = self.playing
        if card in PLAYING_TEAM_CARDS:
            if team != playing:
                return (f"{title} is played by the playing team (team {playing}), "
                        f"not team {team}", rule, "playing_team_card")
        elif team == playing:
            return (f"{title} is played by the Question Master's team (team {1 - playing}), "
                    f"not the playing team {team}", rule, "question_master_card")
        if check_hand and card not in self.held(team):
            return (f"team {team} holds no unplayed {title} card", RULE_ONCE, "not_held")
        if self.played_this_turn[team]:
            return (f"team {team} has already played an Action card this turn", RULE_ONE_PER_TURN,
                    "one_per_turn")
        answering_own = self.phase == "answer" and self.mode == "ask"
        before_first = answering_own and self.question == 0
        pos = self.positions[playing]
        if card == MOVE_THE_GOALPOSTS:
            if not answering_own:
                return ("Move the Goalposts replaces a question the playing team has not "
                        "attempted yet", rule, "goalposts_not_now")
            if pos == WINNING_ZONE:
                return ("Move the Goalposts cannot be used inside the Winning Zone", rule,
                        "goalposts_in_zone")
            if self._forward(playing, self.question) == WINNING_ZONE:
                return ("Move the Goalposts cannot move a team into the Winning Zone", rule,
                        "goalposts_into_zone")
            return None
        if card == NEW_BALLS_PLEASE:
            if not before_first:
                return ("New Balls, Please must be played before the first answer on the card",
                        rule, "new_balls_late")
            return None
        if card == SECOND_WIND:
            if not (answering_own and self.question == LAST_QUESTION):
                return ("Second Wind is played just before the last (red) question", rule,
                        "second_wind_not_last")
            if self.leading() == playing:
                return (f"Second Wind cannot be used while team {playing} is in the lead", rule,
                        "second_wind_leading")
            if WINNING_ZONE - pos < SECOND_WIND_MIN_DISTANCE:
                return ("Second Wind cannot be used within 8 spaces of the Winning Zone", rule,
                        "second_wind_near_zone")
            return None
        if card == SIN_BIN:
            if not before_first:
                return ("Sin Bin must be played before the first question on the card", rule,
                        "sin_bin_late")
            if len(self.teams[playing]) < 2:
                return (f"Sin Bin needs a playing team of two or more; team {playing} has one "
                        "member", rule, "sin_bin_one_member")
            return None
        if card == RUN_FOR_THE_MONEY:
            if not before_first:
                return ("Run for the Money must be played before the playing team answers the "
                        "first question", rule, "run_late")
            if self.leading() != playing:
                level = self.leading() is None
                why = "the teams are level" if level else f"team {playing} is not in the lead"
                return (f"Run for the Money is played on the team in the lead; {why}", rule,
                        "run_level" if level else "run_not_leading")
            if pos == WINNING_ZONE:
                return ("Run for the Money cannot change anything for a team already in the "
                        "Winning Zone", rule, "run_in_zone")
            return None
        # OWN_GOAL
        if self.own_goal is None:
            if pos == WINNING_ZONE:
                return ("Own Goal cannot be used in the Winning Zone", rule, "own_goal_in_zone")
            return ("Own Goal is played straight after a correct answer by the playing team",
                    rule, "own_goal_not_now")
        return None

    def _play_card(self, action: Action) -> list[Event]:
        team = action.actor
        value = action.value
        if team not in (0, 1):
            raise InvalidActionError(f"an action card is played by team 0 or 1, not {team!r}")
        if not isinstance(value, Mapping) or value.get("card") not in CARD_TYPES:
            raise InvalidActionError(
                f"play_card needs {{'card': NAME}} with NAME one of {', '.join(CARD_TYPES)}; "
                f"got {value!r}"
            )
        card = str(value["card"])
        refusal = self._card_refusal(team, card)
        if refusal is not None:
            raise IllegalActionError(refusal[0], refusal[1], reason=refusal[2])
        member: str | None = None
        if card == SIN_BIN:
            members = self.teams[self.playing]
            member = value.get("member")
            if not isinstance(member, str):
                raise InvalidActionError(
                    f"Sin Bin needs 'member': one of {', '.join(members)}"
                )
            if member not in members:
                raise IllegalActionError(
                    f"{member!r} is not in the playing team; choose one of {', '.join(members)}",
                    CARD_RULES[SIN_BIN],
                )
        # Valid: from here on the state changes.
        used = {c for t, c, _ in self.played if t == team}
        card_id = next(c for c in self.dealt[team] if c not in used and card_type(c) == card)
        self.played.append([team, card_id, self.turn])
        self.played_this_turn[team] = True
        events = [_event("card_played", team=team, card=card)]
        playing = self.playing
        if card == MOVE_THE_GOALPOSTS:
            q = self.question
            self.own_goal = None
            self.streak[1 - playing] = 0
            events += self._move(playing, self._forward(playing, q), "goalposts", q)
            return events + self._next_question()
        if card == NEW_BALLS_PLEASE:
            old = self.deck.pop(0)
            self.deck.append(old)
            events.append(_event("card_to_back", card=old))
            events.append(_event("card_drawn", card=self.deck[0], team=playing))
            return events
        if card == SIN_BIN:
            self.sin_bin = member
            events.append(_event("sin_binned", team=playing, member=member))
            return events
        if card == SECOND_WIND:
            self.second_wind = True
            return events
        if card == RUN_FOR_THE_MONEY:
            self.run_for_the_money = True
            return events
        # OWN_GOAL
        assert self.own_goal is not None
        frm, q = self.own_goal
        self.own_goal = None
        events += self._move(playing, PREVIOUS_SPACE[q][frm], "own_goal", q)
        if self.phase == "continue":
            self.phase = "answer"
            events += self._finish_card()
        return events

    # ------------------------------------------------------------------ saving

    def to_json(self) -> dict[str, JSON]:
        return {
            "game": GAME,
            "version": SAVE_VERSION,
            "teams": [list(t) for t in self.teams],
            "n_cards": self.n_cards,
            "first_team": self.first_team,
            "phase": self.phase,
            "positions": list(self.positions),
            "deck": list(self.deck),
            "dealt": [list(h) for h in self.dealt],
            "played": [list(p) for p in self.played],
            "playing": self.playing,
            "turn": self.turn,
            "question": self.question,
            "mode": self.mode,
            "played_this_turn": list(self.played_this_turn),
            "sin_bin": self.sin_bin,
            "run_for_the_money": self.run_for_the_money,
            "second_wind": self.second_wind,
            "keep_turn": self.keep_turn,
            "own_goal": None if self.own_goal is None else list(self.own_goal),
            "streak": list(self.streak),
            "winner": self.result.winners[0] if self.result else None,
        }


def _permutation(value: JSON, size: int) -> list[int]:
    if (
        not isinstance(value, list)
        or len(value) != size
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        or sorted(value) != list(range(size))
    ):
        raise InvalidActionError(
            f"a shuffle is a list holding each of 0..{size - 1} once, got {value!r}"
        )
    return list(value)


def new_game(teams: Sequence[Sequence[str]], n_cards: int, first_team: int = 0) -> SportLeisureState:
    """Set up a game: ``first_team`` is the team with the youngest player (the sheet).

    ``n_cards`` is the size of the question deck the voice layer holds.
    """
    if isinstance(teams, str) or len(teams) != 2:
        raise SetupError(f"the game needs exactly 2 teams, got {len(teams)}")
    cleaned: list[tuple[str, ...]] = []
    for index, members in enumerate(teams):
        if isinstance(members, str) or len(members) < 1:
            raise SetupError(f"team {index} needs at least 1 member (a list of names)")
        names = tuple(members)
        for name in names:
            if not isinstance(name, str) or not name.strip():
                raise SetupError(f"team {index}: member names must be non-empty text, got {name!r}")
        if len(set(names)) != len(names):
            raise SetupError(f"team {index}: member names must differ (Sin Bin names one)")
        cleaned.append(names)
    if isinstance(n_cards, bool) or not isinstance(n_cards, int) or not 1 <= n_cards <= MAX_DECK:
        raise SetupError(f"the question deck needs 1 to {MAX_DECK} cards, got {n_cards!r}")
    if first_team not in (0, 1) or isinstance(first_team, bool):
        raise SetupError(f"first_team must be 0 or 1, got {first_team!r}")
    return SportLeisureState(teams=(cleaned[0], cleaned[1]), n_cards=n_cards,
                             first_team=first_team)
