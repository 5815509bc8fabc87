// On-disk cache of NVRTC-compiled kernels, so that a second run starts
// without compiling. An entry is keyed by a hash of the kernel source, the
// embedded headers, the compile options, the GPU architecture and the NVRTC
// version; it carries its own size and checksum, and an entry that fails any
// check is recompiled and rewritten, never trusted. Writes go to a temporary
// file that is renamed into place, so concurrent processes never see a torn
// entry. The cache is an optimisation: if it cannot be written, compiling
// still succeeds.
#pragma once
#include <string>
#include <vector>

namespace fft3d {

// FFT3D_CACHE_DIR if set, else $XDG_CACHE_HOME/fft3d, else ~/.cache/fft3d;
// "" when none of these can be determined (caching off).
std::string module_cache_dir();

// The cache key (a hex string) of a kernel source for an architecture.
std::string module_cache_key(const std::string& source, const std::string& arch);

// Reads the entry at path; false if it is missing, truncated, for another
// key, or its checksum does not match.
bool read_cache_entry(const std::string& path, const std::string& key, std::vector<char>* cubin);
// Writes the entry atomically; returns false (and leaves no partial file) on
// any I/O failure.
bool write_cache_entry(const std::string& path, const std::string& key, const std::vector<char>& cubin);

// The CUBIN of source for arch: from the cache when a valid entry exists,
// otherwise compiled with NVRTC and stored.
std::vector<char> cached_cubin(const std::string& source, const std::string& arch);

}  // namespace fft3d
