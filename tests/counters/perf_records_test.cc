#include "counters/perf_records.h"

#include <gtest/gtest.h>
#include <linux/perf_event.h>

#include <cstring>
#include <string>
#include <vector>

namespace timeit::counters {
namespace {

/// Builds one record as the kernel lays it out: header, then 8-byte words.
class RecordBuilder {
 public:
  RecordBuilder(std::uint32_t type, std::uint16_t misc) : type_(type), misc_(misc) {}
  RecordBuilder& U64(std::uint64_t v) { return Put(&v, 8); }
  RecordBuilder& U32Pair(std::uint32_t a, std::uint32_t b) {
    Put(&a, 4);
    return Put(&b, 4);
  }
  RecordBuilder& Text(const std::string& s) {
    std::string padded = s;
    padded.resize((s.size() / 8 + 1) * 8, '\0');
    return Put(padded.data(), padded.size());
  }
  std::vector<std::uint64_t> Build() const {
    perf_event_header h{type_, misc_, static_cast<std::uint16_t>(8 + body_.size())};
    std::vector<std::uint64_t> words((8 + body_.size()) / 8);
    std::memcpy(words.data(), &h, 8);
    std::memcpy(reinterpret_cast<char*>(words.data()) + 8, body_.data(), body_.size());
    return words;
  }

