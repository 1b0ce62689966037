#pragma once

#include <string>
#include <vector>

namespace timeit {

/// The bash completion script for timeit: the subcommands, each one's
/// options from the table its parser reads, the values some options take
/// (files, directories, a choice of words), and, in the run mode and `boots
/// start`, the measured command's own completion after timeit's options.
/// Generated rather than written so that it cannot drift from the parsers;
/// the Debian package installs it (scripts/package.sh).
std::string BashCompletion(const std::vector<std::string>& subcommands);

}  // namespace timeit
