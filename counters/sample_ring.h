#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace timeit::counters {

/// One perf_event ring buffer (the metadata page and 2^k data pages) mapped
/// from a sampling event's fd, read as perf record reads it: the kernel
/// writes at data_head, we read up to it and move data_tail behind us.
/// Move-only; unmapped in the destructor.
class SampleRing {
 public:
  SampleRing() = default;
  SampleRing(const SampleRing&) = delete;
  SampleRing& operator=(const SampleRing&) = delete;
  SampleRing(SampleRing&& other) noexcept;
  SampleRing& operator=(SampleRing&& other) noexcept;
  ~SampleRing();

  /// Maps `data_pages` (a power of two) of `fd`'s buffer. Returns 0 or errno
  /// (EPERM past perf_event_mlock_kb, ENOMEM).
  int Map(int fd, std::size_t data_pages);
  bool mapped() const { return base_ != nullptr; }
  std::size_t data_bytes() const { return data_size_; }

  /// Appends every whole record in the buffer to `out` (a record that wraps
  /// round the end comes out in one piece) and gives the space back to the
  /// kernel. Records keep their 8-byte alignment in `out`. Returns the bytes
  /// appended.
  std::size_t Drain(std::vector<std::byte>& out);

 private:
  void Unmap();

  void* base_ = nullptr;
  std::size_t map_size_ = 0;
  std::size_t data_size_ = 0;
  std::byte* data_ = nullptr;
};

/// The data pages (a power of two, 2..128) for `bytes_per_second` of records:
/// about a second's worth, so that a reader woken at half full (the
/// watermark) has half a second to drain it before the kernel drops samples.
std::size_t RingPagesFor(double bytes_per_second, std::size_t page_size);

}  // namespace timeit::counters
