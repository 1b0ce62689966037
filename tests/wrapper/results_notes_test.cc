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

}  // namespace
}  // namespace timeit
