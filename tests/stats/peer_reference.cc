#include "tests/stats/peer_reference.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <vector>

namespace timeit::stats::testing {
namespace {

/// Runs `command` and returns its exit status and standard output.
std::pair<int, std::string> Capture(const std::string& command) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return {-1, out};
  std::array<char, 4096> buffer{};
  while (const std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe))
    out.append(buffer.data(), n);
  return {pclose(pipe), out};
}

}  // namespace

PeerValues ParsePeerValues(const std::string& text) {
  PeerValues values;
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::array<std::string, 4> f;
    std::size_t start = 0;
    for (std::size_t i = 0; i < 3; ++i) {
      const std::size_t comma = line.find(',', start);
      if (comma == std::string::npos) {
        ADD_FAILURE() << "peer output line without 4 fields: " << line;
        return values;
      }
      f[i] = line.substr(start, comma - start);
      start = comma + 1;
    }
    f[3] = line.substr(start);
    // R prints NaN as "NaN", scipy as "nan": both read as NaN.
    values[{f[0], f[1], f[2]}] = std::stod(f[3]);
  }
  return values;
}

std::optional<std::string> RunPeer(const std::string& probe, const std::string& command) {
  if (Capture("timeout 60 " + probe + " >/dev/null 2>&1").first != 0) return std::nullopt;
  const auto [status, out] = Capture("timeout 120 " + command);
  EXPECT_EQ(status, 0) << command;
  return out;
}

std::string ReadFileText(const std::string& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "cannot read " << path;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

PeerValues PeerOrFixture(const std::string& probe, const std::string& command,
                         const std::string& fixture, bool& live) {
  const std::optional<std::string> out = RunPeer(probe, command);
  live = out.has_value();
  return ParsePeerValues(live ? *out : ReadFileText(fixture));
}

std::map<std::string, std::pair<Summary, Summary>> ReadSampleSets(const std::string& path) {
  std::map<std::string, std::pair<std::vector<double>, std::vector<double>>> values;
  std::istringstream in(ReadFileText(path));
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    std::istringstream f(line);
    std::string name, set, value;
    std::getline(f, name, ',');
    std::getline(f, set, ',');
    std::getline(f, value);
    auto& pair = values[name];
    (set == "x" ? pair.second : pair.first).push_back(std::stod(value));
  }
  std::map<std::string, std::pair<Summary, Summary>> out;
  for (auto& [name, pair] : values)
    out[name] = {SummarizeUnordered(pair.first), SummarizeUnordered(pair.second)};
  return out;
}

}  // namespace timeit::stats::testing
