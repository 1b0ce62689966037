#pragma once

#include <boost/program_options.hpp>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "wrapper/base/option_word.h"

namespace timeit {

namespace po = boost::program_options;

/// A Boost.Program_options value that a reader of ours turns into a
/// `Stored` while the command line is parsed, so every option's value is
/// typed and checked at parse time, and a bad one is a UsageError in
/// timeit's wording (BadValue) rather than Boost's. Unlike po::typed_value it
/// needs no operator>> for the type (a std::optional, a pair, an enum).
template <typename Stored>
class ReadSemantic : public po::value_semantic_codecvt_helper<char> {
 public:
  ReadSemantic(Stored* target, std::string value_name, bool repeatable)
      : target_(target), value_name_(std::move(value_name)), repeatable_(repeatable) {}

  /// Also called with the value after parsing (po::notify).
  ReadSemantic* then(std::function<void(const Stored&)> f) {
    then_ = std::move(f);
    return this;
  }

  std::string name() const override { return value_name_; }
  unsigned min_tokens() const override { return 1; }
  unsigned max_tokens() const override { return 1; }
  bool is_composing() const override { return repeatable_; }
  bool is_required() const override { return false; }
  bool apply_default(boost::any&) const override { return false; }
  void notify(const boost::any& value) const override {
    if (value.empty()) return;
    const Stored& v = boost::any_cast<const Stored&>(value);
    if (target_ != nullptr) *target_ = v;
    if (then_) then_(v);
  }

 private:
  Stored* target_;
  std::string value_name_;
  bool repeatable_;
  std::function<void(const Stored&)> then_;
};

/// One value; given twice, it is Boost's "more than once" error.
template <typename T>
class ReadValue final : public ReadSemantic<T> {
 public:
  using Reader = std::function<T(const std::string&)>;
  ReadValue(T* target, std::string value_name, Reader read)
      : ReadSemantic<T>(target, std::move(value_name), false), read_(std::move(read)) {}

 protected:
  void xparse(boost::any& out, const std::vector<std::string>& words) const override {
    po::validators::check_first_occurrence(out);
    out = read_(po::validators::get_single_string(words));
  }

 private:
  Reader read_;
};

/// A repeatable option whose every occurrence the reader turns into zero or
/// more Ts, appended in order (`-e cycles,instructions -e faults`).
template <typename T>
class ReadList final : public ReadSemantic<std::vector<T>> {
 public:
  using Reader = std::function<std::vector<T>(const std::string&)>;
  ReadList(std::vector<T>* target, std::string value_name, Reader read)
      : ReadSemantic<std::vector<T>>(target, std::move(value_name), true), read_(std::move(read)) {}

 protected:
  void xparse(boost::any& out, const std::vector<std::string>& words) const override {
    if (out.empty()) out = std::vector<T>();
    auto& list = boost::any_cast<std::vector<T>&>(out);
    for (const std::string& word : words)
      for (T& item : read_(word)) list.push_back(std::move(item));
  }

 private:
  Reader read_;
};

/// An option of a fixed number of words, read together (hyperfine's
/// `--parameter-scan NAME MIN MAX`); given twice, Boost's "more than once".
template <typename T>
class ReadWordsValue final : public ReadSemantic<T> {
 public:
  using Reader = std::function<T(const std::vector<std::string>&)>;
  ReadWordsValue(T* target, std::string value_name, unsigned count, Reader read)
      : ReadSemantic<T>(target, std::move(value_name), false),
        count_(count),
        read_(std::move(read)) {}
  unsigned min_tokens() const override { return count_; }
  unsigned max_tokens() const override { return count_; }

 protected:
  void xparse(boost::any& out, const std::vector<std::string>& words) const override {
    po::validators::check_first_occurrence(out);
    out = read_(words);
  }

