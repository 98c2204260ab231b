"""Action cards by voice for the Sport and Leisure host: intents, windows, refusals.

Each team listens for its own cards: every Ask carries the six card names as
intents, so "we play Sin Bin" or "Blue team, own goal" ends the Ask whatever
it was asking. A card the team may play now becomes ``Action("play_card")``;
one it may not is refused with the sheet's rule read out, found by trying the
card on a copy of the engine state (the engine is the one judge of the rules).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from content.load import SportLeisureDeck
from content.schema import CardKind
from engine.core import Action, Anytime, IllegalActionError, Prompt, RulesError
from engine.sportleisure import SportLeisureState
from engine.sportleisure_board import (
    CARD_RULES,
    CARD_TYPES,
    MOVE_THE_GOALPOSTS,
    NEW_BALLS_PLEASE,
    OWN_GOAL,
    PLAYING_TEAM_CARDS,
    RULE_ONCE,
    RUN_FOR_THE_MONEY,
    SECOND_WIND,
    SIN_BIN,
)
from engine.sportleisure_save import load as load_state
from voice.games import sportleisure_say as say
from voice.games.host_base import yes_no
from voice.games.sportleisure_say import Words, key
from voice.hosting.dialogue import Dialogue
from voice.hosting.exchange import Ask, Line
from voice.reply_kind import ReplyKind
from voice.understanding.judge import Understood
from voice.understanding.transcript import tokens

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


class CardAsks:
    """The card side of the host: what it hears, and the "any action card?" windows."""

    words: Words
    deck: SportLeisureDeck
    teams: list[tuple[str, list[str]]]
    _engine: SportLeisureState | None

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
        return Action(Anytime.PLAY_CARD, team, value)

    def _refuse(self, dialogue: Dialogue, team: int, card: str, reason: str = "") -> None:
        """Say why ``team`` cannot play ``card`` now: the engine's own reason (found by
        trying the card on a copy), or ``reason`` when the host knows better (Sin Bin
        once the first question has been read)."""
        st = self._engine
        assert st is not None
        label, title = self.words.team(team), self.words.card(card)
        other = self.words.team(1 - team)
        rule = CARD_RULES[card]
        if not reason:
            trial = load_state(st.to_json())
            value: dict[str, Any] = {"card": card, "member": st.teams[st.playing][0]}
            try:
                trial.apply(Action(Anytime.PLAY_CARD, team, value))
            except IllegalActionError as exc:
                if exc.rule == RULE_ONCE and card not in st.held(team):
                    dialogue.tell(key("card_not_held"), team=label, card=title)
                    return
                reason = exc.reason
                rule = exc.rule or rule
            except RulesError:
                pass
        if reason and self.words.phrases.has(key(f"refuse_{reason}")):
            dialogue.tell(key(f"refuse_{reason}"), team=label, card=title, other=other)
            return
        dialogue.tell(key("card_refused"), team=label, card=title, rule=rule)

    def _window(self, prompt: Prompt, dialogue: Dialogue, team: int,
                phrase: str) -> Action | None:
        """ "Any action card?" to ``team``; None when no card is played."""
        label = self.words.team(team)
        ask = Ask([Line(key(phrase), {"team": label})], ReplyKind.YESNO, label,
                  default=Understood.yes_no(False),
                  intents=self._intents(window=True))
        while True:
            u = dialogue.ask(ask)
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
            ask = Ask([Line(key("play_this"), {"card": self.words.card(playable[0])})],
                      ReplyKind.YESNO, label, default=Understood.yes_no(False))
            return playable[0] if dialogue.ask(ask).value is True else None
        titles = [self.words.card(c) for c in playable]
        ask = Ask([Line(key("which_card"), {"team": label, "options": self._or(titles)})],
                  ReplyKind.NAME, label, request={"options": titles})
        u = dialogue.ask(ask)
        if u.verdict == "correct" and u.value in titles:
            return playable[titles.index(u.value)]
        return None

    def _ask_sin_bin(self, dialogue: Dialogue, team: int) -> str | None:
        """The Question Master's team picks who sits out; yes/no per member if unclear."""
        st = self._engine
        assert st is not None
        members = list(st.teams[st.playing])
        label = self.words.team(team)

        def member_yes_no(member: str) -> Ask:
            return yes_no(Line(key("sin_bin_member"), {"member": member}), label)

        ask = Ask([Line(key("sin_bin_who"), {"team": label, "options": self._or(members)})],
                  ReplyKind.NAME, label, request={"options": members},
                  fallback=lambda: member_yes_no(members[0]))
        u = dialogue.ask(ask)
        if u.verdict == "correct" and u.value in members:
            return str(u.value)
        if u.value is True:
            return members[0]
        if u.value is False:
            for member in members[1:]:
                if dialogue.ask(member_yes_no(member)).value is True:
                    return member
        return None

    # -- names ------------------------------------------------------------------
    def _or(self, items: Sequence[str]) -> str:
        items = list(items)
        if len(items) <= 1:
            return "".join(items)
        return self.words.phrases.text(key("list_or"), items=", ".join(items[:-1]),
                                       last=items[-1])

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
