#include "gpu/module_cache.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <thread>

#include "common/hash.h"
#include "gpu/nvrtc_compiler.h"

namespace fft3d {

namespace {

constexpr char kMagic[8] = {'F', 'F', 'T', '3', 'D', 'M', 'O', 'D'};
constexpr unsigned kFormatVersion = 1;

struct EntryHeader {
  char magic[8];
  unsigned version;
  unsigned reserved;
  unsigned long long key_hash;
  unsigned long long size;
  unsigned long long payload_hash;
};

unsigned long long hash_of(const std::string& s) { return Fnv1a().add(s).value(); }

// mkdir -p; false if the directory cannot be made.
bool make_dirs(const std::string& dir) {
  std::string partial;
  for (size_t i = 0; i <= dir.size(); ++i) {
    if (i == dir.size() || (dir[i] == '/' && i > 0)) {
      partial = dir.substr(0, i);
      if (mkdir(partial.c_str(), 0755) != 0 && errno != EEXIST) return false;
    }
  }
  struct stat st{};
  return stat(dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

}  // namespace

std::string module_cache_dir() {
  if (const char* d = std::getenv("FFT3D_CACHE_DIR"); d && *d) return d;
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) return std::string(x) + "/fft3d";
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.cache/fft3d";
  return "";
}

std::string module_cache_key(const std::string& source, const std::string& arch) {
  Fnv1a h;
  h.add(source).add(arch).add(nvrtc_version());
  const unsigned long long headers = embedded_headers_hash();
  h.add(&headers, sizeof headers);
  for (const std::string& o : nvrtc_options(arch)) h.add(o);
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", h.value());
  return hex;
}

bool read_cache_entry(const std::string& path, const std::string& key, std::vector<char>* cubin) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  EntryHeader hdr{};
  if (!in.read(reinterpret_cast<char*>(&hdr), sizeof hdr)) return false;
  if (std::memcmp(hdr.magic, kMagic, sizeof kMagic) != 0 || hdr.version != kFormatVersion ||
      hdr.key_hash != hash_of(key) || hdr.size == 0 || hdr.size > (1ULL << 30))
    return false;
  std::vector<char> data(static_cast<size_t>(hdr.size));
  if (!in.read(data.data(), static_cast<std::streamsize>(data.size()))) return false;
  if (in.peek() != std::ifstream::traits_type::eof()) return false;  // trailing bytes
  if (Fnv1a().add(data.data(), data.size()).value() != hdr.payload_hash) return false;
  *cubin = std::move(data);
  return true;
}

bool write_cache_entry(const std::string& path, const std::string& key, const std::vector<char>& cubin) {
  EntryHeader hdr{};
  std::memcpy(hdr.magic, kMagic, sizeof kMagic);
  hdr.version = kFormatVersion;
  hdr.key_hash = hash_of(key);
  hdr.size = cubin.size();
  hdr.payload_hash = Fnv1a().add(cubin.data(), cubin.size()).value();
  // Unique per process and thread: two threads may cache the same kernel.
  const std::string tmp = path + ".tmp." + std::to_string(getpid()) + "." +
                          std::to_string(std::hash<std::thread::id>{}(std::this_thread::get_id()));
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return false;
    out.write(reinterpret_cast<const char*>(&hdr), sizeof hdr);
    out.write(cubin.data(), static_cast<std::streamsize>(cubin.size()));
    if (!out.flush()) {
      out.close();
      std::remove(tmp.c_str());
      return false;
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    return false;
  }
  return true;
}

std::vector<char> cached_cubin(const std::string& source, const std::string& arch) {
  const std::string dir = module_cache_dir();
  const std::string key = module_cache_key(source, arch);
  const std::string path = dir.empty() ? "" : dir + "/" + key + ".cubin";
  std::vector<char> cubin;
  if (!path.empty() && read_cache_entry(path, key, &cubin)) return cubin;
  cubin = compile_with_nvrtc(source, arch).cubin;
  if (!path.empty() && make_dirs(dir)) write_cache_entry(path, key, cubin);
  return cubin;
}

}  // namespace fft3d
