#include "platforms/pmu_events.h"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "platforms/whole_number.h"

namespace timeit::platforms {
namespace {

/// "event=0x0011" (possibly with more terms after a comma) -> 0x11.
std::optional<std::uint64_t> ParseEventTerm(const std::string& text) {
  const auto at = text.find("event=");
  if (at == std::string::npos) return std::nullopt;
  std::string_view term = std::string_view(text).substr(at + 6);
  term = term.substr(0, term.find_first_of(",\n"));
  std::uint64_t value = 0;
  if (!ParseKernelNumber(term, value)) return std::nullopt;
  return value;
}

bool IsArmCpuPmu(const std::string& name) {
  return name.rfind("armv8_", 0) == 0 || name.rfind("armv9_", 0) == 0;
}

}  // namespace

std::optional<PmuEventList> ReadArmPmuEvents(const std::string& event_source_dir) {
  return ReadArmPmuEvents(event_source_dir, ReadKernelPmus(event_source_dir));
}

std::optional<PmuEventList> ReadArmPmuEvents(const std::string& event_source_dir,
                                             const std::vector<KernelPmu>& pmus) {
  namespace fs = std::filesystem;
  std::vector<std::string> arm;
  for (const KernelPmu& pmu : pmus)
    if (IsArmCpuPmu(pmu.name)) arm.push_back(pmu.name);
  if (arm.empty()) return std::nullopt;
  std::sort(arm.begin(), arm.end());
  PmuEventList list;
  list.pmu = arm.front();
  std::error_code ec;
  for (const std::string& pmu : arm) {
    for (const auto& event :
         fs::directory_iterator(fs::path(event_source_dir) / pmu / "events", ec)) {
      std::ifstream in(event.path());
      std::string text;
      std::getline(in, text);
      const auto number = ParseEventTerm(text);
      if (number && !ListsEvent(list, *number)) {
        list.events.emplace_back(event.path().filename().string(), *number);
      }
    }
  }
  std::sort(list.events.begin(), list.events.end(),
            [](const auto& a, const auto& b) { return a.second < b.second; });
  return list;
}

bool CoversArmEvent(std::uint64_t event) {
  return event <= 0x3f || (event >= 0x4000 && event <= 0x403f);
}

bool ListsEvent(const PmuEventList& list, std::uint64_t event) {
  return std::any_of(list.events.begin(), list.events.end(),
                     [&](const auto& e) { return e.second == event; });
}

}  // namespace timeit::platforms
