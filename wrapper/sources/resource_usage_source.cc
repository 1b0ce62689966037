#include "wrapper/sources/resource_usage_source.h"

#include <utility>

namespace timeit {
namespace {

double Seconds(const struct timeval& tv) {
  // Whole microseconds divided once, so that 50 us prints as 5e-05.
  return static_cast<double>(static_cast<long long>(tv.tv_sec) * 1000000 + tv.tv_usec) / 1e6;
}

}  // namespace

std::vector<std::string> ResourceUsageSource::Columns() const {
  return {kResourceUsageColumns.begin(), kResourceUsageColumns.end()};
}

void ResourceUsageSource::Collect(const RunExit& exit, MetricValues& out) {
  const struct rusage& u = exit.usage;
  out.push_back(exit.wall_seconds);
  out.push_back(Seconds(u.ru_utime));
  out.push_back(Seconds(u.ru_stime));
  out.push_back(static_cast<double>(u.ru_maxrss));
  out.push_back(static_cast<double>(u.ru_minflt));
  out.push_back(static_cast<double>(u.ru_majflt));
  out.push_back(static_cast<double>(u.ru_nvcsw));
  out.push_back(static_cast<double>(u.ru_nivcsw));
  out.push_back(static_cast<double>(u.ru_inblock));
  out.push_back(static_cast<double>(u.ru_oublock));
  if (!exit.maxrss_note.empty() && !maxrss_noted_) {
    maxrss_noted_ = true;
    notes_.push_back(exit.maxrss_note);
  }
}

std::vector<std::string> ResourceUsageSource::TakeNotes() { return std::exchange(notes_, {}); }

}  // namespace timeit
