// ReadFileText, the one reader of whole files: the kernel's files (size 0 in
// stat), files longer than one read, and what each failure says.
#include "platforms/file_text.h"

#include <gtest/gtest.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>

namespace timeit::platforms {
namespace {

/// What `cat PATH` writes, the peer's reading of the same file.
std::string Cat(const std::string& path) {
  std::string text;
  FILE* p = ::popen(("cat " + path).c_str(), "r");
  if (p == nullptr) return text;
  char block[4096];
  for (std::size_t n; (n = std::fread(block, 1, sizeof block, p)) > 0;) text.append(block, n);
  ::pclose(p);
  return text;
}

TEST(FileTextTest, AKernelFileOfSizeZeroInStatIsReadWhole) {
  ASSERT_EQ(std::filesystem::file_size("/proc/filesystems"), 0u);
  const std::optional<std::string> text = ReadFileText("/proc/filesystems");
  ASSERT_TRUE(text.has_value());
  EXPECT_FALSE(text->empty());
  EXPECT_EQ(*text, Cat("/proc/filesystems"));
  struct utsname u {};
  ASSERT_EQ(::uname(&u), 0);
  EXPECT_EQ(ReadFileText("/proc/sys/kernel/osrelease"), std::string(u.release) + "\n");
}

TEST(FileTextTest, AFileOfManyReadsKeepsEveryByte) {
  const std::string path = ::testing::TempDir() + "file_text_bytes";
  std::string bytes(300'000, '\0');  // several 64 KiB reads, NULs and all
  std::mt19937 random(37);
  for (char& c : bytes) c = static_cast<char>(random() & 0xff);
  std::ofstream(path, std::ios::binary) << bytes;
  EXPECT_EQ(ReadFileText(path), bytes);
  EXPECT_EQ(ReadFileText(path), Cat(path));
  std::ofstream(path, std::ios::trunc).close();
  int error = -1;
  EXPECT_EQ(ReadFileText(path, &error), std::string());  // empty, not unreadable
  EXPECT_EQ(error, 0);
  std::filesystem::remove(path);
}

TEST(FileTextTest, FailuresSayTheErrnoOfTheCallThatFailed) {
  int error = 0;
  EXPECT_EQ(ReadFileText("/nonexistent/timeit-file-text", &error), std::nullopt);
  EXPECT_EQ(error, ENOENT);
  EXPECT_EQ(ReadFileText("/proc", &error), std::nullopt);  // opens, then read(2) refuses
  EXPECT_EQ(error, EISDIR);
  EXPECT_EQ(ReadFileText("/proc/self/mem", &error), std::nullopt);  // opens; read at 0 fails
  EXPECT_EQ(error, EIO);
}

}  // namespace
}  // namespace timeit::platforms
