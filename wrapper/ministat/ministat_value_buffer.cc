#include "wrapper/ministat/ministat_value_buffer.h"

#include <sys/mman.h>

#include <new>
#include <utility>

namespace timeit {
namespace {

/// 512 KiB to start: small sets stay cheap, big ones double a few times.
constexpr std::size_t kInitialCapacity = std::size_t{1} << 16;

}  // namespace

ValueBuffer::~ValueBuffer() { Release(); }

ValueBuffer::ValueBuffer(ValueBuffer&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      capacity_(std::exchange(other.capacity_, 0)) {}

ValueBuffer& ValueBuffer::operator=(ValueBuffer&& other) noexcept {
  if (this != &other) {
    Release();
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    capacity_ = std::exchange(other.capacity_, 0);
  }
  return *this;
}

void ValueBuffer::Release() {
  if (data_ != nullptr) ::munmap(data_, capacity_ * sizeof(double));
  data_ = nullptr;
  size_ = capacity_ = 0;
}

void ValueBuffer::Grow() {
  void* p;
  std::size_t capacity;
  if (data_ == nullptr) {
    capacity = kInitialCapacity;
    p = ::mmap(nullptr, capacity * sizeof(double), PROT_READ | PROT_WRITE,
               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  } else {
    capacity = capacity_ * 2;
    p = ::mremap(data_, capacity_ * sizeof(double), capacity * sizeof(double), MREMAP_MAYMOVE);
  }
  if (p == MAP_FAILED) throw std::bad_alloc();
  data_ = static_cast<double*>(p);
  capacity_ = capacity;
}

}  // namespace timeit
