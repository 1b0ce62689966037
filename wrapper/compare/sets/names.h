#pragma once

#include <string>
#include <utility>
#include <vector>

#include "wrapper/compare/sets/compare_sets.h"

namespace timeit {

/// Renames sets as --name OLD=NEW asks, in order: OLD is a set's name (its
/// label, file stem or short name) or, failing that, the whole command of
/// one set (compare_sets.h's `command`). Every report then shows NEW.
/// Throws UsageError (exit 2) naming the sets there are when OLD is none of
/// them, and when NEW is another set's name.
void RenameSets(CompareInput& in, const std::vector<std::pair<std::string, std::string>>& names);

/// For -v: one line per set whose command is not its name, "int80: nice -n
/// 10 ./bench int80"; empty when there is none.
std::vector<std::string> SetCommandNotes(const CompareInput& in);

}  // namespace timeit
