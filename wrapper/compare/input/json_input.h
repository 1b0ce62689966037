#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "wrapper/results/results_csv_reader.h"

namespace timeit {

/// JSON as the readers hold it: objects keep the file's order of keys, so
/// that metrics and parameters are reported in the order they were written.
using Json = nlohmann::ordered_json;

/// Whether `text` is JSON rather than CSV or plain numbers: its first byte
/// after blanks (and a UTF-8 byte-order mark) opens an object or an array.
bool LooksLikeJson(std::string_view text);

/// Reads a JSON results file into the table compare reads (input_table.h),
/// by what it holds, not by its name:
/// - {"results": [...]} with a "metrics" object per entry: timeit compare's
///   own --json (timeit_json_input.cc);
/// - {"results": [...]} otherwise: hyperfine's --export-json (hyperfine_input.cc);
/// - {"benchmarks": [...]}: Google benchmark's --benchmark_out (benchmark_input.cc).
/// Throws InputError naming `file`: not valid JSON (with the line), none of
/// these, or what each format's reader refuses. Things to know go to `notes`.
ResultsTable ReadJsonInput(const std::string& file, std::string_view text,
                           std::vector<std::string>& notes);

/// The readers of each format, on the parsed document.
ResultsTable ReadHyperfineJson(const std::string& file, const Json& doc,
                               std::vector<std::string>& notes);
ResultsTable ReadBenchmarkJson(const std::string& file, const Json& doc);
ResultsTable ReadTimeitJson(const std::string& file, const Json& doc);

/// Field access that names the place of a bad value: `file: place: why`.
class JsonFields {
 public:
  explicit JsonFields(const std::string& file) : file_(file) {}

  /// `object[key]`, or nullptr when it is absent or null.
  static const Json* Member(const Json& object, std::string_view key);
  /// The array at `place`, or InputError.
  const Json& Array(const Json& v, const std::string& place) const;
  /// The number at `place`, or InputError.
  double Number(const Json& v, const std::string& place) const;
  /// The string at `place`, or InputError.
  std::string String(const Json& v, const std::string& place) const;
  [[noreturn]] void Fail(const std::string& place, const std::string& why) const;

 private:
  const std::string& file_;
};

/// The name of a JSON value's type for a message: "a string", "an object".
std::string JsonTypeName(const Json& v);

}  // namespace timeit
