#include "counters/perf_records.h"

#include <linux/perf_event.h>

#include <cstring>

namespace timeit::counters {
namespace {

/// The sample_id trailer of a non-sample record (sample_id_all with TID |
/// TIME): pid, tid, time.
constexpr std::size_t kSampleIdSize = 16;

/// Reads the trivially copyable T at `offset`, or false when it does not fit.
template <typename T>
bool Read(const std::byte* bytes, std::size_t size, std::size_t offset, T& out) {
  if (offset + sizeof(T) > size) return false;
  std::memcpy(&out, bytes + offset, sizeof(T));
  return true;
}

SampleMode ModeOf(std::uint16_t misc) {
  switch (misc & PERF_RECORD_MISC_CPUMODE_MASK) {
    case PERF_RECORD_MISC_USER:
      return SampleMode::kUser;
    case PERF_RECORD_MISC_KERNEL:
      return SampleMode::kKernel;
    default:
      return SampleMode::kOther;  // hypervisor, guest
  }
}

bool DecodeSample(const std::byte* bytes, std::size_t size, std::uint16_t misc,
                  const RecordLayout& layout, SampleRecord& s) {
  std::size_t at = sizeof(perf_event_header);
  if (!Read(bytes, size, at, s.ip) || !Read(bytes, size, at + 8, s.pid) ||
      !Read(bytes, size, at + 12, s.tid) || !Read(bytes, size, at + 16, s.time) ||
      !Read(bytes, size, at + 24, s.period))
    return false;
  s.mode = ModeOf(misc);
  at += 32;
  if (!layout.callchain) return true;
  std::uint64_t nr = 0;
  if (!Read(bytes, size, at, nr) || nr > (size - at - 8) / 8) return false;
  // Ring records are 8-byte aligned in the kernel's buffer and in ours.
  s.callchain = {reinterpret_cast<const std::uint64_t*>(bytes + at + 8),
                 static_cast<std::size_t>(nr)};
  return true;
}

bool DecodeMmap2(const std::byte* bytes, std::size_t size, std::uint16_t misc, MmapRecord& m) {
  constexpr std::size_t kFilename = 72;
  if (size < kFilename + kSampleIdSize) return false;
  Read(bytes, size, 8, m.pid);
  Read(bytes, size, 12, m.tid);
  Read(bytes, size, 16, m.address);
  Read(bytes, size, 24, m.length);
  Read(bytes, size, 32, m.file_offset);
  if ((misc & PERF_RECORD_MISC_MMAP_BUILD_ID) == 0) Read(bytes, size, 48, m.inode);
  const char* name = reinterpret_cast<const char*>(bytes + kFilename);
  const std::size_t room = size - kFilename - kSampleIdSize;
  m.filename = std::string_view(name, strnlen(name, room));
  return true;
}

bool DecodeTask(const std::byte* bytes, std::size_t size, TaskRecord& t) {
  return Read(bytes, size, 8, t.pid) && Read(bytes, size, 12, t.ppid) &&
         Read(bytes, size, 16, t.tid) && Read(bytes, size, 20, t.ptid) &&
         Read(bytes, size, 24, t.time);
}

}  // namespace

std::uint64_t RecordTime(const std::byte* bytes, std::size_t size, const RecordLayout& /*layout*/) {
  perf_event_header h{};
  if (!Read(bytes, size, 0, h)) return 0;
  std::uint64_t time = 0;
  if (h.type == PERF_RECORD_SAMPLE) {
    Read(bytes, size, 24, time);
  } else if (size >= sizeof h + kSampleIdSize) {
    Read(bytes, size, size - 8, time);
  }
  return time;
}

void DecodeRecord(const std::byte* bytes, std::size_t size, const RecordLayout& layout,
                  RecordSink& sink, RecordCounts& counts) {
  perf_event_header h{};
  if (!Read(bytes, size, 0, h) || h.size > size) {
    ++counts.malformed;
    return;
  }
  switch (h.type) {
    case PERF_RECORD_SAMPLE: {
      SampleRecord s;
      if (!DecodeSample(bytes, h.size, h.misc, layout, s)) break;
      ++counts.samples;
      sink.OnSample(s);
      return;
    }
    case PERF_RECORD_MMAP2: {
      MmapRecord m;
      if (!DecodeMmap2(bytes, h.size, h.misc, m)) break;
      sink.OnMmap(m);
      return;
    }
    case PERF_RECORD_COMM: {
      CommRecord c;
      if (!Read(bytes, h.size, 8, c.pid) || !Read(bytes, h.size, 12, c.tid)) break;
      c.exec = (h.misc & PERF_RECORD_MISC_COMM_EXEC) != 0;
      sink.OnComm(c);
      return;
    }
    case PERF_RECORD_FORK:
    case PERF_RECORD_EXIT: {
      TaskRecord t;
      if (!DecodeTask(bytes, h.size, t)) break;
      if (h.type == PERF_RECORD_FORK) {
        sink.OnFork(t);
      } else {
        sink.OnExit(t);
      }
      return;
    }
    case PERF_RECORD_LOST: {
      std::uint64_t lost = 0;
      if (!Read(bytes, h.size, 16, lost)) break;
      counts.lost += lost;
      return;
    }
    case PERF_RECORD_THROTTLE:
      ++counts.throttled;
      return;
    default:
      return;  // UNTHROTTLE, MMAP (never asked for), AUX, ...: nothing to do
  }
  ++counts.malformed;
}

}  // namespace timeit::counters
