#!/usr/bin/env bash
# fft3d-bench --mpi end to end on the CPU backend with tiny grids, read the
# way scripts/mpi-scaling.sh reads it: every promised row once per run (so
# only rank 0 printed), one csv line of the documented columns per run, the
# same rows in the --csv file under its header, and a round-trip error within
# what the precision allows (a wrong transform is off by O(1)).
#   check_mpi_bench.sh RANKS COMMAND...
# COMMAND runs fft3d-bench on RANKS ranks: "mpiexec -n 2 .../fft3d-bench", or
# the bench alone for a one-rank MPI singleton.
set -euo pipefail
ranks=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() {
  echo "FAIL: $*"
  echo "--- output of: ${cmd[*]}"
  cat "$work/out.txt"
  exit 1
}

run_bench() {  # OPTIONS...: must exit 0; the output goes to $work/out.txt
  cmd=("${launch[@]}" --mpi --backend cpu --repeats 2 "$@")
  "${cmd[@]}" >"$work/out.txt" 2>&1 || fail "exit status $?"
}

expect_rows() {  # RUNS: each row of the report once per run
  local pattern n
  for pattern in \
      '^fft3d MPI plan: 3-D ' \
      "^ranks $ranks, plan [0-9.]+ s, 2 timed forwards after [0-9]+ warm-up\$" \
      '^forward +[0-9.]+ ms  \([0-9.]+ GFLOP/s\)$' \
      '^  local +[0-9.]+ ms$' \
      '^  pack +[0-9.]+ ms$' \
      '^  exchange +[0-9.]+ ms  \([0-9.]+ GB/s per rank, [0-9]+ bytes sent\)$' \
      '^MPI_Alltoall of [0-9]+ bytes per rank on host memory: [0-9.]+ ms' \
      '^round-trip relative L2 error after [0-9]+ round trips: ' \
      '^csv,'; do
    n=$(grep -cE "$pattern" "$work/out.txt" || true)
    [ "$n" -eq "$1" ] || fail "$n lines match '$pattern', expected $1"
  done
}

expect_csv() {  # NX,NY,NZ PIPELINE TYPE:ERROR_BOUND...: the csv lines, one per run, in order
  local grid=$1 pipeline=$2
  shift 2
  grep '^csv,' "$work/out.txt" | awk -F, -v grid="$grid" -v ranks="$ranks" -v pipeline="$pipeline" -v expected="$*" '
    function bad(what) { print "FAIL: csv line " NR ": " what ": " $0; failed = 1; exit 1 }
    BEGIN { runs = split(expected, want_run, " ") }
    {
      split(want_run[NR], want, ":")
      if (NF != 15) bad("has " NF - 1 " columns, not 14")
      if ($2 "," $3 "," $4 != grid) bad("the grid is not " grid)
      if ($5 != want[1]) bad("the type is not " want[1])
      if ($6 != ranks || $7 != "cpu") bad("not " ranks " ranks on the cpu backend")
      if (!($8 > 0) || $9 < 0 || $10 < 0 || $11 < 0 || $13 < 0) bad("a negative or zero time")
      if ((ranks > 1) != ($12 > 0)) bad("bytes sent to other ranks")
      if (!($14 >= 0 && $14 < want[2])) bad("round-trip error not below " want[2])
      if ($15 != pipeline) bad("pipeline_chunks is not " pipeline)
    }
    END { if (!failed && NR != runs) { print "FAIL: " NR " csv lines, expected " runs; exit 1 } }' ||
    fail "csv lines"
}

launch=("$@")
header=nx,ny,nz,type,ranks,backend,forward_ms,local_ms,pack_ms,exchange_ms,bytes_sent_per_rank,alltoall_ms,round_trip_error,pipeline_chunks

# Strong scaling, both precisions, with the CSV file.
run_bench --sizes 24 --precision both --csv "$work/rows.csv"
expect_rows 2
expect_csv 24,24,24 0 c2c-f32:1e-5 c2c-f64:1e-12
{ echo "$header"; grep '^csv,' "$work/out.txt" | sed 's/^csv,//'; } | diff - "$work/rows.csv" ||
  fail "the --csv file differs from the csv lines"

# Weak scaling (NZ per rank), real, pencil, transposed output, pipelined
# reshapes: the options reach the plan.
run_bench --sizes 24 --weak --type r2c --precision f64 --decomposition pencil --transposed --warmup 1 --pipeline 3
expect_rows 1
grep -q '^fft3d MPI plan: .* pencil' "$work/out.txt" || fail "not a pencil plan"
grep -q '^  output: transposed' "$work/out.txt" || fail "not transposed output"
if [ "$ranks" -gt 1 ]; then
  grep -q '^  pipeline: on (pipeline_chunks 3' "$work/out.txt" || fail "reshapes not pipelined"
  grep -q 'pipelined: [0-9]* pieces (3 per peer)' "$work/out.txt" || fail "no pipelined reshape"
fi
expect_csv "24,24,$((24 * ranks))" 3 r2c-f64:1e-12
echo "fft3d-bench --mpi on $ranks rank(s): OK"
