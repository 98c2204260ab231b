"""Setting a game up: from flags (``--players``, ``--teams``, ``--variant``) or by voice.

Flag values are parsed here into :class:`~voice.hosting.host.PlayOptions` with one-line
:class:`~voice.errors.UsageError` s that say what is wrong and what is allowed.

By voice, the app asks for the game, each player's name, and levels (Word
Up) or teams (the team games), then reads the set-up back and asks before
starting. A name is heard without a grammar (any name may come), so it is
always spelled back for the table to confirm, and spelled letter by letter
when the table says it is wrong: a recognizer knows few names, but every
letter.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.wordup_board import LEVEL_NAMES
from voice.errors import UsageError
from voice.hosting.dialogue import RATES, Dialogue
from voice.hosting.exchange import Ask, ControlFlow, Line
from voice.hosting.flag_help import PLAYERS_HELP, TEAMS_HELP, VARIANT_HELP
from voice.hosting.host import GAME_TITLES, PlayOptions
from voice.hosting.names import MAX_NAME, check_name
from voice.reply_kind import ReplyKind
from voice.understanding.judge import Understood, parse_command
from voice.understanding.letters import readings

GAME_WORDS = {
    "best of sport and leisure": "sportleisure", "sport and leisure": "sportleisure",
    "sports and leisure": "sportleisure", "sport": "sportleisure", "sports": "sportleisure",
    "word on the street junior": "wordstreet", "word on the street": "wordstreet",
    "word street": "wordstreet", "street": "wordstreet", "wordup": "wordup", "word up": "wordup",
}
LEVEL_WORDS = {
    "lower intermediate": 2, "upper intermediate": 4, "elementary": 1, "beginner": 1,
    "intermediate": 3, "advanced": 5,
}
"""Longer phrases first: the dialogue's intents match phrase endings in this order."""


# -- flags -----------------------------------------------------------------------------


def _check_name(name: str, flag: str) -> str:
    return check_name(name, flag)


def parse_players(text: str) -> list[tuple[str, int]]:
    """``"Ana:2,Ben:4"`` -> ``[("Ana", 2), ("Ben", 4)]``, or a UsageError saying what is wrong."""
    players: list[tuple[str, int]] = []
    for part in text.split(","):
        name, colon, level_text = part.strip().rpartition(":")
        if not colon or not name.strip():
            raise UsageError(f"--players: {part.strip()!r} is not NAME:LEVEL; {PLAYERS_HELP}")
        name = _check_name(name, "--players")
        try:
            level = int(level_text.strip())
        except ValueError:
            raise UsageError(f"--players: level {level_text.strip()!r} for {name} is not a "
                             "number; levels are 1 to 5") from None
        if not 1 <= level <= 5:
            raise UsageError(f"--players: level {level} for {name} is outside 1 to 5")
        players.append((name, level))
    if not 2 <= len(players) <= 6:
        raise UsageError(f"--players: Word Up needs 2 to 6 players, got {len(players)}")
    _all_different([n for n, _ in players], "--players")
    return players


def parse_teams(text: str) -> list[tuple[str, list[str]]]:
    """``"Red:Ana,Ben;Blue:Cy,Di"`` -> ``[("Red", ["Ana", "Ben"]), ("Blue", ["Cy", "Di"])]``."""
    teams: list[tuple[str, list[str]]] = []
    for part in text.split(";"):
        team, colon, members_text = part.strip().partition(":")
        if not colon or not team.strip() or not members_text.strip():
            raise UsageError(f"--teams: {part.strip()!r} is not TEAM:NAME,NAME; {TEAMS_HELP}")
        team = _check_name(team, "--teams")
        members = [_check_name(m, "--teams") for m in members_text.split(",")]
        teams.append((team, members))
    if len(teams) != 2:
        raise UsageError(f"--teams: the team games need exactly 2 teams, got {len(teams)}; "
                         f"{TEAMS_HELP}")
    _all_different([t for t, _ in teams], "--teams", "team")
    _all_different([m for _, ms in teams for m in ms], "--teams")
    return teams


