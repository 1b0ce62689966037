#pragma once

namespace timeit {

/// `timeit ministat [options] [file ...]`: a drop-in for FreeBSD's ministat
/// (current version), printing the same text for the same input. argv[0]
/// is "ministat". Returns the exit status; bad input throws timeit::Error
/// (exit status 2, one line naming the file and line).
int MinistatMain(int argc, char** argv);

}  // namespace timeit
