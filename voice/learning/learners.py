"""The learner side of one Word Up game, in the few calls a game host makes.

The host (dialogue/driver) calls, in order:

- :meth:`Learners.join` at setup, per player: the level to play at and what
  to say (welcome back, your teacher set your level, a damaged record...).
- :meth:`Learners.answered` after every verdict: the profile gets the result
  (saved at once, so a killed game loses nothing) and level fitting its window.
- :meth:`Learners.offer` between turns: a question to ask the player, or None.
- :meth:`Learners.reply` with the player's yes/no: the level from now on, and
  what to say. The host changes the engine's level for that seat.
- :meth:`Learners.finish` at the end: one HTML report per player; the paths
  are printed, the phrase says the reports are ready.

Phrases are returned as :class:`Say` (key + fields), which map one to one on
the dialogue's ``Line``. Times are passed in; nothing here reads a clock.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from content.schema import WordUpItem
from voice.learning.level_fit import DEFAULT_POLICY, Fit, Offer, Policy
from voice.learning.profiles import Profile, ProfileStore, missed_entry, name_key
from voice.learning.report import write_report


@dataclass(frozen=True)
class Say:
    """One sentence for the host to speak: a ``[learn]`` phrase key and its fields."""

    key: str
    fields: Mapping[str, Any] = field(default_factory=dict)


@dataclass
class _Player:
    profile: Profile
    fit: Fit
    offer: Offer | None = None


class Learners:
    """Profiles and level fitting for the players of one game."""

    def __init__(self, store: ProfileStore | None = None,
                 policy: Policy = DEFAULT_POLICY, reports: Path | None = None) -> None:
        self.store = store if store is not None else ProfileStore()
        self.policy = policy
        self.reports = reports
        self.players: dict[str, _Player] = {}
        self.notices: list[str] = []
        """One line per damaged profile kept aside (with its new path), to print."""

    def _get(self, name: str) -> _Player:
        try:
            return self.players[name_key(name)]
        except KeyError:
            raise KeyError(f"{name!r} has not joined this game") from None

    def join(self, name: str, level: int | None = None) -> tuple[int, list[Say]]:
        """The level ``name`` plays at, and what to say to them.

        ``level`` is what the setup chose (None: not asked); on resume, pass the
        seat's level from the saved game. A returning player
        keeps their stored level unless the setup chose another; a level a
        teacher pinned always wins. A new player needs ``level``.
        """
        opened = self.store.open(name, level or 1)
        profile = opened.profile
        says: list[Say] = []
        if opened.warning:
            self.notices.append(opened.warning)
            says.append(Say("learn.profile_damaged", {"name": profile.name}))
        if opened.returning and profile.pinned:
            says.append(Say("learn.level_pinned", {"name": profile.name,
                                                   "level": profile.level}))
        elif opened.returning:
            if level is not None:
                profile.level = level
            says.append(Say("learn.welcome_back", {"name": profile.name,
                                                   "level": profile.level}))
        else:
            if level is None:
                raise ValueError(f"{name!r} is new: the setup must choose a level")
            says.append(Say("learn.new_player", {"name": profile.name, "level": level}))
        self.players[profile.key] = _Player(profile, profile.fit(self.policy))
        self.store.save(profile)
        return profile.level, says

    def answered(self, name: str, item: WordUpItem, correct: bool, at: float,
                 key: str | None = None) -> None:
        """Record one verdict for ``name`` (seconds since the epoch ``at``).

        ``key`` names the game and action: a verdict the profile already holds
        under it (a resumed game finishing its last action) is not counted
        twice there. The level window, which comes from the saved game, always
        takes it, since the game was saved before the verdict was recorded.
        """
        player = self._get(name)
        recorded = player.profile.record(item, correct, at, level=player.fit.level, key=key)
        player.fit.add(correct)
        if recorded:
            self.store.save(player.profile)

    def retract(self, name: str, item: WordUpItem | str, key: str | None = None) -> None:
        """Take back the latest verdict on ``item`` for ``name``: the table overruled it.

        ``item`` is the item or its id; ``key`` (if given) picks the very verdict.
        The corrected verdict is then recorded again with :meth:`answered`, so
        an overruled answer counts once, as the table decided.
        """
        player = self._get(name)
        profile = player.profile
        item_id = item if isinstance(item, str) else item.id
        for n in range(len(profile.results) - 1, -1, -1):
            found = profile.results[n]
            if (found.key == key) if key is not None else (found.item_id == item_id):
                result = profile.results.pop(n)
                break
        else:
            return
        if not result.correct and not isinstance(item, str):
            word, _ = missed_entry(item)
            profile.missed = [m for m in profile.missed if m.word.lower() != word.lower()]
        elif not result.correct:
            profile.missed = [m for m in profile.missed if m.at != result.at]
        if player.fit.recent:
            player.fit.recent.pop()
        self.store.save(profile)

    def offer(self, name: str, turn: int) -> Say | None:
        """Between turns: the level question to ask ``name``, or None.

        ``turn`` is any counter that grows by one per turn (the quiet period
        after a decline is counted in it).
        """
        player = self._get(name)
        offer = player.fit.offer(turn)
        player.offer = offer
        if offer is None:
            return None
        return Say(offer.phrase_key, {"name": player.profile.name, "level": offer.level,
                                      "to_level": offer.to_level})

    def reply(self, name: str, accepted: bool, turn: int) -> tuple[int, Say]:
        """The player's answer to the last offer: their level from now on, and what to say.

        No answer at all should be passed as a decline.
        """
        player = self._get(name)
        offer = player.offer
        if offer is None:
            raise ValueError(f"no level offer is open for {name!r}")
        player.offer = None
        fields = {"name": player.profile.name, "level": offer.level,
                  "to_level": offer.to_level}
        if not accepted:
            player.fit.decline(turn)
            return player.fit.level, Say("learn.level_kept", fields)
        player.fit.accept(offer)
        player.profile.level = player.fit.level
        self.store.save(player.profile)
        key = "learn.level_up" if offer.direction == "up" else "learn.level_down"
        return player.fit.level, Say(key, fields)

    def level(self, name: str) -> int:
        return self._get(name).fit.level

    def profile(self, name: str) -> Profile:
        return self._get(name).profile

    def finish(self, at: float, since: float | None = None) -> tuple[list[Path], Say]:
        """Save every profile and write each player's report (``since``: this game's
        start, for the chart). Returns the report paths and the phrase to say."""
        paths = []
        for player in self.players.values():
            self.store.save(player.profile)
            paths.append(write_report(player.profile, generated_at=at, since=since,
                                      folder=self.reports))
        names = [p.profile.name for p in self.players.values()]
        return paths, Say("learn.report_ready", {"names": ", ".join(names)})

    def to_json(self) -> dict[str, Any]:
        """Level-fitting state for a saved game (profiles are saved on their own)."""
        return {key: p.fit.to_json() for key, p in self.players.items()}

    def restore(self, data: Mapping[str, Any]) -> None:
        """After :meth:`join` on resume: put back each player's window and quiet period."""
        for key, fit in data.items():
            if key in self.players:
                self.players[key].fit = Fit.from_json(fit, self.policy)
