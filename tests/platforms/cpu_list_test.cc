// The one CPU list parser against the kernel's cpulist format: the lists
// this kernel writes itself, and text it never writes.
#include "platforms/cpu_list.h"

#include <gtest/gtest.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

namespace timeit::platforms {
namespace {

TEST(KernelCpuListTest, RangesCommasAndTheLineEnd) {
  EXPECT_EQ(ParseCpuList("0-3,8,10-11\n"), (std::vector<int>{0, 1, 2, 3, 8, 10, 11}));
  EXPECT_EQ(ParseCpuList("0-3,8,10-11"), (std::vector<int>{0, 1, 2, 3, 8, 10, 11}));
  EXPECT_EQ(ParseCpuList("5"), (std::vector<int>{5}));
  EXPECT_EQ(ParseCpuList("2-2"), (std::vector<int>{2}));
  EXPECT_EQ(ParseCpuList("7,1"), (std::vector<int>{7, 1}));  // in the order listed
  EXPECT_EQ(ParseCpuList("65535"), (std::vector<int>{kMaxCpuNumber}));
}

TEST(KernelCpuListTest, WhatTheKernelNeverWritesIsNoList) {
  for (const char* bad : {"",    "\n", "0\n\n", "0,",    ",0",    "0,,1",    "3-1",
                          "a-b", "a",  " 0",    "0 ",    "0 \n",  "+1",      "-1",
                          "0-",  "-3", "1-2-3", "0-3,x", "65536", "0-65536", "99999999999999999999",
                          "0\t"})
    EXPECT_FALSE(ParseCpuList(bad)) << '"' << bad << '"';
}

/// The calling thread's CPUs as sched_getaffinity has them.
std::vector<int> AffinityCpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return {};
  std::vector<int> cpus;
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &set)) cpus.push_back(c);
  return cpus;
}

// The kernel writes Cpus_allowed_list in this format (%*pbl): the CPUs of
// this thread's affinity, as sched_getaffinity has them.
TEST(KernelCpuListTest, ThisThreadsAllowedListIsItsAffinity) {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line) && !line.starts_with("Cpus_allowed_list:")) {
  }
  ASSERT_TRUE(line.starts_with("Cpus_allowed_list:"))
      << "no Cpus_allowed_list in /proc/self/status";
  const std::string list = line.substr(line.find_first_not_of(" \t", line.find(':') + 1));
  EXPECT_EQ(ParseCpuList(list), AffinityCpus()) << list;
}

// The online list read through the roots: as many CPUs as glibc's
// sysconf, which reads the same file with a parser of its own.
TEST(KernelCpuListTest, OnlineCpusAreAsManyAsSysconfSays) {
  const OnlineCpus online = ReadOnlineCpus(SystemRoots{});
  ASSERT_FALSE(online.text.empty());
  EXPECT_EQ(ParseCpuList(online.text), online.cpus);
  EXPECT_EQ(static_cast<long>(online.cpus.size()), ::sysconf(_SC_NPROCESSORS_ONLN));
}

// A tree without the file: no text (the cpus_online condition stays empty),
// and sysconf's CPUs to open events on.
TEST(KernelCpuListTest, WithoutTheFileTheCpusAreSysconfs) {
  const OnlineCpus online = ReadOnlineCpus(OtherMachineRoots("/nonexistent", "/nonexistent"));
  EXPECT_EQ(online.text, "");
  ASSERT_FALSE(online.cpus.empty());
  EXPECT_EQ(online.cpus.front(), 0);
  EXPECT_EQ(online.cpus.back(), std::max(1L, ::sysconf(_SC_NPROCESSORS_ONLN)) - 1);
}

}  // namespace
}  // namespace timeit::platforms
