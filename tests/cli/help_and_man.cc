#include "tests/cli/help_and_man.h"

#include <cctype>
#include <regex>
#include <sstream>
#include <utility>

#include "tests/cli/summary_csv.h"

namespace timeit::testing {
namespace {

std::string Trimmed(const std::string& s) {
  const std::size_t a = s.find_first_not_of(' ');
  if (a == std::string::npos) return {};
  return s.substr(a, s.find_last_not_of(' ') - a + 1);
}

/// A macro line's arguments, double quotes grouping blanks.
std::vector<std::string> MacroArguments(const std::string& line) {
  std::vector<std::string> args;
  std::string current;
  bool quoted = false, any = false;
  for (std::size_t i = line.find(' '); i != std::string::npos && i < line.size(); ++i) {
    const char c = line[i];
    if (c == '"') {
      quoted = !quoted;
      any = true;
    } else if (c == ' ' && !quoted) {
      if (any || !current.empty()) args.push_back(current);
      current.clear();
      any = false;
    } else {
      current += c;
      any = true;
    }
  }
  if (any || !current.empty()) args.push_back(current);
  return args;
}

/// One line of roff as text: a font macro's arguments joined (alternating
/// macros without blanks, .B and .I with), other requests dropped.
std::string LineToText(const std::string& line) {
  if (line.empty() || (line[0] != '.' && line[0] != '\'')) return line;
  const std::string macro = line.substr(1, line.find(' ') - 1);
  const std::vector<std::string> args = MacroArguments(line);
  std::string out;
  if (macro == "B" || macro == "I") {
    for (const std::string& a : args) out += (out.empty() ? "" : " ") + a;
  } else if (macro.size() == 2 && std::string("BIR").find(macro[0]) != std::string::npos &&
             std::string("BIR").find(macro[1]) != std::string::npos) {
    for (const std::string& a : args) out += a;
  }
  return out;  // .TP, .RS, .IP, comments: nothing a reader sees
}

/// "-n, --runs N" (a man page entry's tag as text) as options.
std::vector<OptionDoc> TagOptions(const std::string& tag) {
  std::vector<std::string> parts;
  std::size_t from = 0;
  for (std::size_t at = tag.find(", -"); at != std::string::npos; at = tag.find(", -", at + 1)) {
    parts.push_back(tag.substr(from, at - from));
    from = at + 2;
  }
  parts.push_back(tag.substr(from));
  std::vector<OptionDoc> options;
  std::string pending_short;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const std::string part = Trimmed(parts[i]);
    const std::size_t blank = part.find(' ');
    const std::string name = part.substr(0, blank);
    const std::string argument = blank == std::string::npos ? "" : Trimmed(part.substr(blank));
    const bool is_long = name.rfind("--", 0) == 0;
    // "-n, --runs N": the short name of the long option that follows.
    if (!is_long && argument.empty() && i + 1 < parts.size() &&
        Trimmed(parts[i + 1]).rfind("--", 0) == 0) {
      pending_short = name;
      continue;
    }
    OptionDoc o;
    (is_long ? o.long_name : o.short_name) = name;
    if (is_long) o.short_name = std::exchange(pending_short, "");
    o.argument = argument;
    options.push_back(o);
  }
  return options;
}

}  // namespace

