# FindPFM: libpfm4 (Debian: libpfm4-dev) ships neither a CMake config nor a
# pkg-config file, so we look for the header and library ourselves.
#
# Provides PFM::pfm, PFM_FOUND, PFM_INCLUDE_DIR, PFM_LIBRARY.
find_path(PFM_INCLUDE_DIR NAMES perfmon/pfmlib_perf_event.h)
find_library(PFM_LIBRARY NAMES pfm)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(PFM
  REQUIRED_VARS PFM_LIBRARY PFM_INCLUDE_DIR
  REASON_FAILURE_MESSAGE "install it with: apt-get install libpfm4-dev")

if(PFM_FOUND AND NOT TARGET PFM::pfm)
  add_library(PFM::pfm UNKNOWN IMPORTED)
  set_target_properties(PFM::pfm PROPERTIES
    IMPORTED_LOCATION "${PFM_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${PFM_INCLUDE_DIR}")
endif()
mark_as_advanced(PFM_INCLUDE_DIR PFM_LIBRARY)
