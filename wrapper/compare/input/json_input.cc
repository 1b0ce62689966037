#include "wrapper/compare/input/json_input.h"

#include <algorithm>

#include "wrapper/base/errors.h"

namespace timeit {
namespace {

using json = Json;

constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

/// The line of byte `offset` (1-based) of `text`.
long LineAt(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  return 1 + static_cast<long>(std::count(text.begin(), text.begin() + offset, '\n'));
}

/// nlohmann's message without its "[json.exception.parse_error.101] parse
/// error at line 4, column 3: " prefix: the line is ours to say.
std::string ParseWhy(const json::parse_error& e) {
  std::string why = e.what();
  const std::size_t colon = why.find(": ");
  if (colon != std::string::npos) why = why.substr(colon + 2);
  return "not valid JSON: " + why;
}

json Parse(const std::string& file, std::string_view text) {
  try {
    return json::parse(text.begin(), text.end());
  } catch (const json::parse_error& e) {
    // e.byte is 1-based and points past the offending character.
    throw InputError(file, LineAt(text, e.byte == 0 ? 0 : e.byte - 1), ParseWhy(e));
  }
}

bool IsTimeitExport(const json& results) {
  return std::any_of(results.begin(), results.end(), [](const json& entry) {
    const json* metrics = JsonFields::Member(entry, "metrics");
    return metrics != nullptr && metrics->is_object();
  });
}

ResultsTable ReadJsonDocument(const std::string& file, const json& doc,
                              std::vector<std::string>& notes) {
  const json* results = doc.is_object() ? JsonFields::Member(doc, "results") : nullptr;
  const json* benchmarks = doc.is_object() ? JsonFields::Member(doc, "benchmarks") : nullptr;
  if (results != nullptr && results->is_array())
    return IsTimeitExport(*results) ? ReadTimeitJson(file, doc)
                                    : ReadHyperfineJson(file, doc, notes);
  if (benchmarks != nullptr && benchmarks->is_array()) return ReadBenchmarkJson(file, doc);
  throw InputError(file, 0,
                   "a JSON file compare does not know: expected hyperfine's --export-json or "
                   "timeit compare's --json ({\"results\": [...]}) or Google benchmark's "
                   "--benchmark_out ({\"benchmarks\": [...]})");
}

}  // namespace

bool LooksLikeJson(std::string_view text) {
  if (text.starts_with(kByteOrderMark)) text.remove_prefix(kByteOrderMark.size());
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && (text[first] == '{' || text[first] == '[');
}

ResultsTable ReadJsonInput(const std::string& file, std::string_view text,
                           std::vector<std::string>& notes) {
  if (text.starts_with(kByteOrderMark)) text.remove_prefix(kByteOrderMark.size());
  const json doc = Parse(file, text);
  try {
    return ReadJsonDocument(file, doc, notes);
  } catch (const json::exception& e) {  // a reader's check missed a shape: still bad input
    throw InputError(file, 0, std::string("unexpected JSON: ") + e.what());
  }
}

const json* JsonFields::Member(const json& object, std::string_view key) {
  if (!object.is_object()) return nullptr;
  const auto it = object.find(key);
  return it == object.end() || it->is_null() ? nullptr : &*it;
}

const json& JsonFields::Array(const json& v, const std::string& place) const {
  if (!v.is_array()) Fail(place, "expected an array, got " + JsonTypeName(v));
  return v;
}

double JsonFields::Number(const json& v, const std::string& place) const {
  if (!v.is_number()) Fail(place, "expected a number, got " + JsonTypeName(v));
  return v.get<double>();
}

std::string JsonFields::String(const json& v, const std::string& place) const {
  if (!v.is_string()) Fail(place, "expected a string, got " + JsonTypeName(v));
  return v.get<std::string>();
}

void JsonFields::Fail(const std::string& place, const std::string& why) const {
  throw InputError(file_, 0, place + ": " + why);
}

std::string JsonTypeName(const json& v) {
  switch (v.type()) {
    case json::value_t::null:
      return "null";
    case json::value_t::object:
      return "an object";
    case json::value_t::array:
      return "an array";
    case json::value_t::string:
      return "a string";
    case json::value_t::boolean:
      return "a boolean";
    case json::value_t::discarded:
      return "nothing";
    default:
      return "a number";
  }
}

}  // namespace timeit
