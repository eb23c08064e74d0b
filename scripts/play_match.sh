#!/usr/bin/env bash
# Play a long bot match in pieces that survive an interruption (docs/matches/README.md):
#
#   scripts/play_match.sh GAME SEAT=BOT,... FOLDER FIRST LAST [CHUNK]
#
# plays seeds FIRST..LAST of `kurtyna sim GAME --bots SEAT=BOT,...` CHUNK games at a time (default
# 5), one `--json` report per piece in FOLDER (seeds-001-005.json, ...). A piece already there is
# not played again, so running the same command again resumes the match; a piece cut off midway
# leaves only its .part file, which the next run replaces. Several runs of the same command may
# share a match (one per core): each piece is played by the run that takes its lock (flock on
# PIECE.lock, released when that run ends, however it ends), the others go on to the next piece.
# Add the pieces up with scripts/merge_sim_reports.py. KURTYNA (default .venv/bin/kurtyna) is
# the command that plays; each piece is played by one process (--jobs 1).
set -euo pipefail
if (( $# < 5 )); then
  echo "usage: $0 GAME SEAT=BOT,... FOLDER FIRST LAST [CHUNK]" >&2
  exit 2
fi
game=$1 bots=$2 folder=$3 first=$4 last=$5 chunk=${6:-5}
kurtyna=${KURTYNA:-.venv/bin/kurtyna}
mkdir -p "$folder"
for ((seed = first; seed <= last; seed += chunk)); do
  end=$((seed + chunk - 1 < last ? seed + chunk - 1 : last))
  piece=$(printf "%s/seeds-%03d-%03d.json" "$folder" "$seed" "$end")
  [[ -s $piece ]] && continue
  exec {lock}>"$piece.lock"
  if flock --nonblock "$lock" && [[ ! -s $piece ]]; then  # not taken, and not finished meanwhile
    $kurtyna sim "$game" --bots "$bots" --games $((end - seed + 1)) --seed "$seed" --jobs 1 \
      --quiet --json > "$piece.part"
    mv "$piece.part" "$piece"
    rm -f "$piece.lock"
  fi
  exec {lock}>&-
done
