# The Debian package, built by scripts/package.sh: CPack's DEB generator over
# the install rules. Configured with -DTIMEIT_PACKAGE=ON and
# CMAKE_INSTALL_PREFIX=/usr; the files below are made by the target
# package_files, which package.sh builds before cpack.
#   /usr/bin/timeit, /usr/libexec/timeit/timeit-spawner
#   /usr/share/man/man1/timeit.1.gz          docs/timeit.1, gzip -9n
#   /usr/share/bash-completion/completions/timeit   `timeit completion bash`
#   /lib/systemd/system/timeit-boots.service  the unit `timeit boots start` writes, for
#                                              this timeit and the default state directory
#   /usr/share/doc/timeit/                   README, guide, CSV format, copyright, changelog
# Run-time dependencies come from dpkg-shlibdeps on the binaries, so they
# follow what the build linked against rather than a list kept by hand.

# The Debian architecture of what this build makes (not of the build host).
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64)$")
  set(TIMEIT_DEB_ARCH arm64)
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^i[3-6]86$")
  set(TIMEIT_DEB_ARCH i386)
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  set(TIMEIT_DEB_ARCH amd64)
else()
  message(FATAL_ERROR "TIMEIT_PACKAGE: no Debian architecture for ${CMAKE_SYSTEM_PROCESSOR}")
endif()

set(_pkg "${PROJECT_BINARY_DIR}/package")
# gzip -n: no name or time stamp inside, so the same tree gives the same bytes.
add_custom_command(OUTPUT "${_pkg}/timeit.1.gz"
  COMMAND ${CMAKE_COMMAND} -E make_directory "${_pkg}"
  COMMAND gzip -9nc "${PROJECT_SOURCE_DIR}/docs/timeit.1" > "${_pkg}/timeit.1.gz"
  DEPENDS "${PROJECT_SOURCE_DIR}/docs/timeit.1")
add_custom_command(OUTPUT "${_pkg}/timeit.bash-completion"
  COMMAND ${CMAKE_COMMAND} -E make_directory "${_pkg}"
  COMMAND ${CMAKE_COMMAND} "-DTIMEIT=$<TARGET_FILE:timeit>"
          "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}" "-DOUT=${_pkg}/timeit.bash-completion"
          -P "${PROJECT_SOURCE_DIR}/cmake/TimeitWriteCompletion.cmake"
  DEPENDS timeit "${PROJECT_SOURCE_DIR}/cmake/TimeitWriteCompletion.cmake")
# The changelog a Debian binary package carries: this version, from git's
# last commit when there is one.
add_custom_command(OUTPUT "${_pkg}/changelog.gz"
  COMMAND ${CMAKE_COMMAND} -E make_directory "${_pkg}"
  COMMAND sh "${PROJECT_SOURCE_DIR}/scripts/package/changelog.sh" "${PROJECT_VERSION}"
          "${PROJECT_SOURCE_DIR}" > "${_pkg}/changelog"
  COMMAND gzip -9nf "${_pkg}/changelog"
  DEPENDS "${PROJECT_SOURCE_DIR}/scripts/package/changelog.sh")
file(READ "${PROJECT_SOURCE_DIR}/wrapper/boots/timeit-boots.service.in" _unit)
string(REPLACE "@TIMEIT@" "${CMAKE_INSTALL_FULL_BINDIR}/timeit" _unit "${_unit}")
string(REPLACE "@STATE_DIR@" "/var/lib/timeit/boots" _unit "${_unit}")
file(WRITE "${_pkg}/timeit-boots.service" "${_unit}")
add_custom_target(package_files ALL DEPENDS "${_pkg}/timeit.1.gz"
                  "${_pkg}/timeit.bash-completion" "${_pkg}/changelog.gz")

install(FILES "${_pkg}/timeit.1.gz" DESTINATION "${CMAKE_INSTALL_MANDIR}/man1")
install(FILES "${_pkg}/timeit.bash-completion" DESTINATION
        "${CMAKE_INSTALL_DATADIR}/bash-completion/completions" RENAME timeit)
install(FILES "${_pkg}/timeit-boots.service" DESTINATION /lib/systemd/system)
set(_doc "${CMAKE_INSTALL_DATADIR}/doc/timeit")
install(FILES README.md docs/guide.md docs/running.md docs/statistics.md docs/csv-format.md
              docs/platforms.md docs/ministat.md docs/overhead.md
              docs/reliability.md "${_pkg}/changelog.gz" DESTINATION "${_doc}")
install(FILES scripts/package/copyright DESTINATION "${_doc}")
install(FILES scripts/package/lintian-overrides DESTINATION "${CMAKE_INSTALL_DATADIR}/lintian/overrides"
        RENAME timeit)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME timeit)
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_CONTACT "timeit maintainers <maintainers@users.noreply.a-seed-01db3b0b.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "repeat a command, count its process tree, compare series")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "timeit runs a command repeatedly (warm-up, then N measured runs) and records,
 for the whole process tree, each run's times, resource usage and hardware
 performance counters (Linux perf_event, event names encoded by libpfm4) in a
 CSV that survives a kill and a reboot. timeit compare prints FreeBSD
 ministat's blocks per metric, then verdicts (Welch, or a mixed model with
 boots and hosts as levels), exports and a CI gate; timeit boots runs a kernel
 A/B across reboots unattended.")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE "${TIMEIT_DEB_ARCH}")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # timeit_VERSION_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# perf and the kernel's tracefs are what timeit counts through; it says when
# they are missing, so they are suggestions rather than dependencies.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "linux-perf, ministat, r-cran-nlme")
set(CPACK_STRIP_FILES ON)
# The binaries only: `install` must not build the tests first.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)
set(CPACK_PACKAGE_DIRECTORY "${PROJECT_BINARY_DIR}/package")
include(CPack)
