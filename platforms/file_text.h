#pragma once

#include <optional>
#include <string>

namespace timeit::platforms {

/// The whole of the file at `path`, its bytes as they are; nullopt when it
/// cannot be read whole, with `*error` (when given) set to the errno of the
/// open(2) or read(2) that failed: ENOENT or EACCES from the open, EISDIR for
/// a directory (which opens, then reads nothing), EIO from a read. A file of
/// no bytes is an empty string, not nullopt. The one reader of whole files:
/// a kernel file (size 0 in stat, read until read(2) says 0), a results CSV,
/// a config. Callers that treat an unreadable file as empty say so with
/// `.value_or("")`.
std::optional<std::string> ReadFileText(const std::string& path, int* error = nullptr);

}  // namespace timeit::platforms
