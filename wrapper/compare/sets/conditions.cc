#include "wrapper/compare/sets/conditions.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <sstream>

#include "wrapper/base/number_text.h"
#include "wrapper/results/results_columns.h"

namespace timeit {
namespace {

constexpr std::size_t kWhole = 60;  ///< values up to this long are shown whole
constexpr std::size_t kMost = 160;  ///< and none longer than this

std::string Quote(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  if (text.size() > kMost) text = text.substr(0, kMost) + "...";
  return "'" + text + "'";
}

std::vector<std::string> Words(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream in(text);
  for (std::string w; in >> w;) words.push_back(std::move(w));
  return words;
}

/// A load1 cell's number; NaN (never "a CPU apart") for one that is not.
double Number(const std::string& text) {
  double d = 0;
  return ParseFinite(text, d) ? d : std::nan("");
}

/// load1 is a measurement, not a setting: two values differ when they are
/// a CPU's worth of work apart.
bool LoadsDiffer(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  for (const std::string& x : a)
    for (const std::string& y : b)
      if (std::fabs(Number(x) - Number(y)) >= 1.0) return true;
  return false;
}

bool Differ(const std::string& name, std::vector<std::string> a, std::vector<std::string> b) {
  if (name == "load1") return LoadsDiffer(a, b);
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  return a != b;
}

std::string Join(const std::vector<std::string>& values) {
  std::string out;
  for (const std::string& v : values) out += (out.empty() ? "" : " + ") + Quote(v);
  return out;
}

const ConditionValues* Find(const CompareSet& s, const std::string& name) {
  const auto it = s.conditions.find(name);
  return it == s.conditions.end() || it->second.values.empty() ? nullptr : &it->second;
}

/// The columns compared between sets, in column order.
std::vector<std::string> ComparedBetweenSets(const CompareSet& base, const CompareSet& other) {
  std::vector<std::string> names;
  if (!base.split_by_release && !other.split_by_release) names.push_back("kernel_release");
  for (std::string_view c : kConditionColumns)
    if (c != "boot_id") names.emplace_back(c);
  return names;
}

void BetweenSets(const CompareSet& base, const CompareSet& other,
                 std::vector<std::string>& warnings) {
  for (const ConditionDifference& d : ConditionDifferences(base, other))
    warnings.push_back(fmt::format("{} and {} also differ in {}: {} → {}", base.label, other.label,
                                   d.name, d.base_values, d.other_values));
}

/// `except`: the columns the set's hosts differ in, said by HostLine.
void WithinSet(const CompareSet& s, const std::vector<HostDifference>& except,
               std::vector<std::string>& warnings) {
  for (std::string_view column : kConditionColumns) {
    const std::string name(column);
    const ConditionValues* c = Find(s, name);
    if (c == nullptr || c->values.size() < 2) continue;
    if (std::any_of(except.begin(), except.end(),
                    [&](const HostDifference& d) { return d.name == name; }))
      continue;
    // Boots within a set are what the mixed model takes as its unit, and
    // the summary counts them: no warning.
    if (name == "boot_id") continue;
    if (name == "load1" && !LoadsDiffer(c->values, c->values)) continue;
    std::string changes;
    for (std::size_t i = 1; i < c->values.size(); ++i)
      changes += fmt::format(", {} from {}", Quote(c->values[i]), c->first_at[i]);
    warnings.push_back(fmt::format("{}: {} changed between runs: {} at {}{}", s.label, name,
                                   Quote(c->values[0]), c->first_at[0], changes));
  }
}

/// "kernel_release ('6.1.0-18-amd64' on f0, f1; '6.5.0-1-amd64' on f2)":
/// two long single values without the words they share (ContrastValues).
std::string HostDifferenceText(const HostDifference& d) {
  std::vector<std::string> shown;
  for (const HostDifference::Group& g : d.groups) shown.push_back(Join(g.values));
  if (d.groups.size() == 2 && d.groups[0].values.size() == 1 && d.groups[1].values.size() == 1)
    std::tie(shown[0], shown[1]) = ContrastValues(d.groups[0].values[0], d.groups[1].values[0]);
  std::string text;
  for (std::size_t i = 0; i < shown.size(); ++i)
    text +=
        fmt::format("{}{} on {}", i == 0 ? "" : "; ", shown[i], fmt::join(d.groups[i].hosts, ", "));
  return d.name + " (" + text + ")";
}

/// One line for a set whose hosts differ; empty when they agree.
std::string HostLine(const CompareSet& s, const std::vector<HostDifference>& differences) {
  if (differences.empty()) return {};
  std::vector<std::string> parts;
  for (const HostDifference& d : differences) parts.push_back(HostDifferenceText(d));
  std::string list = parts.back();
  if (parts.size() > 1)
    list = fmt::format("{} and {}", fmt::join(parts.begin(), parts.end() - 1, ", "), parts.back());
  return fmt::format(
      "{}: its {} hosts differ in {}: the mixed model takes that for spread between machines",
      s.label, s.host_values.size(), list);
}

}  // namespace

std::vector<HostDifference> HostDifferences(const CompareSet& set) {
  // In report order; what is not recorded per host (boot_id) is in no host's values.
  std::vector<std::string> names = {"cpu_model", "kernel_release"};
  for (std::string_view c : kConditionColumns) names.emplace_back(c);
  std::vector<HostDifference> differences;
  for (const std::string& name : names) {
    HostDifference d{name, {}};
    for (const auto& [host, columns] : set.host_values) {
      const auto it = columns.find(name);
      if (it == columns.end()) continue;
      auto group =
          std::find_if(d.groups.begin(), d.groups.end(),
                       [&](const HostDifference::Group& g) { return g.values == it->second; });
      if (group == d.groups.end()) group = d.groups.insert(d.groups.end(), {it->second, {}});
      group->hosts.push_back(host);
    }
    if (d.groups.size() > 1) differences.push_back(std::move(d));
  }
  return differences;
}

std::pair<std::string, std::string> ContrastValues(const std::string& a, const std::string& b) {
  if (a.size() <= kWhole && b.size() <= kWhole) return {Quote(a), Quote(b)};
  const std::vector<std::string> wa = Words(a), wb = Words(b);
  std::size_t front = 0;
  while (front < wa.size() && front < wb.size() && wa[front] == wb[front]) ++front;
  std::size_t back = 0;
  while (back < wa.size() - front && back < wb.size() - front &&
         wa[wa.size() - 1 - back] == wb[wb.size() - 1 - back])
    ++back;
  const auto show = [&](const std::vector<std::string>& w) {
    std::string out = front > 0 ? "…" : "";
    for (std::size_t i = front; i < w.size() - back; ++i) out += (out.empty() ? "" : " ") + w[i];
    if (back > 0) out += out.empty() ? "…" : " …";
    return Quote(out);
  };
  return {show(wa), show(wb)};
}

std::vector<ConditionDifference> ConditionDifferences(const CompareSet& base,
                                                      const CompareSet& other) {
  std::vector<ConditionDifference> differences;
  for (const std::string& name : ComparedBetweenSets(base, other)) {
    const ConditionValues* a = Find(base, name);
    const ConditionValues* b = Find(other, name);
    if (a == nullptr || b == nullptr || !Differ(name, a->values, b->values)) continue;
    ConditionDifference d{name, "", ""};
    if (a->values.size() == 1 && b->values.size() == 1) {
      std::tie(d.base_values, d.other_values) = ContrastValues(a->values[0], b->values[0]);
    } else {
      d.base_values = Join(a->values);
      d.other_values = Join(b->values);
    }
    differences.push_back(std::move(d));
  }
  return differences;
}

std::vector<std::string> ConditionWarnings(const CompareInput& in) {
  std::vector<std::string> warnings;
  if (in.sets.empty()) return warnings;
  const auto recorded = [](const CompareSet& s) {
    return std::any_of(kConditionColumns.begin(), kConditionColumns.end(),
                       [&s](std::string_view c) { return s.conditions.count(std::string(c)) > 0; });
  };
  // An earlier timeit's file and another program's (hyperfine's CSV, a
  // plain column of numbers) lack the conditions for different reasons.
  std::vector<std::string> earlier, foreign;
  for (const CompareSet& s : in.sets)
    if (!recorded(s)) (s.timeit_rows ? earlier : foreign).push_back(s.label);
  if (earlier.size() + foreign.size() < in.sets.size()) {
    if (!earlier.empty())
      warnings.push_back(fmt::format(
          "{} recorded no conditions (written by an earlier timeit): whether {} ran under the "
          "same conditions as the other sets cannot be checked",
          fmt::join(earlier, ", "), earlier.size() == 1 ? "it" : "they"));
    if (!foreign.empty())
      warnings.push_back(fmt::format(
          "{} {} not from a timeit results file: whether {} ran under the same conditions as "
          "the other sets cannot be checked",
          fmt::join(foreign, ", "), foreign.size() == 1 ? "is" : "are",
          foreign.size() == 1 ? "it" : "they"));
  }
  for (std::size_t i = 1; i < in.sets.size(); ++i) BetweenSets(in.sets[0], in.sets[i], warnings);
  for (const CompareSet& s : in.sets) {
    const std::vector<HostDifference> differences = HostDifferences(s);
    if (const std::string line = HostLine(s, differences); !line.empty()) warnings.push_back(line);
    WithinSet(s, differences, warnings);
  }
  return warnings;
}

}  // namespace timeit
