// What --help and docs/timeit.1 say about options, read into one shape so
// that man_page_test.cc can hold the two to the same options and words.
#pragma once

#include <string>
#include <vector>

namespace timeit::testing {

/// One option as a help text or the man page describes it.
struct OptionDoc {
  std::string short_name;  ///< "-n", or empty
  std::string long_name;   ///< "--runs", or empty (ministat's options are letters)
  std::string argument;    ///< "N", "FILE"; empty for a flag
  std::string text;        ///< the description, on one line

  /// "--runs", else "-A": how messages name it.
  std::string Name() const { return long_name.empty() ? short_name : long_name; }
};

/// The option lines of a --help: "  -n, --runs N   text", "      --shell   text"
/// or ministat's "  -A   text", each with the lines that continue its text.
std::vector<OptionDoc> HelpOptions(const std::string& help);

/// The usage lines of a --help (up to the first line that does not start with
/// "usage:" or blanks).
std::string HelpUsage(const std::string& help);

/// The part of the man page that describes `subcommand`: the OPTIONS section
/// for the run mode (""), else its entry under SUBCOMMANDS, up to the next.
std::string ManSection(const std::string& page, const std::string& subcommand);

/// The options a section's .TP entries describe (a tag such as
/// `.BR \-n ", " \-\-runs " \fIN\fR"`), each with its entry's text; an entry
/// naming two options gives both the same text.
std::vector<OptionDoc> ManOptions(const std::string& section);

/// Roff as a reader sees it: fonts dropped, escapes resolved, a macro line's
/// arguments joined as the macro does.
std::string RoffToText(const std::string& roff);

/// For comparing words: lower case, one blank between words, typographic
/// quotes and dashes as ASCII, no trailing period.
std::string Normalized(const std::string& text);

}  // namespace timeit::testing
