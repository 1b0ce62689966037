#include "wrapper/compare/sets/names.h"

#include <fmt/format.h>

#include <algorithm>

#include "wrapper/base/errors.h"
#include "wrapper/base/text.h"

namespace timeit {
namespace {

std::string SetNames(const CompareInput& in) {
  std::string list;
  for (const CompareSet& s : in.sets) list += (list.empty() ? "" : ", ") + QuoteForMessage(s.label);
  return list;
}

CompareSet* FindSet(CompareInput& in, const std::string& name) {
  for (CompareSet& s : in.sets)
    if (s.label == name) return &s;
  CompareSet* by_command = nullptr;
  for (CompareSet& s : in.sets) {
    if (s.command != name) continue;
    if (by_command != nullptr) return nullptr;  // two sets ran it: the name must say which
    by_command = &s;
  }
  return by_command;
}

/// OLD=NEW split where OLD names a set: a scan's sets hold a '=' of their
/// own (--name n=1=one); at the first '=' when none does.
std::pair<std::string, std::string> SplitAtASet(CompareInput& in, const std::string& old_name,
                                                const std::string& new_name) {
  const std::string whole = old_name + "=" + new_name;
  for (std::size_t eq = whole.find('='); eq != std::string::npos; eq = whole.find('=', eq + 1))
    if (FindSet(in, whole.substr(0, eq)) != nullptr)
      return {whole.substr(0, eq), whole.substr(eq + 1)};
  return {old_name, new_name};
}

}  // namespace

void RenameSets(CompareInput& in, const std::vector<std::pair<std::string, std::string>>& names) {
  for (const auto& [given_old, given_new] : names) {
    const auto [old_name, new_name] = SplitAtASet(in, given_old, given_new);
    CompareSet* set = FindSet(in, old_name);
    if (set == nullptr) {
      throw UsageError(fmt::format("compare: --name {}={}: no set {}; there are: {}", old_name,
                                   new_name, QuoteForMessage(old_name), SetNames(in)));
    }
    for (const CompareSet& s : in.sets)
      if (&s != set && s.label == new_name)
        throw UsageError(fmt::format("compare: --name {}={}: {} is another set's name already",
                                     old_name, new_name, QuoteForMessage(new_name)));
    set->label = new_name;
    if (set->command == set->label) set->command.clear();
  }
}

std::vector<std::string> SetCommandNotes(const CompareInput& in) {
  std::vector<std::string> notes;
  for (const CompareSet& s : in.sets)
    if (!s.command.empty()) notes.push_back(fmt::format("set {}: {}", s.label, s.command));
  return notes;
}

}  // namespace timeit
