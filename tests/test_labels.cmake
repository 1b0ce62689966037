# The labels of the GoogleTest tests, by name: read by ctest, after each test
# program's discovered tests (tests/CMakeLists.txt appends it to the folder's
# TEST_INCLUDE_FILES). CI's stages choose tests by these labels (.ci/run,
# scripts/test.sh --sanitize, scripts/test-arm64.sh, scripts/test-i386.sh;
# docs/development.md, "CI's stages"), so that each stage runs what only it can prove:
#
#   unit       a module's own test program (tests/stats, platforms, counters,
#              wrapper), with the module's name as a second label
#   cli        tests/cli: the real timeit, run as a user runs it
#   docs       every example with output in README.md and docs/ (tests/docs)
#   lint       checks of the sources themselves (the layering table)
#   peer       checks against a peer program: R, scipy, perf, hyperfine,
#              ministat, Chromium, /usr/bin/time
#   slow       the soak and the false-positive simulations
#   soak       the 10,000-run soak (under ASan at TIMEIT_SOAK_RUNS)
#   simulation an error rate measured over many random draws
#   fault      bad input and faults around a series: what ASan and UBSan
#              must see (with the fuzz corpus, label fuzz)
#   arch       CLI tests whose behaviour depends on the architecture: event
#              tables, spawning the command, numbers as text (the program
#              cli_arch_test, tests/cli/CMakeLists.txt)
#
# A test matches every row whose pattern (a regular expression on
# "Suite.Test") it matches, and gets that row's labels (comma-separated); the
# program's own labels come first.
set(_timeit_label_rules
  # Bad input and faults.
  "BadInputTest\\."                          "fault"
  "^RunFaultsTest\\."                        "fault"
  "^RunSignalsTest\\."                       "fault"
  "^ExitStatusTest\\."                       "fault"
  "^DidYouMeanTest\\."                       "fault"
  "^RunSetsTest\\.(RefusalsAreOneLineAndNothingRuns|AWholeCommandLineAsOneWordHintsAtShell)$" "fault"
  "^RunScanTest\\.BeyondTheLimitsIsOneLineAndNothingRuns$" "fault"
  "^CompareTest\\.BadInputIsOneLine"         "fault"
  "^BootsCliTest\\.(APlantedWritableStateIsRefusedAndNothingRuns|ACorruptStateIsOneLineAndTheCsvIsUntouched|StartChecksEverythingBeforeAnyReboot|TargetCiOptionsAreCheckedAtStart)$" "fault"
  "^StateFileTest\\."                        "fault"
  "^BootsSystemdBootTest\\..*Refused"         "fault"
  # Peers.
  "^WelchReferenceTest\\.FixturesMatchLivePeers$" "peer"
  "^LmeFixtureTest\\.MatchesLiveR$"          "peer"
  "^RatioIntervalTest\\.(WelchFiellerAsR|FixtureMatchesLiveR)$" "peer"
  "^MannKendallTest\\.LongSeriesWithTiesAgainstLiveR$" "peer"
  "^BootsAgainstNlmeTest\\."                 "peer"
  "^BootsSystemdBootTest\\."                 "peer"
  "^TreeCountingTest\\.(SyscallsMatchPerfStatExactly|TreeOfTwoWithinOnePercentOfPerfStat)$" "peer"
  "^CgroupCountingTest\\.ATreeCountsAsByInheritanceAndAsPerfStatDashG$" "peer"
  "^CountByTest\\.BothModesCountTheSameSystemCallsOfAForkHeavyTree$" "peer"
  "^CountFromExecTest\\."                   "peer"
  "^MinistatDifferentialTest\\."             "peer"
  "^MinistatCliTest\\."                      "peer"
  "^MinistatFieldsTest\\.PicksWhatMinistatPicks" "peer"
  "^TimingRunsTest\\.CompareTakesEachMetricFromItsOwnRows$" "peer"
  "^CompareExportTest\\."                    "peer"
  "^RunScanTest\\.(TwelveValuesAreReadAsTheirTableAndCharted|WordsAreChartedEvenlySpacedInTheirOrder|TwoParametersAreASetPerCombination)$" "peer"
  "^CompareHtmlLayoutTest\\."                "peer"
  "^CompareReadersTest\\.Hyperfine"          "peer"
  "^CompareRunnersTest\\."                   "peer"
  "^RunSetsTest\\.ParametersNameTheCommandsHyperfineRuns$" "peer"
  "^CompareNamesTest\\.Hyperfines"           "peer"
  "^CompareNamesTest\\.(ANameOfNoSet|AppendingAnotherCommand|AnOutputFileWithout)" "fault"
  "^CompareBootsTest\\.ExportsShowTheBoots$" "peer"
  "^CompareFleetTest\\.TheVarianceSplitsBetweenHostsBootsAndRunsAsNlmeSplitsIt$" "peer"
  "^ProfileCompareTest\\.TheFunctionSpunLongerIsWorseAndTheOtherIsNot$" "peer"
  "^ProfileTest\\.Int80AgainstSyscallShowsTheirKernelEntryPaths$" "peer"
  "^RunSeriesTest\\.CsvLoadsWithPythonsCsvModule$" "peer"
  "^RunMaxrssTest\\.TrueIsWithinTenPercentOfUsrBinTime$" "peer"
  # Slow: the soak and the simulations.
  "^SoakTest\\."                             "slow,soak"
  "^FalsePositiveTest\\."                    "slow,simulation"
  "^GateFalseAlarmTest\\."                   "slow,simulation"
  "RatioCoverageTest\\."                     "slow,simulation"
  "^BootsTargetSimulationTest\\."            "slow,simulation"
)

# Tests that kill a timeit with SIGKILL leave its run's cgroup behind, and
# the next timeit to start anywhere on the machine removes it and says so on
# stderr: run beside another test, that one would read the line (and this
# one miss it). They run alone (RUN_SERIAL).
set(_timeit_serial_rules
  "KillNine|KillMinusNine|KilledWithSigkill|SeriesCutShort"
)

# timeit_label_tests(<tests> <program labels>): sets LABELS on each test, and
# RUN_SERIAL on those _timeit_serial_rules name.
function(timeit_label_tests tests program_labels)
  set(rules ${_timeit_label_rules})
  foreach(test IN LISTS tests)
    set(labels ${program_labels})
    set(i 0)
    list(LENGTH rules n)
    while(i LESS n)
      list(GET rules ${i} pattern)
      math(EXPR j "${i} + 1")
      list(GET rules ${j} more)
      if(test MATCHES "${pattern}")
        string(REPLACE "," ";" more "${more}")
        list(APPEND labels ${more})
      endif()
      math(EXPR i "${i} + 2")
    endwhile()
    list(REMOVE_DUPLICATES labels)
    set_tests_properties("${test}" PROPERTIES LABELS "${labels}")
    foreach(pattern IN LISTS _timeit_serial_rules)
      if(test MATCHES "${pattern}")
        set_tests_properties("${test}" PROPERTIES RUN_SERIAL TRUE)
      endif()
    endforeach()
  endforeach()
endfunction()
