#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace timeit {

/// The widest short name: a set's name heads a column of the summary and
/// labels a chart, where a whole command line (400 columns) does not fit.
inline constexpr std::size_t kShortNameWidth = 32;

/// Short names for sets named by their commands (hyperfine's JSON): each
/// command as it is when every one fits in `width`; otherwise the words that
/// differ between them ("int80", "syscall" for `nice -n 10 ./bench int80`
/// and `... syscall`), cut in the middle to `width`; a command that is all
/// words the others share, its whole line cut so. Falls back to the whole
/// words, then to the commands themselves, where the cut names would not be
/// distinct; the result has the commands' order and count.
std::vector<std::string> ShortNames(const std::vector<std::string>& commands,
                                    std::size_t width = kShortNameWidth);

}  // namespace timeit
