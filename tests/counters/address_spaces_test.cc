#include "counters/address_spaces.h"

#include <gtest/gtest.h>

namespace timeit::symbols {
namespace {

TEST(AddressSpacesTest, FindsTheMappingAndItsOffset) {
  AddressSpaces a;
  a.Map(10, 0x1000, 0x2000, 0x400, 1);
  a.Map(10, 0x8000, 0x1000, 0, 2);
  ASSERT_NE(a.Find(10, 0x1000), nullptr);
  EXPECT_EQ(a.Find(10, 0x2fff)->object, 1u);
  EXPECT_EQ(a.Find(10, 0x2fff)->file_offset, 0x400u);
  EXPECT_EQ(a.Find(10, 0x3000), nullptr);
  EXPECT_EQ(a.Find(10, 0x8800)->object, 2u);
  EXPECT_EQ(a.Find(11, 0x1000), nullptr);
}

// mmap(MAP_FIXED) over part of a mapping replaces that part only.
TEST(AddressSpacesTest, AnOverlappingMapCutsWhatItCovers) {
  AddressSpaces a;
  a.Map(1, 0x1000, 0x3000, 0, 1);       // [0x1000, 0x4000)
  a.Map(1, 0x2000, 0x1000, 0x9000, 2);  // [0x2000, 0x3000)
  EXPECT_EQ(a.Find(1, 0x1800)->object, 1u);
  EXPECT_EQ(a.Find(1, 0x2800)->object, 2u);
  const Mapping* high = a.Find(1, 0x3800);
  ASSERT_NE(high, nullptr);
  EXPECT_EQ(high->object, 1u);
  EXPECT_EQ(high->start, 0x3000u);
  EXPECT_EQ(high->file_offset, 0x2000u) << "the offset moves with the start";
}

TEST(AddressSpacesTest, AForkSharesUntilEitherMaps) {
  AddressSpaces a;
  a.Map(1, 0x1000, 0x1000, 0, 1);
  a.Fork(1, 2);
  EXPECT_EQ(a.Find(2, 0x1800)->object, 1u);
  a.Map(2, 0x5000, 0x1000, 0, 3);
  EXPECT_NE(a.Find(2, 0x5800), nullptr);
  EXPECT_EQ(a.Find(1, 0x5800), nullptr) << "the child's map is its own";
  a.Fork(1, 1);  // a new thread: the same address space
  EXPECT_EQ(a.processes(), 2u);
}

TEST(AddressSpacesTest, ExecAndExitForgetTheMappings) {
  AddressSpaces a;
  a.Map(1, 0x1000, 0x1000, 0, 1);
  a.Fork(1, 2);
  a.Exec(2);
  EXPECT_EQ(a.Find(2, 0x1800), nullptr);
  EXPECT_NE(a.Find(1, 0x1800), nullptr);
  a.Exit(1);
  EXPECT_EQ(a.Find(1, 0x1800), nullptr);
  EXPECT_EQ(a.processes(), 0u);
}

}  // namespace
}  // namespace timeit::symbols