 private:
  RecordBuilder& Put(const void* p, std::size_t n) {
    body_.append(static_cast<const char*>(p), n);
    return *this;
  }
  std::uint32_t type_;
  std::uint16_t misc_;
  std::string body_;
};

struct Recording : RecordSink {
  std::vector<SampleRecord> samples;
  std::vector<std::vector<std::uint64_t>> chains;
  std::vector<MmapRecord> mmaps;
  std::vector<std::string> filenames;
  std::vector<CommRecord> comms;
  std::vector<TaskRecord> forks, exits;
  void OnSample(const SampleRecord& s) override {
    samples.push_back(s);
    chains.emplace_back(s.callchain.begin(), s.callchain.end());
  }
  void OnMmap(const MmapRecord& m) override {
    mmaps.push_back(m);
    filenames.emplace_back(m.filename);
  }
  void OnComm(const CommRecord& c) override { comms.push_back(c); }
  void OnFork(const TaskRecord& t) override { forks.push_back(t); }
  void OnExit(const TaskRecord& t) override { exits.push_back(t); }
};

void Decode(const std::vector<std::uint64_t>& r, const RecordLayout& layout, Recording& sink,
            RecordCounts& counts) {
  DecodeRecord(reinterpret_cast<const std::byte*>(r.data()), r.size() * 8, layout, sink, counts);
}

TEST(PerfRecordsTest, SampleWithCallChain) {
  const auto r = RecordBuilder(PERF_RECORD_SAMPLE, PERF_RECORD_MISC_KERNEL)
                     .U64(0xffffffff81001234)  // ip
                     .U32Pair(42, 43)          // pid, tid
                     .U64(1000)                // time
                     .U64(250000)              // period
                     .U64(3)                   // nr
                     .U64(static_cast<std::uint64_t>(PERF_CONTEXT_KERNEL))
                     .U64(0xffffffff81001234)
                     .U64(0xffffffff81005678)
                     .Build();
  Recording sink;
  RecordCounts counts;
  Decode(r, {.callchain = true}, sink, counts);
  ASSERT_EQ(sink.samples.size(), 1u);
  const SampleRecord& s = sink.samples[0];
  EXPECT_EQ(s.ip, 0xffffffff81001234u);
  EXPECT_EQ(s.pid, 42u);
  EXPECT_EQ(s.tid, 43u);
  EXPECT_EQ(s.period, 250000u);
  EXPECT_EQ(s.mode, SampleMode::kKernel);
  EXPECT_EQ(sink.chains[0].size(), 3u);
  EXPECT_EQ(sink.chains[0][2], 0xffffffff81005678u);
  EXPECT_EQ(RecordTime(reinterpret_cast<const std::byte*>(r.data()), r.size() * 8, {}), 1000u);
  EXPECT_EQ(counts.samples, 1u);
}

TEST(PerfRecordsTest, ACallChainLongerThanItsRecordIsMalformed) {
  const auto r = RecordBuilder(PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER)
                     .U64(0x1000)
                     .U32Pair(1, 1)
                     .U64(1)
                     .U64(1)
                     .U64(1000)  // nr: far more than the record holds
                     .U64(0x1000)
                     .Build();
  Recording sink;
  RecordCounts counts;
  Decode(r, {.callchain = true}, sink, counts);
  EXPECT_TRUE(sink.samples.empty());
  EXPECT_EQ(counts.malformed, 1u);
}

TEST(PerfRecordsTest, Mmap2CommForkExitAndLost) {
  Recording sink;
  RecordCounts counts;
  // MMAP2: pid/tid, addr, len, pgoff, maj/min, ino, ino_generation, prot/flags, name, sample_id.
  Decode(RecordBuilder(PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER)
             .U32Pair(7, 7)
             .U64(0x555555554000)
             .U64(0x2000)
             .U64(0x1000)
             .U32Pair(8, 1)
             .U64(123456)
             .U64(0)
             .U32Pair(5, 2)
             .Text("/usr/bin/true")
             .U32Pair(7, 7)
             .U64(2000)
             .Build(),
         {}, sink, counts);
  Decode(RecordBuilder(PERF_RECORD_COMM, PERF_RECORD_MISC_COMM_EXEC)
             .U32Pair(7, 7)
             .Text("true")
             .U32Pair(7, 7)
             .U64(1500)
             .Build(),
         {}, sink, counts);
  Decode(RecordBuilder(PERF_RECORD_FORK, 0)
             .U32Pair(8, 7)
             .U32Pair(8, 7)
             .U64(3000)
             .U32Pair(8, 8)
             .U64(3000)
             .Build(),
         {}, sink, counts);
  Decode(RecordBuilder(PERF_RECORD_EXIT, 0)
             .U32Pair(8, 7)
             .U32Pair(8, 7)
             .U64(4000)
             .U32Pair(8, 8)
             .U64(4000)
             .Build(),
         {}, sink, counts);
  Decode(RecordBuilder(PERF_RECORD_LOST, 0).U64(1).U64(17).U32Pair(0, 0).U64(5000).Build(), {},
         sink, counts);
  ASSERT_EQ(sink.mmaps.size(), 1u);
  EXPECT_EQ(sink.mmaps[0].address, 0x555555554000u);
  EXPECT_EQ(sink.mmaps[0].length, 0x2000u);
  EXPECT_EQ(sink.mmaps[0].file_offset, 0x1000u);
  EXPECT_EQ(sink.mmaps[0].inode, 123456u);
  EXPECT_EQ(sink.filenames[0], "/usr/bin/true");
  ASSERT_EQ(sink.comms.size(), 1u);
  EXPECT_TRUE(sink.comms[0].exec);
  ASSERT_EQ(sink.forks.size(), 1u);
  EXPECT_EQ(sink.forks[0].pid, 8u);
  EXPECT_EQ(sink.forks[0].ppid, 7u);
  ASSERT_EQ(sink.exits.size(), 1u);
  EXPECT_EQ(counts.lost, 17u);
  EXPECT_EQ(counts.malformed, 0u);
}

TEST(PerfRecordsTest, ATruncatedRecordIsNeverReadPastItsEnd) {
  auto r = RecordBuilder(PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER).U64(0x1000).Build();
  Recording sink;
  RecordCounts counts;
  Decode(r, {}, sink, counts);
  EXPECT_TRUE(sink.samples.empty());
  EXPECT_EQ(counts.malformed, 1u);
}

}  // namespace
}  // namespace timeit::counters
