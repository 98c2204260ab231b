"""The overlap listener: utterances in the canceller's residual, and the echo gate."""

from __future__ import annotations

import numpy as np
import pytest

from voice.audio.clips import ASR_RATE_HZ
from voice.hearing.asr.base import Alternative, Grammar, Recognition
from voice.hearing.overlap import OverlapListener

R = ASR_RATE_HZ


@pytest.fixture(scope="module")
def speech() -> np.ndarray:
    """Half a second of quiet, "stop please" said by the TTS, a second of quiet (int16)."""
    from voice.speaking.tts import Pyttsx3Speaker
    said = Pyttsx3Speaker().render("stop please").to_rate(R).samples
    return np.concatenate([np.zeros(R // 2, np.int16), said, np.zeros(R, np.int16)])


class Decoder:
    """Stands in for the recognizer: what the listener hands over is what is tested."""

    def __init__(self) -> None:
        self.segments: list[tuple[np.ndarray, Grammar]] = []

    def __call__(self, samples: np.ndarray, grammar: Grammar) -> Recognition:
        self.segments.append((samples, grammar))
        return Recognition((Alternative("stop please"),))


def _feed(listener: OverlapListener, residual: np.ndarray, near: np.ndarray | None) -> list:
    found = []
    for i in range(0, len(residual), 160):
        got = listener.feed(residual[i:i + 160], None if near is None else near[i:i + 160])
        if got is not None:
            found.append(got)
    return found


def test_speech_in_the_residual_is_one_utterance_with_its_times(speech: np.ndarray) -> None:
    decode = Decoder()
    listener = OverlapListener(decode)
    listener.expect(Grammar("yesno", ("yes", "no")))
    found = _feed(listener, speech, speech)  # nothing taken out: a voice the host did not say
    assert len(found) == 1 and len(decode.segments) == 1
    heard = found[0]
    assert heard.recognition.heard == ["stop please"]
    assert 0.3 < heard.start_s < 0.8 < heard.speech_end_s < heard.decided_s
    assert heard.decided_s - heard.speech_end_s < 0.25  # a short trailing silence
    assert decode.segments[0][1].kind == "yesno"


def test_what_the_canceller_explained_is_not_decoded(speech: np.ndarray) -> None:
    decode = Decoder()
    listener = OverlapListener(decode)
    residual = (speech.astype(np.float64) * 0.05).astype(np.int16)  # 26 dB under the mic
    assert _feed(listener, residual, speech) == [] and decode.segments == []
    assert listener.echo_utterances == 1
    listener.reset()
    assert len(_feed(listener, residual, None)) == 1  # no microphone to compare: decoded


def test_an_utterance_the_canceller_took_most_of_is_not_decoded(speech: np.ndarray) -> None:
    """The host's echo with its residual 11 dB under the microphone was heard as "go" and
    stopped the host; a player over the echo leaves 7.6 dB or less taken out."""
    decode = Decoder()
    listener = OverlapListener(decode)
    residual = (speech.astype(np.float64) * 10 ** (-11 / 20)).astype(np.int16)
    assert _feed(listener, residual, speech) == [] and listener.echo_utterances == 1
    listener.reset()
    player = (speech.astype(np.float64) * 10 ** (-7 / 20)).astype(np.int16)
    assert len(_feed(listener, player, speech)) == 1