def parse_variant(text: str) -> dict[str, str]:
    """``"tokens=1,dice=physical"`` -> ``{"tokens": "1", "dice": "physical"}``.

    Which keys and values a game takes is the game's to check (its ``VARIANTS``).
    """
    out: dict[str, str] = {}
    if not text.strip():
        return out
    for part in text.split(","):
        key, eq, value = part.strip().partition("=")
        key, value = key.strip().lower(), value.strip()
        if not eq or not key or not value:
            raise UsageError(f"--variant: {part.strip()!r} is not KEY=VALUE; {VARIANT_HELP}")
        if key in out:
            raise UsageError(f"--variant: {key} is given twice")
        out[key] = value
    return out


def _all_different(names: Sequence[str], flag: str, what: str = "player") -> None:
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise UsageError(f"{flag}: each {what} needs a different name ({name} is given twice)")
        seen.add(name.casefold())


# -- by voice --------------------------------------------------------------------------


def spelled(name: str) -> str:
    """The transcript's spelled-out form (``A-N-A``), which the voice mouth reads as letters."""
    words = ["-".join(c for c in w if c.isalpha()) for w in name.upper().split()]
    return " ".join(w for w in words if w)


class VoiceSetup:
    """Asks the table how to set the game up; ``run`` returns the PlayOptions."""

    def __init__(self, dialogue: Dialogue, max_tries: int = 3) -> None:
        self.d = dialogue
        self.max_tries = max_tries

    def run(self, game: str | None = None, seed: int = 0) -> PlayOptions:
        if game is None:
            game = self.ask_game()
        while True:
            options = PlayOptions(game, seed=seed)
            if game == "wordup":
                options.players = self.ask_players()
                said = self._join([self.d.phrases.text("setup.player_entry", name=n, level=lv)
                                   for n, lv in options.players])
                confirm = Line("setup.confirm_wordup", {"players": said})
            else:
                options.teams = self.ask_teams()
                said = "; ".join(self.d.phrases.text("setup.team_entry", team=t,
                                                     members=self._join(m))
                                 for t, m in options.teams)
                confirm = Line("setup.confirm_teams", {"game": GAME_TITLES[game], "teams": said})
            if self.yes(confirm, "everyone", default=True):
                return options
            self.d.tell("setup.restart")

    # -- small asks ----------------------------------------------------------------------
    def _join(self, items: Sequence[str]) -> str:
        items = list(items)
        if len(items) <= 1:
            return items[0] if items else ""
        return self.d.phrases.text("setup.list_and", items=", ".join(items[:-1]), last=items[-1])

    def _rate(self, command: str) -> None:
        settings = self.d.settings
        index = RATES.index(settings.rate) + (1 if command == "faster" else -1)
        settings.rate = RATES[max(0, min(len(RATES) - 1, index))]
        self.d.mouth.set_rate(settings.rate)
        self.d.tell(f"common.rate_{settings.rate}")

    def yes(self, line: Line, who: str, default: bool) -> bool:
        ask = Ask([line], ReplyKind.YESNO, who, default=Understood.yes_no(default))
        return bool(self._ask(ask).value)

    def _ask(self, ask: Ask) -> Understood:
        while True:
            try:
                return self.d.ask(ask)
            except ControlFlow as flow:
                if flow.command == "quit":
                    raise
                self.d.tell("common.not_now")

    def ask_game(self) -> str:
        titles = list(GAME_TITLES.values())
        ask = Ask([Line("setup.welcome")], ReplyKind.NAME, "everyone",
                  request={"options": titles, "expected": [*titles, *GAME_WORDS]},
                  intents=GAME_WORDS,
                  fallback=lambda: Ask([Line("setup.game_yesno", {"game": titles[0]})],
                                       ReplyKind.YESNO,
                                       "everyone", default=Understood.yes_no(True)))
        result = self._ask(ask)
        if result.value is True:
            game = "wordup"
        elif result.value is False:
            others = [g for g in GAME_TITLES if g != "wordup"]
            game = others[0] if self.yes(Line("setup.game_yesno",
                                              {"game": GAME_TITLES[others[0]]}),
                                         "everyone", True) else others[1]
        elif result.value in GAME_TITLES:
            game = str(result.value)
        else:
            game = {title: g for g, title in GAME_TITLES.items()}[str(result.value)]
        self.d.tell("setup.game_chosen", game=GAME_TITLES[game])
        return game

    def ask_number(self, line: Line, who: str, lo: int, hi: int, default: int,
                   words: dict[str, int] | None = None) -> int:
        ask = Ask([line], ReplyKind.NUMBER, who, request={"min": lo, "max": hi,
                                                   "expected": list(words or {})},
                  intents=words or {}, default=Understood("correct", default, 1.0, ""))
        while True:
            value = self._ask(ask).value
            if isinstance(value, int) and lo <= value <= hi:
                return value
            self.d.tell("common.unclear", name=who)

    def ask_players(self) -> list[tuple[str, int]]:
        count = self.ask_number(Line("setup.how_many"), "everyone", 2, 6, 2)
        players: list[tuple[str, int]] = []
        for n in range(1, count + 1):
            name = self.ask_name(Line("setup.player_name", {"n": n}), f"player {n}",
                                 [p for p, _ in players])
            level = self.ask_number(Line("setup.level", {"name": name}), name, 1, 5, 3,
                                    LEVEL_WORDS)
            self.d.tell("setup.level_set", name=name, level=level, level_name=LEVEL_NAMES[level])
            players.append((name, level))
        return players

    def ask_teams(self) -> list[tuple[str, list[str]]]:
        teams: list[tuple[str, list[str]]] = []
        taken: list[str] = []
        for t in (1, 2):
            team = self.ask_name(Line("setup.team_name", {"n": t}), f"team {t}",
                                 [name for name, _ in teams])
            size = self.ask_number(Line("setup.team_size", {"team": team}), team, 1, 8, 2)
            members: list[str] = []
            for n in range(1, size + 1):
                member = self.ask_name(Line("setup.member_name", {"team": team, "n": n}),
                                       f"{team} player {n}", taken)
                members.append(member)
                taken.append(member)
            teams.append((team, members))
        return teams

    # -- names ---------------------------------------------------------------------------
    def ask_name(self, line: Line, who: str, taken: Sequence[str]) -> str:
        """A name: said, spelled back for confirmation, spelled letter by letter if wrong."""
        say: list[Line] = [line]
        kind = ReplyKind.NAME
        while True:
            heard = self._listen(say, kind, who)
            name = _letters_name(heard) if kind == ReplyKind.SPELLING else _clean_name(heard)
            if not name:
                say = [Line("setup.name_unclear"), Line("setup.name_spell")]
                kind = ReplyKind.SPELLING
                continue
            if name.casefold() in {t.casefold() for t in taken}:
                say = [Line("setup.name_taken", {"name": name}), line]
                kind = ReplyKind.NAME
                continue
            check = Line("setup.name_check", {"name": name, "letters": spelled(name)})
            if self.yes(check, who, default=True):
                return name
            say = [Line("setup.name_spell")]
            kind = ReplyKind.SPELLING

    def _listen(self, say: list[Line], kind: ReplyKind, who: str) -> str:
        """One free reply, with the global commands that make sense before a game."""
        self.d.speak(say)
        tries = 0
        while True:
            heard = self.d.ears.listen(kind, [], 15.0)
            if heard.ended:
                raise ControlFlow("quit")
            text = heard.nbest[0] if heard.nbest else ""
            if text:
                self.d.transcript(who, text)
            command = parse_command(text) if text else None
            if kind == ReplyKind.SPELLING and command == "spell":
                command = None  # "spell a n a" is the spelling itself
            if command == "quit":
                raise ControlFlow("quit")
            if command in ("slower", "faster"):
                self._rate(command)
            if command in ("repeat", "slower", "faster"):
                self.d.speak(say)
                continue
            if command is not None:
                self.d.tell("setup.help_name")
                continue
            if text:
                return text
            tries += 1
            self.d.tell("common.not_heard", name=who)
            if tries >= self.max_tries:
                return ""


def _clean_name(text: str) -> str:
    """A heard or typed name, tidied: known lead-ins dropped, words capitalised."""
    words = [w for w in re.split(r"[^\w'-]+", text) if w]
    lowered = [w.lower() for w in words]
    for lead in (["my", "name", "is"], ["my", "name's"], ["i", "am"], ["i'm"], ["it's"],
                 ["call", "me"], ["we", "are"], ["we're"], ["this", "is"], ["it", "is"]):
        if lowered[: len(lead)] == lead and len(words) > len(lead):
            words = words[len(lead):]
            break
    name = " ".join(w if any(c.isupper() for c in w) else w.capitalize() for w in words)
    return name[:MAX_NAME] if re.search(r"[^\W\d_]", name) else ""


def _letters_name(text: str) -> str:
    found = readings(text)
    letters = found[0].letters if found else ""
    return letters.capitalize()


