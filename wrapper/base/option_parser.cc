#include "wrapper/base/option_parser.h"

#include <algorithm>
#include <climits>
#include <sstream>

#include "wrapper/base/did_you_mean.h"
#include "wrapper/base/errors.h"
#include "wrapper/base/text.h"

namespace timeit {
namespace {

UsageError Usage(const OptionSyntax& syntax, const std::string& why) {
  return UsageError((syntax.context.empty() ? "" : syntax.context + ": ") + why + " (" +
                    syntax.help_hint + ")");
}

/// Boost's extra style parser, consulted before its own for the words still
/// to parse, for what Boost does not do as getopt does:
/// - an option that takes a value takes the next word whatever it is, so
///   `-n -3` reaches the value's reader instead of being an unknown "-3";
/// - with `stop`, the first word that is not an option and everything after
///   it are positional (the measured command and its own options).
/// Words it does not take (attached values, flags, grouped flags) are Boost's.
std::vector<po::option> GetoptWords(std::vector<std::string>& args,
                                    const po::options_description& options, bool stop) {
  const std::string word = args.front();
  if (word == "--") return {};  // Boost's terminator
  std::vector<po::option> taken;
  if (word.size() < 2 || word[0] != '-') {
    if (!stop) return {};
    for (const std::string& a : args) {
      po::option o;
      o.value.push_back(a);
      o.original_tokens.push_back(a);
      o.position_key = INT_MAX;  // as after "--": positional for good
      taken.push_back(std::move(o));
    }
    args.clear();
    return taken;
  }
  std::string name = word;
  if (word.starts_with("--")) {
    const std::size_t eq = word.find('=');
    // "--=x" names nothing; Boost's lookup would throw on the empty name.
    if (eq == 2) throw UsageError("unrecognised option '" + word + "'");
    if (eq != std::string::npos) return {};
    name = word.substr(2);
  } else if (word.size() != 2) {
    return {};  // -n5, -qs
  }
  const po::option_description* d = options.find_nothrow(name, false);
  // A flag, or an option whose value is optional (--profile[=HZ]): its
  // value can only be attached, the next word is not it.
  if (d == nullptr || d->semantic()->max_tokens() == 0 || d->semantic()->min_tokens() == 0)
    return {};
  // Most options take one word; --parameter-scan takes three.
  const std::size_t count = d->semantic()->min_tokens();
  if (args.size() < count + 1)
    throw UsageError("option '" + word + "' needs " +
                     (count == 1 ? std::string("a value")
                                 : std::to_string(count) + " values, " + d->semantic()->name()));
  po::option o(d->long_name(), std::vector<std::string>(
                                   args.begin() + 1, args.begin() + 1 + static_cast<long>(count)));
  o.original_tokens.assign(args.begin(), args.begin() + 1 + static_cast<long>(count));
  args.erase(args.begin(), args.begin() + 1 + static_cast<long>(count));
  taken.push_back(std::move(o));
  return taken;
}

}  // namespace

std::vector<std::string> SplitAtCommas(const std::string& list) {
  std::vector<std::string> words;
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    if (comma > start) words.push_back(list.substr(start, comma - start));
    start = comma + 1;
  }
  return words;
}

po::variables_map ParseOptions(const std::vector<std::string>& words,
                               const po::options_description& options, const OptionSyntax& syntax) {
  po::positional_options_description positional;
  if (!syntax.positional.empty()) positional.add(syntax.positional.c_str(), -1);
  const bool stop = syntax.stop_at_first_positional;
  po::variables_map vm;
  try {
    const int style = po::command_line_style::unix_style ^ po::command_line_style::allow_guessing;
    po::store(po::command_line_parser(words)
                  .options(options)
                  .positional(positional)
                  .style(style)
                  .extra_style_parser([&](std::vector<std::string>& args) {
                    return GetoptWords(args, options, stop);
                  })
                  .run(),
              vm);
    po::notify(vm);
  } catch (const po::unknown_option& e) {
    std::vector<std::string> names;
    for (const auto& o : options.options())
      if (!o->description().empty()) names.push_back("--" + o->long_name());
    const std::string name = e.get_option_name();
    const std::string bare = name.substr(0, name.find('='));
    for (const auto& [habit, instead] : syntax.habits)
      if (bare == habit) throw Usage(syntax, std::string(e.what()) + "; " + instead);
    throw Usage(syntax, e.what() + DidYouMean(bare, names));
  } catch (const po::too_many_positional_options_error&) {
    // Boost cannot name the word; it can only be a word that is no option.
    throw Usage(syntax, "takes options only; a word that is not an option was given");
  } catch (const po::error& e) {
    throw Usage(syntax, e.what());
  } catch (const UsageError& e) {
    throw Usage(syntax, e.what());
  }
  return vm;
}

OptionWords WordsOf(const po::options_description& options) {
  OptionWords words;
  for (const auto& o : options.options()) {
    // Positional words (the command, the files) are described in the usage line.
    if (o->long_name().empty() || o->description().empty()) continue;
    const std::string value = o->semantic()->max_tokens() > 0 ? o->semantic()->name() : "";
    words.push_back({"--" + o->long_name(), value});
    const std::string shorter =
        o->canonical_display_name(po::command_line_style::allow_dash_for_short);
    if (shorter.size() == 2 && shorter[0] == '-') words.push_back({shorter, value});
  }
  return words;
}

std::string FormatOptionHelp(const po::options_description& options) {
  std::vector<std::pair<std::string, std::string>> rows;
  std::size_t width = 0;
  for (const auto& o : options.options()) {
    if (o->description().empty()) continue;  // positional words, described in the usage line
    // Boost names an option without a short form by its bare long name here.
    const std::string shorter =
        o->canonical_display_name(po::command_line_style::allow_dash_for_short);
    const bool has_short = shorter.size() == 2 && shorter[0] == '-';
    std::string names =
        (has_short ? "  " + shorter + ", " : std::string(6, ' ')) + "--" + o->long_name();
    if (o->semantic()->max_tokens() > 0) names += " " + o->semantic()->name();
    width = std::max(width, names.size());
    rows.emplace_back(std::move(names), o->description());
  }
  const std::size_t indent = width + 2;
  std::ostringstream s;
  for (const auto& [names, text] : rows)
    s << names << std::string(indent - names.size(), ' ') << Wrap(text, indent, indent) << '\n';
  return s.str();
}

}  // namespace timeit
