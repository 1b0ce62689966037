# FindPCRE2: the 8-bit PCRE2 library (Debian: libpcre2-dev), for --metric's
# regular expressions. Debian's package has a pkg-config file but no CMake
# config; like FindPFM we look for the header and library ourselves, which
# also works for the cross builds' multiarch paths.
#
# Provides PCRE2::pcre2_8, PCRE2_FOUND, PCRE2_INCLUDE_DIR, PCRE2_LIBRARY.
find_path(PCRE2_INCLUDE_DIR NAMES pcre2.h)
find_library(PCRE2_LIBRARY NAMES pcre2-8)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(PCRE2
  REQUIRED_VARS PCRE2_LIBRARY PCRE2_INCLUDE_DIR
  REASON_FAILURE_MESSAGE "install it with: apt-get install libpcre2-dev")

if(PCRE2_FOUND AND NOT TARGET PCRE2::pcre2_8)
  add_library(PCRE2::pcre2_8 UNKNOWN IMPORTED)
  set_target_properties(PCRE2::pcre2_8 PROPERTIES
    IMPORTED_LOCATION "${PCRE2_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${PCRE2_INCLUDE_DIR}")
endif()
mark_as_advanced(PCRE2_INCLUDE_DIR PCRE2_LIBRARY)
