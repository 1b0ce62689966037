// Welch's t against scipy (t, p) and R's t.test (t, df, p, interval) on
// data/welch_samples.csv; each peer runs here when installed, otherwise its
// fixture (data/welch_scipy.csv, data/welch_r.csv) holds what it printed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

#include "stats/mean_difference.h"
#include "tests/stats/peer_reference.h"
#include "tests/test_paths.h"

namespace timeit::stats {
namespace {

using testing::PeerValues;

const std::string kWelchData = std::string(TIMEIT_TEST_DATA_DIR) + "/data/";
const std::string kSamples = kWelchData + "welch_samples.csv";

struct Peer {
  std::string probe, command, fixture;
};

const Peer kScipy{"/usr/bin/python3 -c 'import scipy'",
                  "/usr/bin/python3 " + kWelchData + "welch_reference.py " + kSamples + " 2>/dev/null",
                  kWelchData + "welch_scipy.csv"};
const Peer kR{"Rscript -e 'invisible(0)'", "Rscript " + kWelchData + "welch_reference.R " + kSamples,
              kWelchData + "welch_r.csv"};

/// case -> (baseline, x)
std::map<std::string, std::pair<Summary, Summary>> ReadWelchSamples() {
  return testing::ReadSampleSets(kSamples);
}

void ExpectAgrees(const Peer& peer, const std::vector<std::string>& what) {
  bool live = false;
  const PeerValues ref = testing::PeerOrFixture(peer.probe, peer.command, peer.fixture, live);
  ::testing::Test::RecordProperty("reference", live ? "live" : "fixture");
  for (const auto& [name, sets] : ReadWelchSamples()) {
    SCOPED_TRACE(name);
    const MeanDifference d = WelchDifference(sets.second, sets.first, 95);
    const std::map<std::string, double> ours = {
        {"t", d.t}, {"df", d.df}, {"p", d.p}, {"lower", d.low}, {"upper", d.high}};
    for (const std::string& w : what) {
      const auto it = ref.find({name, w, "x"});
      ASSERT_NE(it, ref.end()) << w;
      const double scale = w == "lower" || w == "upper" ? d.high - d.low : std::fabs(it->second);
      EXPECT_NEAR(ours.at(w), it->second, 1e-9 * scale) << w;
    }
  }
}

TEST(WelchReferenceTest, AgreesWithScipy) { ExpectAgrees(kScipy, {"t", "p"}); }

TEST(WelchReferenceTest, AgreesWithR) { ExpectAgrees(kR, {"t", "df", "p", "lower", "upper"}); }

// The fixtures are what the peers print, checked where they are installed.
TEST(WelchReferenceTest, FixturesMatchLivePeers) {
  int checked = 0;
  for (const Peer& peer : {kScipy, kR}) {
    const std::optional<std::string> out = testing::RunPeer(peer.probe, peer.command);
    if (!out) continue;
    ++checked;
    const PeerValues live = testing::ParsePeerValues(*out);
    const PeerValues kept = testing::ParsePeerValues(testing::ReadFileText(peer.fixture));
    ASSERT_EQ(live.size(), kept.size()) << peer.fixture;
    for (const auto& [key, value] : live)
      EXPECT_NEAR(kept.at(key), value, 1e-12 * std::fabs(value)) << peer.fixture;
  }
  if (checked == 0) GTEST_SKIP() << "neither scipy nor R is installed";
}

}  // namespace
}  // namespace timeit::stats
