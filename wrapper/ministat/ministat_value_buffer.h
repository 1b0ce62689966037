#pragma once

#include <cstddef>
#include <span>

namespace timeit {

/// A growable array of doubles whose memory is what it holds: 8 bytes per
/// value plus at most one partly filled page.
///
/// std::vector doubles by allocate-copy-free, so while a 5,000,000-value
/// set grows from 4 to 8 million slots it briefly has both copies (96 MB)
/// resident. Here the array lives in its own anonymous mapping and grows
/// with mremap(2), which moves page tables instead of bytes; slots never
/// written are never faulted in, so the unused half of the capacity costs
/// address space, not memory.
class ValueBuffer {
 public:
  ValueBuffer() = default;
  ~ValueBuffer();
  ValueBuffer(const ValueBuffer&) = delete;
  ValueBuffer& operator=(const ValueBuffer&) = delete;
  ValueBuffer(ValueBuffer&& other) noexcept;
  ValueBuffer& operator=(ValueBuffer&& other) noexcept;

  /// Appends `v`; throws std::bad_alloc when the mapping cannot grow.
  void Append(double v) {
    if (size_ == capacity_) Grow();
    data_[size_++] = v;
  }

  std::size_t size() const { return size_; }
  std::span<double> values() { return {data_, size_}; }
  std::span<const double> values() const { return {data_, size_}; }

 private:
  void Grow();
  void Release();

  double* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace timeit
