#pragma once

#include <string>
#include <vector>

namespace timeit {

/// One word that names an option, as a shell's completion offers it
/// (`timeit completion`), taken from the same table the parser reads.
struct OptionWord {
  std::string word;        ///< "--runs" or "-n"
  std::string value_name;  ///< "N", "FILE", "abba|random"; empty: a switch
};

using OptionWords = std::vector<OptionWord>;

}  // namespace timeit
