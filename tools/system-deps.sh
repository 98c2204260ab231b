#!/usr/bin/env bash
# Installs the system packages tabletop-voice needs, only when missing.
# Debian/Ubuntu: apt-get as root. Elsewhere: a clear message naming them.
set -eu
need_cmds=("espeak-ng:espeak-ng" "pulseaudio:pulseaudio")
# paplay: a player's voice from outside the game, in the null-sink test of talking over the host.
need_cmds+=("paplay:pulseaudio-utils")
need_libs=("libportaudio.so.2:libportaudio2")
# The echo canceller that lets players talk over the host (voice/audio/echo.py).
need_libs+=("libspeexdsp.so.1:libspeexdsp1")
need_files=("/usr/share/dict/american-english:wamerican" "/usr/share/dict/british-english:wbritish")
# WordNet 3.0: the validator checks shipped learners' definitions against it.
need_files+=("/usr/share/wordnet/data.noun:wordnet-base")
# PortAudio reaches PulseAudio through ALSA's "pulse" device (the null-sink audio tests).
need_globs=("/usr/lib/*/alsa-lib/libasound_module_pcm_pulse.so:libasound2-plugins")
missing=()
for pair in "${need_cmds[@]}"; do
  command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair##*:}")
done
for pair in "${need_libs[@]}"; do
  ldconfig -p 2>/dev/null | grep -q "${pair%%:*}" || missing+=("${pair##*:}")
done
for pair in "${need_files[@]}"; do
  [ -e "${pair%%:*}" ] || missing+=("${pair##*:}")
done
for pair in "${need_globs[@]}"; do
  compgen -G "${pair%%:*}" >/dev/null || missing+=("${pair##*:}")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if command -v apt-get >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ]; then
    echo "installing system packages: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    exit 0
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    exit 0
  fi
  echo "error: missing system packages: ${missing[*]}; run: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
echo "error: missing system packages: ${missing[*]} (see README.md for macOS/Windows)" >&2
exit 1
