#include "tune/wisdom.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "common/error.h"
#include "fft3d/pass_order.h"
#include "tune/plan_source_choice.h"
#include "tune/side_planes_choice.h"

namespace fft3d {

namespace {

using nlohmann::json;

constexpr int kFormat = 1;

bool is_side_planes_kind(const std::string& kind) {
  return kind == "side-planes" || kind == "side-planes-real" || kind == "side-planes-real-inverse";
}

// Kinds keyed by a whole grid (ny and planes in the key), not by one pass.
bool is_grid_kind(const std::string& kind) {
  return kind == "xy-plane" || kind == "pass-order" || kind == "xy-real-forward" || kind == "xy-real-inverse" ||
         kind == "dependent-launch" || kind == "dependent-launch-real" || is_side_planes_kind(kind) ||
         kind == "plan-source" || kind == "plan-source-real";
}

json to_json(const WisdomEntry& e) {
  json pass{{"kind", e.pass.kind},
            {"n", e.pass.n},
            {"precision", precision_name(e.pass.precision)},
            {"stride", e.pass.stride}};
  if (is_grid_kind(e.pass.kind)) {
    pass["ny"] = e.pass.ny;
    pass["planes"] = e.pass.planes;
  }
  return json{{"device",
               {{"name", e.device.name},
                {"sm_count", e.device.sm_count},
                {"compute_capability", std::to_string(e.device.cc_major) + "." + std::to_string(e.device.cc_minor)},
                {"driver", e.device.driver},
                {"runtime", e.device.runtime}}},
              {"pass", pass},
              {"variant", e.variant},
              {"ms", e.ms}};
}

WisdomEntry from_json(const json& j) {
  WisdomEntry e;
  const json& d = j.at("device");
  e.device.name = d.at("name").get<std::string>();
  e.device.sm_count = d.at("sm_count").get<int>();
  const std::string cc = d.at("compute_capability").get<std::string>();
  if (std::sscanf(cc.c_str(), "%d.%d", &e.device.cc_major, &e.device.cc_minor) != 2)
    throw std::invalid_argument("compute_capability '" + cc + "' is not major.minor");
  e.device.driver = d.at("driver").get<int>();
  e.device.runtime = d.at("runtime").get<int>();
  const json& p = j.at("pass");
  e.pass.kind = p.at("kind").get<std::string>();
  if (e.pass.kind != "rows" && e.pass.kind != "columns" && e.pass.kind != "five-step" &&
      e.pass.kind != "real-rows" && e.pass.kind != "real-rows-inverse" && !is_grid_kind(e.pass.kind))
    throw std::invalid_argument("pass kind '" + e.pass.kind +
                                "' is not rows, real-rows, real-rows-inverse, columns, five-step, xy-plane, "
                                "xy-real-forward, xy-real-inverse, pass-order, dependent-launch, "
                                "dependent-launch-real, side-planes, side-planes-real, side-planes-real-inverse, "
                                "plan-source or plan-source-real");
  e.pass.n = p.at("n").get<int>();
  const std::string prec = p.at("precision").get<std::string>();
  if (prec != "f32" && prec != "f64") throw std::invalid_argument("precision '" + prec + "'");
  e.pass.precision = prec == "f32" ? Precision::f32 : Precision::f64;
  e.pass.stride = p.value("stride", 0LL);  // absent in files written before strides were kept
  if (e.pass.stride < 0) throw std::invalid_argument("negative stride");
  if (is_grid_kind(e.pass.kind)) {
    e.pass.ny = p.at("ny").get<int>();
    e.pass.planes = p.at("planes").get<long long>();
    if (e.pass.ny < 1 || e.pass.planes < 1) throw std::invalid_argument(e.pass.kind + " without ny and planes");
  }
  e.variant = j.at("variant").get<std::string>();
  if (e.pass.kind == "pass-order" && !parse_pass_order(e.variant))
    throw std::invalid_argument("pass order '" + e.variant + "' is not in-order or alternating");
  if ((e.pass.kind == "dependent-launch" || e.pass.kind == "dependent-launch-real") && e.variant != "on" &&
      e.variant != "off")
    throw std::invalid_argument("dependent launch '" + e.variant + "' is not on or off");
  if (is_side_planes_kind(e.pass.kind) && !parse_side_planes(e.variant))
    throw std::invalid_argument("side planes '" + e.variant + "' is not a count");
  if ((e.pass.kind == "plan-source" || e.pass.kind == "plan-source-real") && !parse_plan_source(e.variant))
    throw std::invalid_argument("plan source '" + e.variant + "' is not tuned or estimate");
  e.ms = j.value("ms", 0.0);
  return e;
}

void upsert(std::vector<WisdomEntry>& entries, const WisdomEntry& e) {
  for (WisdomEntry& old : entries)
    if (old.device == e.device && old.pass == e.pass) {
      old = e;
      return;
    }
  entries.push_back(e);
}

}  // namespace

bool DeviceSignature::operator==(const DeviceSignature& o) const {
  return name == o.name && sm_count == o.sm_count && cc_major == o.cc_major && cc_minor == o.cc_minor &&
         driver == o.driver && runtime == o.runtime;
}

bool PassKey::operator==(const PassKey& o) const {
  return kind == o.kind && n == o.n && precision == o.precision && stride == o.stride && ny == o.ny &&
         planes == o.planes;
}

void Wisdom::remember(const WisdomEntry& entry) {
  std::lock_guard<std::mutex> lock(mutex_);
  upsert(entries_, entry);
}

std::optional<std::string> Wisdom::lookup(const DeviceSignature& device, const PassKey& pass) const {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const WisdomEntry& e : entries_)
    if (e.device == device && e.pass == pass) return e.variant;
  return std::nullopt;
}

