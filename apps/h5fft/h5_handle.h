// RAII for HDF5 identifiers: each kind closed by its own function, exactly
// once, on every path out (errors included).
#pragma once
#include <hdf5.h>

#include <utility>

namespace h5fft {

class H5Handle {
 public:
  using Closer = herr_t (*)(hid_t);
  H5Handle() = default;
  H5Handle(hid_t id, Closer close) : id_(id), close_(close) {}
  ~H5Handle() { reset(); }
  H5Handle(H5Handle&& o) noexcept : id_(std::exchange(o.id_, H5I_INVALID_HID)), close_(o.close_) {}
  H5Handle& operator=(H5Handle&& o) noexcept {
    if (this != &o) {
      reset();
      id_ = std::exchange(o.id_, H5I_INVALID_HID);
      close_ = o.close_;
    }
    return *this;
  }
  H5Handle(const H5Handle&) = delete;
  H5Handle& operator=(const H5Handle&) = delete;

  hid_t get() const { return id_; }
  bool valid() const { return id_ >= 0; }
  // Closes now and reports whether the close succeeded (a file's close is
  // where buffered data reaches the disk, so its result matters).
  bool close() {
    if (!valid()) return true;
    const herr_t r = close_(std::exchange(id_, H5I_INVALID_HID));
    return r >= 0;
  }

 private:
  void reset() {
    if (valid()) close_(std::exchange(id_, H5I_INVALID_HID));
  }
  hid_t id_ = H5I_INVALID_HID;
  Closer close_ = nullptr;
};

inline H5Handle file_handle(hid_t id) { return H5Handle(id, H5Fclose); }
inline H5Handle dataset_handle(hid_t id) { return H5Handle(id, H5Dclose); }
inline H5Handle space_handle(hid_t id) { return H5Handle(id, H5Sclose); }
inline H5Handle type_handle(hid_t id) { return H5Handle(id, H5Tclose); }
inline H5Handle attribute_handle(hid_t id) { return H5Handle(id, H5Aclose); }
inline H5Handle plist_handle(hid_t id) { return H5Handle(id, H5Pclose); }
inline H5Handle object_handle(hid_t id) { return H5Handle(id, H5Oclose); }

// HDF5 prints its error stack to stderr by default; h5fft reports errors
// itself, once, in words.
inline void silence_hdf5_errors() { H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr); }

}  // namespace h5fft
