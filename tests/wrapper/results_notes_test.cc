// The notes cell: written by the run loop, read back by compare, through the
// one pair of functions in wrapper/results/results_notes.h.
#include "wrapper/results/results_notes.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace timeit {
namespace {

TEST(ResultsNotesTest, NotesJoinedBySemicolonAndBlank) {
  std::string cell;
  AppendNote(cell, "cycles: not supported");
  AppendNote(cell, "processes of the command outlived it");
  EXPECT_EQ(cell, "cycles: not supported; processes of the command outlived it");
  EXPECT_EQ(SplitNotes(cell), (std::vector<std::string>{"cycles: not supported",
                                                        "processes of the command outlived it"}));
}

TEST(ResultsNotesTest, EmptyCellHasNoNotes) { EXPECT_TRUE(SplitNotes("").empty()); }

// A cell written by hand or by an earlier timeit: a separator at the end
// leaves no empty note behind it.
TEST(ResultsNotesTest, TrailingSeparatorLeavesNoEmptyNote) {
  EXPECT_EQ(SplitNotes("a; b; "), (std::vector<std::string>{"a", "b"}));
}

// A set's place in the order given is read back from its own note, every
// place up to the largest scan, and from nothing else.
TEST(ResultsNotesTest, GivenOrderNoteReadsBackItsPlace) {
  for (std::size_t sets : {2u, 7u, 64u})
    for (std::size_t place = 1; place <= sets; ++place) {
      std::string cell;
      AppendNote(cell, "cycles: not supported");
      AppendNote(cell, GivenOrderNote(place, sets));
      EXPECT_EQ(GivenOrderOf(SplitNotes(cell).back()), place);
    }
  for (const char* other : {"", "set  of 3 in the order given", "set x of 3 in the order given",
                            "set 2 of 3", "a set 2 of 3 in the order given", "cycles: set 1"})
    EXPECT_EQ(GivenOrderOf(other), 0u) << other;
}
}  // namespace
}  // namespace timeit
