#include "counters/sample_ring.h"

#include <linux/perf_event.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace timeit::counters {

SampleRing::SampleRing(SampleRing&& other) noexcept
    : base_(std::exchange(other.base_, nullptr)),
      map_size_(std::exchange(other.map_size_, 0)),
      data_size_(std::exchange(other.data_size_, 0)),
      data_(std::exchange(other.data_, nullptr)) {}

SampleRing& SampleRing::operator=(SampleRing&& other) noexcept {
  if (this != &other) {
    Unmap();
    base_ = std::exchange(other.base_, nullptr);
    map_size_ = std::exchange(other.map_size_, 0);
    data_size_ = std::exchange(other.data_size_, 0);
    data_ = std::exchange(other.data_, nullptr);
  }
  return *this;
}

SampleRing::~SampleRing() { Unmap(); }

void SampleRing::Unmap() {
  if (base_ != nullptr) ::munmap(base_, map_size_);
  base_ = nullptr;
  data_ = nullptr;
  map_size_ = data_size_ = 0;
}

int SampleRing::Map(int fd, std::size_t data_pages) {
  Unmap();
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  const std::size_t size = (data_pages + 1) * page;
  void* base = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (base == MAP_FAILED) return errno;
  base_ = base;
  map_size_ = size;
  data_size_ = data_pages * page;
  data_ = static_cast<std::byte*>(base) + page;
  return 0;
}

std::size_t SampleRing::Drain(std::vector<std::byte>& out) {
  if (base_ == nullptr) return 0;
  auto* meta = static_cast<perf_event_mmap_page*>(base_);
  // Acquire: the records before data_head are complete once we see it.
  const std::uint64_t head = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
  const std::uint64_t tail = meta->data_tail;
  std::size_t appended = 0;
  std::uint64_t at = tail;
  const std::uint64_t mask = data_size_ - 1;
  while (at < head) {
    perf_event_header h{};
    const std::size_t offset = static_cast<std::size_t>(at & mask);
    // The header itself may wrap (8 bytes, aligned: it never does, but the
    // copy below is written for any split).
    for (std::size_t i = 0; i < sizeof h; ++i)
      reinterpret_cast<std::byte*>(&h)[i] = data_[(offset + i) & mask];
    if (h.size < sizeof h || at + h.size > head) break;  // torn: never expected
    const std::size_t start = out.size();
    out.resize(start + h.size);
    const std::size_t first = std::min<std::size_t>(h.size, data_size_ - offset);
    std::memcpy(out.data() + start, data_ + offset, first);
    std::memcpy(out.data() + start + first, data_, h.size - first);
    appended += h.size;
    at += h.size;
  }
  // Release: our reads are done before the kernel may overwrite the space.
  __atomic_store_n(&meta->data_tail, at, __ATOMIC_RELEASE);
  return appended;
}

std::size_t RingPagesFor(double bytes_per_second, std::size_t page_size) {
  std::size_t pages = 2;
  while (pages < 128 && static_cast<double>(pages * page_size) < bytes_per_second) pages *= 2;
  return pages;
}

}  // namespace timeit::counters
