#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace timeit::platforms {

/// The parsers of the cgroup v2 files a run's columns come from
/// (Documentation/admin-guide/cgroup-v2.rst). Each takes the file's text and
/// returns nullopt when it does not hold what was asked: a missing key is
/// never read as 0.

/// A flat-keyed file's value: "user_usec 1234" in cpu.stat.
std::optional<std::uint64_t> FlatKeyedValue(std::string_view text, std::string_view key);

/// The `total=` field (microseconds of stall) of a pressure file's `some` or
/// `full` line: "some avg10=0.00 avg60=0.00 avg300=0.00 total=1234".
std::optional<std::uint64_t> PressureTotal(std::string_view text, std::string_view kind);

/// io.stat's bytes, summed over its devices ("8:0 rbytes=4096 wbytes=0 ...").
/// An empty file is zero: the cgroup did no I/O.
struct IoBytes {
  std::uint64_t read = 0;
  std::uint64_t written = 0;
};
std::optional<IoBytes> SumIoStat(std::string_view text);

/// A file of one number, such as memory.peak; nullopt for "max" or junk.
std::optional<std::uint64_t> SingleValue(std::string_view text);

}  // namespace timeit::platforms
