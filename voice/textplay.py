"""Minimal text-mode Word Up: prompts printed, answers and choices typed.

A stop-gap until the voice dialogue lands: the engine drives, chance comes
from a seeded RNG, questions from :mod:`voice.sample_questions`, and typed
answers are judged by exact match. End of input ends the game cleanly.
"""

from __future__ import annotations

import random
from typing import Any, TextIO

from engine.core import CHANCE, COLOURS, Action, Event
from engine.wordup import WordUpState, new_game, random_action
from engine.wordup_board import CATEGORIES, LEVEL_NAMES
from voice.sample_questions import is_right, question_for


class _EndOfInput(Exception):
    """stdin closed: the players left."""


def play_wordup(players: list[tuple[str, int]], seed: int, inp: TextIO, out: TextIO) -> int:
    """Play one game at the keyboard; returns the exit code (0 when finished or on EOF)."""
    names = [name for name, _ in players]
    state = new_game([level for _, level in players], names=names)
    rng = random.Random(seed)
    say = _Printer(out)
    say(f"Word Up: {', '.join(f'{n} (level {lv})' for n, lv in players)}. Seed {seed}.")
    try:
        while not state.is_over():
            prompt = state.prompt()
            if prompt.actor == CHANCE:
                action = random_action(state, rng)
            elif prompt.kind == "answer":
                action = _ask(state, names, inp, say)
            else:
                label = f"{names[prompt.actor]}, {_QUESTIONS.get(prompt.kind, 'choose')}"
                value = _choose(label, list(prompt.options), names, inp, say)
                action = Action(prompt.kind, prompt.actor, value)
            for event in state.apply(action):
                line = _narrate(event, names)
                if line:
                    say(line)
    except _EndOfInput:
        say("No more input: the game is over without a winner.")
        return 0
    winners = [names[s] for s in state.winners()]
    say(f"{' and '.join(winners)} {'wins' if len(winners) == 1 else 'win jointly'}! "
        f"Tokens: {_scores(state, names)}")
    return 0


class _Printer:
    def __init__(self, out: TextIO) -> None:
        self.out = out

    def __call__(self, line: str) -> None:
        print(line, file=self.out, flush=True)


def _read(inp: TextIO, say: _Printer, ask: str) -> str:
    say(ask)
    line = inp.readline()
    if not line:
        raise _EndOfInput
    return line.strip()


def _ask(state: WordUpState, names: list[str], inp: TextIO, say: _Printer) -> Action:
    prompt = state.prompt()
    info = prompt.info
    question = question_for(info["level"], info["colour"], info["index"])
    say(f"{names[info['reader']]} reads {names[prompt.actor]} a {info['category']} question "
        f"(level {info['level']} {LEVEL_NAMES[info['level']]}, sheet {info['sheet']}, "
        f"question {info['number']}, for {info['stake']} "
        f"token{'s' if info['stake'] > 1 else ''}):")
    typed = _read(inp, say, f"  {question.text}")
    correct = is_right(question, typed)
    say("Right!" if correct else f"Not right. Accepted: {' / '.join(question.answers)}.")
    return Action("answer", prompt.actor, {"correct": correct})


_QUESTIONS = {
    "choose_category": "choose a category",
    "free_or_answer": "take the free token, or answer a question for it and continue if right?",
    "lose_tokens": "choose the two tokens you lose",
    "free_tokens": "choose two free tokens of different colours",
    "exchange": "choose an exchange, or decline and roll again",
    "stop_or_lose": "stop here, or lose one token of any colour and continue?",
}


def _label(option: Any, names: list[str]) -> str:
    if isinstance(option, list):
        return " and ".join(option)
    if isinstance(option, dict):
        return f"give {option['give']} to {names[option['with']]} for {option['take']}"
    if option in CATEGORIES:
        return f"{option} ({CATEGORIES[option]})"
    return str(option)


def _choose(label: str, options: list[Any], names: list[str], inp: TextIO,
            say: _Printer) -> Any:
    labels = [_label(o, names) for o in options]
    menu = "  ".join(f"{i}) {text}" for i, text in enumerate(labels, 1))
    while True:
        typed = _read(inp, say, f"{label}: {menu}").casefold()
        if typed.isdigit() and 1 <= int(typed) <= len(options):
            return options[int(typed) - 1]
        for option, text in zip(options, labels, strict=True):
            if typed in (text.casefold(), str(option).casefold()):
                return option
        say(f"Please type a number from 1 to {len(options)}.")


def _scores(state: WordUpState, names: list[str]) -> str:
    return "; ".join(
        f"{name} " + ", ".join(f"{c} {n}" for c, n in zip(COLOURS, row, strict=True) if n)
        if any(row) else f"{name} none"
        for name, row in zip(names, state.tokens, strict=True)
    )


_CARDS = {
    "any": "answer a question from any category",
    "free_or_answer": "a free {colour} token and stop, or answer for it and continue",
    "lose": "lose a {colour} token and stop",
    "move": "move to the next {colour} square, two tokens if right",
    "exchange": "exchange a token with another player",
    "ask_left": "ask the player on your left",
    "stop_or_lose": "stop, or lose any token and continue",
}


def _narrate(event: Event, names: list[str]) -> str | None:
    d = event.data
    who = names[d["seat"]] if "seat" in d else ""
    kind = event.kind
    if kind == "rolled":
        return f"{who} rolls {d['total']}."
    if kind == "rolloff_tie":
        return f"Tie at {d['total']}: {', '.join(names[s] for s in d['seats'])} roll again."
    if kind == "first_player":
        return f"{who} plays first."
    if kind == "turn_started":
        return f"-- {who}'s turn, from Bonus."
    if kind == "moved":
        colours = "/".join(d.get("colours", []))
        place = d["square"].replace("_", " ") + (f" ({colours})" if colours else "")
        return f"{who} moves to square {d['to']}: {place}."
    if kind == "card_drawn":
        card, _, colour = d["card"].partition(":")
        return f"{who} draws a Word Up card: {_CARDS[card].format(colour=colour)}."
    if kind == "tokens_gained":
        return f"{who} takes {d['count']} {d['colour']} token{'s' if d['count'] > 1 else ''}."
    if kind == "tokens_lost":
        lost = " and ".join(d["colours"]) or "nothing (no tokens)"
        return f"{who} loses {lost}."
    if kind == "exchanged":
        return f"{who} gives {names[d['with']]} a {d['gave']} token for a {d['took']} one."
    if kind == "exchange_impossible":
        return "No exchange is possible; roll again."
    if kind == "turn_ended":
        return f"{who}'s turn ends."
    return None
