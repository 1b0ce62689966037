#pragma once

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>

#include "stats/summary.h"

namespace timeit::stats::testing {

/// Reference values printed by a peer (R, scipy) as CSV lines
/// `case,what,term,value` after a header line.
using PeerValues = std::map<std::tuple<std::string, std::string, std::string>, double>;

/// Parses such output; lines that do not parse fail the calling test.
PeerValues ParsePeerValues(const std::string& text);

/// The peer's output from running `command` (through sh, under `timeout`),
/// or nullopt when the peer is not installed here (`probe` fails).
std::optional<std::string> RunPeer(const std::string& probe, const std::string& command);

/// The file's text; fails the calling test when it cannot be read.
std::string ReadFileText(const std::string& path);

/// The values: the live peer's when `probe` succeeds, else the fixture
/// `fixture` (what the peer printed when it was written). `live` says which.
PeerValues PeerOrFixture(const std::string& probe, const std::string& command,
                         const std::string& fixture, bool& live);

/// The two sets of each case of a samples file (`case,set,value` lines after
/// a header; set "x" is the second, any other the baseline), summarised:
/// case -> (baseline, x).
std::map<std::string, std::pair<Summary, Summary>> ReadSampleSets(const std::string& path);

}  // namespace timeit::stats::testing
