#!/usr/bin/env bash
# Installs fft3d's build and test dependencies from the system package manager.
# Idempotent: when everything is present it prints nothing and exits 0.
# The CUDA toolkit is not installed here; CMake finds it when present
# (/usr/local/cuda or CUDAToolkit_ROOT) and builds the GPU backend.
set -euo pipefail

# HDF5: the MPI build (h5fft under mpirun reads and writes through MPI-IO);
# Debian installs it beside the serial libhdf5-dev, and CMake prefers it.
packages=(cmake g++ gfortran pkg-config libfftw3-dev libgtest-dev libopenmpi-dev
          openmpi-bin nlohmann-json3-dev libcli11-dev libhdf5-openmpi-dev)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
