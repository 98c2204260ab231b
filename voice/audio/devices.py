"""Sound devices through sounddevice (PortAudio), and the gate that keeps the mic deaf.

Shared by hearing (the microphone) and speaking (the speaker): device choice
for ``--input``/``--output`` and ``tabletop devices``, and the :class:`MicGate`
the speaker closes while the app talks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from voice.audio.clips import AudioError


@dataclass
class MicGate:
    """Keeps the microphone deaf while the app speaks and for a short tail after.

    Without it the recognizer hears the app's own voice from the speakers (as
    Pipecat's "mute while the bot speaks" strategies avoid). Times are passed in
    (seconds on any monotonic clock) so the policy is testable without sleeping.
    """

    tail_s: float = 0.3
    """Extra deaf time after speech ends, for room echo (seconds)."""
    _speaking: int = 0
    _open_at: float = 0.0

    def speech_started(self) -> None:
        self._speaking += 1

    def speech_ended(self, now_s: float) -> None:
        self._speaking = max(0, self._speaking - 1)
        self._open_at = max(self._open_at, now_s + self.tail_s)

    def is_open(self, now_s: float) -> bool:
        return self._speaking == 0 and now_s >= self._open_at


def sounddevice_module() -> Any:
    """sounddevice, or a one-line error when PortAudio is missing."""
    try:
        import sounddevice
    except OSError as exc:  # PortAudio library not found
        raise AudioError(f"no sound system: {exc}; install PortAudio "
                         "(Debian: apt-get install libportaudio2) or use --asr text") from None
    quiet_alsa()
    return sounddevice


_ALSA_HANDLER: Any = None


def quiet_alsa() -> None:
    """Keep ALSA's own messages ("ALSA lib pcm.c:8570:(snd_pcm_recover) underrun
    occurred") off the terminal, where the players read the transcript.

    libasound prints them to stderr through a handler it lets a program replace;
    this one drops them. Without libasound (no ALSA) there is nothing to quiet.
    """
    global _ALSA_HANDLER
    if _ALSA_HANDLER is not None:
        return
    import ctypes
    import ctypes.util

    name = ctypes.util.find_library("asound")
    if name is None:
        _ALSA_HANDLER = False
        return
    try:
        lib = ctypes.CDLL(name)
    except OSError:
        _ALSA_HANDLER = False
        return
    # void handler(const char *file, int line, const char *function, int err, const char *fmt, ...)
    kind = ctypes.CFUNCTYPE(None, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_int,
                            ctypes.c_char_p)
    _ALSA_HANDLER = kind(lambda *_: None)  # kept: libasound calls it for the process's life
    lib.snd_lib_error_set_handler(_ALSA_HANDLER)


@dataclass(frozen=True)
class Device:
    """One sound device as PortAudio sees it."""

    index: int
    name: str
    hostapi: str
    inputs: int
    """Input channels (0 = cannot record)."""
    outputs: int
    """Output channels (0 = cannot play)."""
    default_rate_hz: float
    """The device's preferred sample rate (Hertz)."""
    default_input: bool
    default_output: bool


def rescan_devices() -> None:
    """Make PortAudio look for devices again (it lists them once, when first loaded).

    Needed when a sound server starts after the app did; never call it while a
    stream is open.
    """
    sd = sounddevice_module()
    sd._terminate()
    sd._initialize()


def list_devices() -> list[Device]:
    sd = sounddevice_module()
    apis = [a["name"] for a in sd.query_hostapis()]
    d_in, d_out = sd.default.device
    out = []
    for i, d in enumerate(sd.query_devices()):
        out.append(Device(i, d["name"], apis[d["hostapi"]], d["max_input_channels"],
                          d["max_output_channels"], d["default_samplerate"],
                          i == d_in, i == d_out))
    return out


def find_device(spec: str | int | None, kind: str, devices: list[Device] | None = None) -> int:
    """The device index for ``--input``/``--output`` (name, part of a name, or index).

    ``None`` takes the system default. ``kind`` is "input" or "output". No
    device of that kind is a one-line :class:`AudioError`, which is what lets
    ``--asr auto`` fall back to text mode.
    """
    devs = list_devices() if devices is None else devices
    usable = [d for d in devs if (d.inputs if kind == "input" else d.outputs) > 0]
    if not usable:
        raise AudioError(f"no {kind} device found; plug one in, check `tabletop devices`, "
                         "or play in text mode (--asr text)")
    if spec is None or spec == "":
        for d in usable:
            if d.default_input if kind == "input" else d.default_output:
                return d.index
        return usable[0].index
    names = ", ".join(f"{d.index}: {d.name}" for d in usable)
    if isinstance(spec, int) or str(spec).isdigit():
        idx = int(spec)
        if any(d.index == idx for d in usable):
            return idx
        raise AudioError(f"no {kind} device with index {idx}; {kind} devices: {names}")
    exact = [d for d in usable if d.name.lower() == str(spec).lower()]
    part = exact or [d for d in usable if str(spec).lower() in d.name.lower()]
    if len(part) == 1:
        return part[0].index
    if not part:
        raise AudioError(f"no {kind} device named {spec!r}; {kind} devices: {names}")
    raise AudioError(f"{spec!r} matches several {kind} devices ({', '.join(d.name for d in part)});"
                     " give the index")