std::vector<OptionDoc> HelpOptions(const std::string& help) {
  const std::regex both(R"(^  (-[A-Za-z]), (--[a-z][a-z-]*)(?: (\S+(?: [A-Z]+)*))?(?:  +(.*))?$)");
  const std::regex long_only(R"(^      (--[a-z][a-z-]*)(?: (\S+(?: [A-Z]+)*))?(?:  +(.*))?$)");
  const std::regex short_only(R"(^  (-[A-Za-z])  +(.*)$)");
  std::vector<OptionDoc> options;
  bool continues = false;
  for (const std::string& line : TextLines(help)) {
    std::smatch m;
    // An implicit value's default, "[=HZ(=999)]", is Boost's wording of the
    // argument "[=HZ]", which the help's text says again.
    const auto argument = [](const std::string& a) {
      return std::regex_replace(a, std::regex(R"(\(=[^)]*\)\])"), "]");
    };
    if (std::regex_match(line, m, both)) {
      options.push_back({m[1], m[2], argument(m[3]), m[4]});
    } else if (std::regex_match(line, m, long_only)) {
      options.push_back({"", m[1], argument(m[2]), m[3]});
    } else if (std::regex_match(line, m, short_only)) {
      options.push_back({m[1], "", "", m[2]});
    } else if (continues && line.rfind("      ", 0) == 0) {
      options.back().text += " " + Trimmed(line);
      continue;
    } else {
      continues = false;
      continue;
    }
    continues = true;
  }
  return options;
}

std::string HelpUsage(const std::string& help) {
  std::string usage;
  for (const std::string& line : TextLines(help)) {
    if (line.rfind("usage:", 0) != 0 && line.rfind("    ", 0) != 0) break;
    usage += line + "\n";
  }
  return usage;
}

std::string ManSection(const std::string& page, const std::string& subcommand) {
  const std::string begin = subcommand.empty() ? ".SH OPTIONS\n" : ".B timeit " + subcommand + " ";
  const std::size_t from = page.find(begin);
  if (from == std::string::npos) return {};
  std::size_t to = page.find("\n.SH ", from + 1);
  if (!subcommand.empty()) to = std::min(to, page.find("\n.TP\n.B timeit ", from));
  return page.substr(from, to == std::string::npos ? std::string::npos : to - from);
}

std::vector<OptionDoc> ManOptions(const std::string& section) {
  std::vector<OptionDoc> options;
  std::vector<std::string> lines = TextLines(section);
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    if (lines[i] != ".TP") continue;
    const std::string tag = RoffToText(lines[i + 1]);
    if (tag.rfind("-", 0) != 0) continue;  // a subcommand's entry, not an option's
    std::string text;
    std::size_t j = i + 2;
    for (; j < lines.size(); ++j) {
      const std::string& l = lines[j];
      if (l == ".TP" || l == ".RE" || l == ".RS" || l.rfind(".SH", 0) == 0 || l == ".IP" ||
          l == ".PP")
        break;
      text += (text.empty() ? "" : " ") + RoffToText(l);
    }
    for (OptionDoc o : TagOptions(tag)) {
      o.text = Trimmed(text);
      options.push_back(o);
    }
  }
  return options;
}

std::string RoffToText(const std::string& roff) {
  std::string text;
  for (const std::string& line : TextLines(roff)) {
    const std::string t = LineToText(line);
    if (!t.empty()) text += (text.empty() ? "" : " ") + t;
  }
  text = std::regex_replace(text, std::regex(R"(\\f[BIRP])"), "");
  const std::pair<const char*, const char*> escapes[] = {
      {R"(\-)", "-"},   {R"(\(+-)", "±"}, {R"(\(->)", "→"}, {R"(\(em)", "—"}, {R"(\(en)", "–"},
      {R"(\(mu)", "×"}, {R"(\&)", ""},    {R"(\ )", " "},   {R"(\e)", "\\"}};
  for (const auto& [escape, plain] : escapes) {
    for (std::size_t at = text.find(escape); at != std::string::npos;
         at = text.find(escape, at + std::string(plain).size()))
      text.replace(at, std::string(escape).size(), plain);
  }
  return text;
}

std::string Normalized(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (std::isspace(c)) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += static_cast<char>(std::tolower(c));
    }
  }
  out = std::regex_replace(out, std::regex("–|—"), "-");
  while (!out.empty() && (out.back() == ' ' || out.back() == '.')) out.pop_back();
  return out;
}

}  // namespace timeit::testing