 private:
  unsigned count_;
  Reader read_;
};

/// A repeatable option of a fixed number of words, each occurrence read
/// together and appended in order (several `--parameter-list NAME VALUES`).
template <typename T>
class ReadEachWordsValue final : public ReadSemantic<std::vector<T>> {
 public:
  using Reader = std::function<T(const std::vector<std::string>&)>;
  ReadEachWordsValue(std::vector<T>* target, std::string value_name, unsigned count, Reader read)
      : ReadSemantic<std::vector<T>>(target, std::move(value_name), true),
        count_(count),
        read_(std::move(read)) {}
  unsigned min_tokens() const override { return count_; }
  unsigned max_tokens() const override { return count_; }

 protected:
  void xparse(boost::any& out, const std::vector<std::string>& words) const override {
    if (out.empty()) out = std::vector<T>();
    auto& list = boost::any_cast<std::vector<T>&>(out);
    // Boost hands a composing option its occurrences' words together.
    for (std::size_t at = 0; at + count_ <= words.size(); at += count_)
      list.push_back(
          read_(std::vector<std::string>(words.begin() + at, words.begin() + at + count_)));
  }

 private:
  unsigned count_;
  Reader read_;
};

/// Each `--option WORD1 ... WORDn` read by `read` and appended to `*target`.
template <typename T>
ReadEachWordsValue<T>* ReadEachWords(std::vector<T>* target, const char* value_name, unsigned count,
                                     typename ReadEachWordsValue<T>::Reader read) {
  return new ReadEachWordsValue<T>(target, value_name, count, std::move(read));
}

/// `--option WORD1 ... WORDn` read by `read` into `*target`.
template <typename T>
ReadWordsValue<T>* ReadWords(T* target, const char* value_name, unsigned count,
                             typename ReadWordsValue<T>::Reader read) {
  return new ReadWordsValue<T>(target, value_name, count, std::move(read));
}

/// `--option VALUE` read by `read` into `*target` (null: only then()).
template <typename T>
ReadValue<T>* Read(T* target, const char* value_name, typename ReadValue<T>::Reader read) {
  return new ReadValue<T>(target, value_name, std::move(read));
}

/// A repeatable `--option VALUE`, each read by `read`, appended to `*target`.
template <typename T>
ReadList<T>* ReadEach(std::vector<T>* target, const char* value_name,
                      typename ReadList<T>::Reader read) {
  return new ReadList<T>(target, value_name, std::move(read));
}

/// The words of a comma-separated list, empty words dropped ("a,,b" is a, b).
std::vector<std::string> SplitAtCommas(const std::string& list);

/// How a subcommand's words are parsed, beyond the option descriptions.
struct OptionSyntax {
  /// Where words that are not options go (the command, the files); empty:
  /// such words are an error.
  std::string positional;
  /// Options end at the first word that is not one (the run mode: `timeit -n
  /// 3 make -j64` leaves -j64 to make). Otherwise options and other words
  /// may mix, as with ministat.
  bool stop_at_first_positional = false;
  /// "timeit compare" in messages, "" for the run mode.
  std::string context;
  /// Named in every error: "see timeit compare --help".
  std::string help_hint;
  /// Options users bring from peers (hyperfine, perf stat) that mean
  /// something else here or nothing: each unknown one's error says what to
  /// use instead ("-r" -> "-n/--runs, as hyperfine's -r and perf stat's -r").
  std::vector<std::pair<std::string, std::string>> habits{};
};

/// Parses `words` (argv without the program or subcommand name) with
/// `options`, storing and notifying into the options' targets; returns the
/// map, for which options were given. An option that takes a value takes the
/// next word whatever it is, as with getopt (`-n -3` is a bad count, not an
/// unknown option "-3"). Every failure is one UsageError.
po::variables_map ParseOptions(const std::vector<std::string>& words,
                               const po::options_description& options, const OptionSyntax& syntax);

/// The options' help, one per line, formatted by us rather than Boost
/// ("  -n, --runs N          measured runs (default 10)"): the option and its
/// value in a column as wide as the widest, then the description, wrapped at
/// 100 columns under itself.
std::string FormatOptionHelp(const po::options_description& options);

/// Every option's words, long and short, in the table's order.
OptionWords WordsOf(const po::options_description& options);

}  // namespace timeit
