#include "wrapper/base/errors.h"

#include <cerrno>

namespace timeit {

int OpenFailureStatus(int err) {
  switch (err) {
    case ENOENT:
    case ENOTDIR:
    case EACCES:
    case EPERM:
    case EROFS:
    case EISDIR:
    case ELOOP:
    case ENAMETOOLONG:
    case ETXTBSY:
    case EEXIST:
      return kExitBadInput;
    default:
      return kExitOwnFailure;
  }
}

}  // namespace timeit
