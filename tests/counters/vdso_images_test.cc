#include "counters/vdso_images.h"

#include <dlfcn.h>
#include <elf.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/auxv.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace timeit::symbols {
namespace {

/// A vDSO function and its offset from the image's start, as glibc's dynamic
/// linker finds it by name in the vDSO's .dynsym (the vDSO is on its link
/// map as linux-vdso.so.1, or linux-gate.so.1 on i386).
struct NamedOffset {
  std::string name;
  std::uint64_t offset;
};

std::vector<NamedOffset> GlibcVdsoFunctions() {
  const unsigned long base = getauxval(AT_SYSINFO_EHDR);
  std::vector<NamedOffset> found;
  if (base == 0) return found;
  for (const char* soname : {"linux-vdso.so.1", "linux-gate.so.1"}) {
    void* vdso = dlopen(soname, RTLD_NOLOAD | RTLD_LAZY);
    if (vdso == nullptr) continue;
    // The global names (x86-64's clock_gettime is a weak alias of the first).
    for (const char* name : {"__vdso_clock_gettime", "__vdso_gettimeofday", "__kernel_vsyscall",
                             "__kernel_clock_gettime", "__kernel_gettimeofday"}) {
      if (void* f = dlsym(vdso, name))
        found.push_back({name, reinterpret_cast<std::uintptr_t>(f) - base});
    }
    dlclose(vdso);
  }
  return found;
}

/// The [vdso] line of /proc/PID/maps: its start and length.
bool VdsoMapping(pid_t pid, std::uint64_t& start, std::uint64_t& length) {
  std::ifstream maps("/proc/" + std::to_string(pid) + "/maps");
  std::string line;
  while (std::getline(maps, line)) {
    if (!line.ends_with("[vdso]")) continue;
    const std::size_t dash = line.find('-');
    start = std::stoull(line.substr(0, dash), nullptr, 16);
    length = std::stoull(line.substr(dash + 1), nullptr, 16) - start;
    return true;
  }
  return false;
}

ElfKind OurKind() {
  const std::optional<ElfKind> kind = ElfKindOfFile("/proc/self/exe");
  EXPECT_TRUE(kind.has_value());
  return kind.value_or(ElfKind{});
}

void ExpectNames(const ElfSymbols& image, const std::vector<NamedOffset>& functions) {
  for (const NamedOffset& f : functions) {
    EXPECT_EQ(image.FunctionAt(f.offset), f.name) << "at +0x" << std::hex << f.offset;
    EXPECT_EQ(image.FunctionAt(f.offset + 1), f.name) << "at +0x" << std::hex << f.offset + 1;
  }
}

TEST(VdsoImagesTest, TheKindOfAnElfFile) {
  const ElfKind ours = OurKind();
  EXPECT_EQ(ours.elf_class, sizeof(void*) == 8 ? unsigned{ELFCLASS64} : unsigned{ELFCLASS32});
#if defined(__x86_64__)
  EXPECT_EQ(ours.machine, unsigned{EM_X86_64});
#elif defined(__i386__)
  EXPECT_EQ(ours.machine, unsigned{EM_386});
#elif defined(__aarch64__)
  EXPECT_EQ(ours.machine, unsigned{EM_AARCH64});
#endif
  EXPECT_EQ(ElfKindOfFile("/proc/self/status"), std::nullopt);
  EXPECT_EQ(ElfKindOfFile("/nonexistent"), std::nullopt);
}

// timeit's own vDSO serves the processes of its kind whose own image could
// not be read: its functions are where glibc finds them.
TEST(VdsoImagesTest, OwnImageNamesTheFunctionsWhereGlibcFindsThem) {
  const std::vector<NamedOffset> functions = GlibcVdsoFunctions();
  if (functions.empty()) GTEST_SKIP() << "no vDSO in this process (vdso=0, or an emulator's)";
  VdsoImages images("/proc");
  const std::optional<std::size_t> own = images.OfKind(OurKind());
  ASSERT_TRUE(own.has_value());
  ASSERT_NE(images.symbols(*own), nullptr);
  ExpectNames(*images.symbols(*own), functions);
  EXPECT_EQ(images.OfKind({ELFCLASS64, EM_NONE}), std::nullopt);
}

// A child's vDSO, read from its memory while it lives (the same image as
// ours: a fork maps it where we do). Read again it is the same image; gone,
// or at a range that is not its [vdso], there is nothing to read.
TEST(VdsoImagesTest, AChildsImageIsReadFromItsMemoryOnce) {
  const std::vector<NamedOffset> functions = GlibcVdsoFunctions();
  if (functions.empty()) GTEST_SKIP() << "no vDSO in this process (vdso=0, or an emulator's)";
  std::uint64_t start = 0, length = 0;
  ASSERT_TRUE(VdsoMapping(getpid(), start, length));
  int hold[2];
  ASSERT_EQ(pipe(hold), 0);
  const pid_t child = fork();
  if (child == 0) {
    alarm(60);
    char byte;
    close(hold[1]);
    _exit(read(hold[0], &byte, 1) < 0 ? 1 : 0);  // until the parent closes its end
  }
  close(hold[0]);
  VdsoImages images("/proc");
  const std::optional<std::size_t> image = images.Read(child, start, length);
  const std::optional<std::size_t> again = images.Read(child, start, length);
  const std::optional<std::size_t> elsewhere = images.Read(child, start + 4096, length);
  close(hold[1]);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(image.has_value()) << "/proc/" << child << "/mem";
  ASSERT_NE(images.symbols(*image), nullptr);
  ExpectNames(*images.symbols(*image), functions);
  EXPECT_EQ(again, image);
  EXPECT_EQ(elsewhere, std::nullopt);
  EXPECT_EQ(images.size(), 1u);
  EXPECT_EQ(images.Read(child, start, length), std::nullopt) << "the child is gone";
  EXPECT_EQ(images.OfKind(OurKind()), image) << "the image read serves its kind";
}

// The sampler's early record prefetches a child's image while it lives; the
// in-order record of the same mapping, read when the child is gone, takes
// that answer instead of reading the child's memory again.
TEST(VdsoImagesTest, APrefetchedImageIsTheNextReadsAnswerOnce) {
  if (GlibcVdsoFunctions().empty()) GTEST_SKIP() << "no vDSO in this process";
  std::uint64_t start = 0, length = 0;
  ASSERT_TRUE(VdsoMapping(getpid(), start, length));
  int hold[2];
  ASSERT_EQ(pipe(hold), 0);
  const pid_t child = fork();
  if (child == 0) {
    alarm(60);
    char byte;
    close(hold[1]);
    _exit(read(hold[0], &byte, 1) < 0 ? 1 : 0);
  }
  close(hold[0]);
  VdsoImages images("/proc");
  images.Prefetch(child, start, length);
  close(hold[1]);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  const std::optional<std::size_t> image = images.Read(child, start, length);
  ASSERT_TRUE(image.has_value()) << "the prefetched image, though the child is gone";
  EXPECT_NE(images.symbols(*image), nullptr);
  EXPECT_EQ(images.Read(child, start, length), std::nullopt) << "taken once: then read, gone";
}

}  // namespace
}  // namespace timeit::symbols
