#pragma once

#include <string>

namespace timeit {

/// Whether two paths name one file (the same inode: `F`, `./F`, a symlink
/// to F, a hard link). False when either does not exist, so that a results
/// file that is still to be created is never the same as an existing one.
bool SameFile(const std::string& a, const std::string& b);

}  // namespace timeit
