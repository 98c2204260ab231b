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


def test_an_utterance_is_decoded_while_its_trailing_silence_passes(speech: np.ndarray) -> None:
    """The host stops sooner: the decode starts at early_s of silence, not at the end."""
    from voice.hearing.overlap import OVERLAP_POLICY

    listener: OverlapListener
    at: list[float] = []

    class Timed(Decoder):
        def __call__(self, samples: np.ndarray, grammar: Grammar) -> Recognition:
            at.append(listener.now_s)
            return super().__call__(samples, grammar)

    decode = Timed()
    listener = OverlapListener(decode)
    found = _feed(listener, speech, speech)
    assert len(found) == 1 and len(at) == 1
    heard = found[0]
    assert at[0] < heard.decided_s
    assert at[0] - heard.speech_end_s < OVERLAP_POLICY.trailing_silence_s


def test_an_early_decode_the_player_talked_on_after_is_dropped() -> None:
    from voice.speaking.tts import Pyttsx3Speaker

    tts = Pyttsx3Speaker()

    def said(word: str) -> np.ndarray:  # the word without the TTS's silence around it
        x = tts.render(word).to_rate(R).samples
        loud = np.nonzero(np.abs(x) > 300)[0]
        return x[loud[0]:loud[-1] + 1]

    one, two = said("stop"), said("please")
    gap = np.zeros(int(0.12 * R), np.int16)  # over early_s, under the trailing silence
    audio = np.concatenate([np.zeros(R // 2, np.int16), one, gap, two, np.zeros(R, np.int16)])
    decode = Decoder()
    listener = OverlapListener(decode)
    found = _feed(listener, audio, audio)
    assert len(found) == 1
    assert len(decode.segments) >= 2  # "stop" heard early, then dropped
    assert len(decode.segments[-1][0]) / R > (len(one) + len(two)) / R  # both words
