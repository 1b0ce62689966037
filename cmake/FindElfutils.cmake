# FindElfutils: elfutils' libdw (with libdwfl) and libelf (Debian: libdw-dev,
# libelf-dev), which resolve sampled addresses to functions. Debian ships
# pkg-config files but no CMake config; like FindPFM and FindPCRE2 we look
# for the headers and libraries ourselves, which also finds the cross builds'
# multiarch copies (/usr/lib/aarch64-linux-gnu, /usr/lib/i386-linux-gnu).
#
# Provides Elfutils::dw (libdw and libelf), Elfutils_FOUND.
find_path(ELFUTILS_INCLUDE_DIR NAMES elfutils/libdwfl.h)
find_path(ELFUTILS_GELF_INCLUDE_DIR NAMES gelf.h)
find_library(ELFUTILS_DW_LIBRARY NAMES dw)
find_library(ELFUTILS_ELF_LIBRARY NAMES elf)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Elfutils
  REQUIRED_VARS ELFUTILS_DW_LIBRARY ELFUTILS_ELF_LIBRARY ELFUTILS_INCLUDE_DIR
                ELFUTILS_GELF_INCLUDE_DIR
  REASON_FAILURE_MESSAGE "install them with: apt-get install libdw-dev libelf-dev")

if(Elfutils_FOUND AND NOT TARGET Elfutils::dw)
  add_library(Elfutils::elf UNKNOWN IMPORTED)
  set_target_properties(Elfutils::elf PROPERTIES
    IMPORTED_LOCATION "${ELFUTILS_ELF_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${ELFUTILS_GELF_INCLUDE_DIR}")
  add_library(Elfutils::dw UNKNOWN IMPORTED)
  set_target_properties(Elfutils::dw PROPERTIES
    IMPORTED_LOCATION "${ELFUTILS_DW_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${ELFUTILS_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES Elfutils::elf)
endif()
mark_as_advanced(ELFUTILS_INCLUDE_DIR ELFUTILS_GELF_INCLUDE_DIR ELFUTILS_DW_LIBRARY
                 ELFUTILS_ELF_LIBRARY)