void Wisdom::erase(const DeviceSignature& device, const PassKey& pass) {
  std::lock_guard<std::mutex> lock(mutex_);
  entries_.erase(std::remove_if(entries_.begin(), entries_.end(),
                                [&](const WisdomEntry& e) { return e.device == device && e.pass == pass; }),
                 entries_.end());
}

void Wisdom::forget() {
  std::lock_guard<std::mutex> lock(mutex_);
  entries_.clear();
}

size_t Wisdom::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return entries_.size();
}

std::vector<WisdomEntry> Wisdom::entries() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return entries_;
}

void Wisdom::import_json(const std::string& text) {
  std::vector<WisdomEntry> parsed;
  try {
    const json j = json::parse(text);
    if (j.value("fft3d_wisdom", 0) != kFormat)
      throw std::invalid_argument("not fft3d wisdom of format " + std::to_string(kFormat));
    for (const json& e : j.at("entries")) parsed.push_back(from_json(e));
  } catch (const std::exception& e) {
    fail(FFT3D_ERROR_WISDOM, std::string("wisdom rejected, nothing imported: ") + e.what());
  }
  std::lock_guard<std::mutex> lock(mutex_);
  for (const WisdomEntry& e : parsed) upsert(entries_, e);
}

std::string Wisdom::export_json() const {
  json entries = json::array();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const WisdomEntry& e : entries_) entries.push_back(to_json(e));
  }
  return json{{"fft3d_wisdom", kFormat}, {"entries", entries}}.dump(2) + "\n";
}

void Wisdom::import_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(FFT3D_ERROR_WISDOM, "cannot read wisdom file '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  import_json(text.str());
}

void Wisdom::export_file(const std::string& path) const {
  const std::string text = export_json();
  static std::atomic<int> counter{0};
  const std::string tmp = path + ".tmp." + std::to_string(getpid()) + "." + std::to_string(++counter);
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out || !out.write(text.data(), static_cast<std::streamsize>(text.size())) || !out.flush()) {
      std::remove(tmp.c_str());
      fail(FFT3D_ERROR_WISDOM, "cannot write wisdom file '" + path + "'");
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    fail(FFT3D_ERROR_WISDOM, "cannot replace wisdom file '" + path + "'");
  }
}

Wisdom& process_wisdom() {
  static Wisdom wisdom;
  static std::once_flag once;
  std::call_once(once, [] {
    if (const char* path = std::getenv("FFT3D_WISDOM"); path && *path) {
      try {
        wisdom.import_file(path);
      } catch (const Error&) {
        // A missing or bad file is no wisdom: plans fall back to ESTIMATE.
      }
    }
  });
  return wisdom;
}

}  // namespace fft3d
