#!/usr/bin/env bash
# The own-stride column entries of shipped cubes against the shared one, in
# the whole plan (docs/TUNING.md, "Shipped wisdom"). The tuner writes each
# column pass's best alone under its stride, which a plan takes over the
# length's shared stride-0 entry; in the whole plan the shared one can run
# faster (the H200's R2C f32 300^3: inverse 3 %). For each cube of the list
# whose Y or Z stride holds an entry other than the shared one
# (scripts/builtin_wisdom.py --own-columns), A/B the plan as FILE builds it
# against the shared entry forced on Y and Z (scripts/variant-ab.sh
# columns:NAME); where the shared one wins by the shipping rule
# (scripts/wisdom_ab_pick.py), drop the cube's own entries from FILE
# (--drop-columns). BUILD must embed FILE as it is (built after FILE was
# written); rebuild after a drop. Paths are relative to the repository.
#   [TYPE=c2c|r2c] [ROUNDS=2] scripts/own-columns-check.sh BUILD FILE PRECISION CUBES LOG
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
[[ $# -eq 5 ]] || { sed -n '2,14p' "$0" >&2; exit 2; }
build=$1 file=$2 precision=$3 cubes=$4 log=$5
type=${TYPE:-c2c}
tag=$precision
[[ $type == r2c ]] && tag=r2c-$precision
lines=$(scripts/builtin_wisdom.py --own-columns "$file" "$tag" "$cubes") || exit 1
: >"$log"
if [[ -z $lines ]]; then
  echo "own-columns-check $tag: no cube of $cubes has own column entries other than the shared one" | tee -a "$log"
  exit 0
fi
while read -r n shared specs; do
  TYPE=$type scripts/variant-ab.sh "$build" "$n" "$precision" "columns:$shared" </dev/null >>"$log" 2>&1 ||
    { echo "own-columns-check: the A/B of $n^3 failed: see $log" >&2; exit 1; }
done <<<"$lines"
# Cubes where the shared entry (the "tuned" form here) beat the file's plan.
picked=$(scripts/wisdom_ab_pick.py --tuned columns: --baseline estimate "$log" | tee -a "$log" |
  grep "^$tag=" || true)
drops=()
IFS=, read -ra won <<<"${picked#*=}"
for n in "${won[@]}"; do
  read -ra specs <<<"$(awk -v n="$n" '$1 == n { $1 = $2 = ""; print }' <<<"$lines")"
  drops+=("${specs[@]}")
done
if [[ ${#drops[@]} -gt 0 ]]; then
  scripts/builtin_wisdom.py --drop-columns "$file" "${drops[@]}" | tee -a "$log"
else
  echo "own-columns-check $tag: every cube's own entries held" | tee -a "$log"
fi
