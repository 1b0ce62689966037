#include "counters/address_spaces.h"

#include <algorithm>

namespace timeit::symbols {

void AddressSpaces::Map(pid_t pid, std::uint64_t start, std::uint64_t length,
                        std::uint64_t file_offset, std::uint32_t object) {
  if (length == 0) return;
  std::shared_ptr<List>& list = spaces_[pid];
  if (!list) {
    list = std::make_shared<List>();
  } else if (list.use_count() > 1) {
    list = std::make_shared<List>(*list);  // shared with a fork: copy before writing
  }
  const std::uint64_t end = start + length;
  List kept;
  kept.reserve(list->size() + 2);
  for (const Mapping& m : *list) {
    if (m.end <= start || m.start >= end) {
      kept.push_back(m);
      continue;
    }
    if (m.start < start) {  // the part below the new mapping stays
      Mapping low = m;
      low.end = start;
      kept.push_back(low);
    }
    if (m.end > end) {  // and the part above, its offset moved along
      Mapping high = m;
      high.file_offset += end - m.start;
      high.start = end;
      kept.push_back(high);
    }
  }
  kept.push_back({start, end, file_offset, object});
  std::sort(kept.begin(), kept.end(),
            [](const Mapping& a, const Mapping& b) { return a.start < b.start; });
  *list = std::move(kept);
}

void AddressSpaces::Fork(pid_t parent, pid_t child) {
  if (parent == child) return;  // a thread: same address space
  const auto it = spaces_.find(parent);
  if (it == spaces_.end()) {
    spaces_.erase(child);
    return;
  }
  spaces_[child] = it->second;
}

void AddressSpaces::Exec(pid_t pid) { spaces_.erase(pid); }

void AddressSpaces::Exit(pid_t pid) { spaces_.erase(pid); }

const Mapping* AddressSpaces::Find(pid_t pid, std::uint64_t address) const {
  const auto it = spaces_.find(pid);
  if (it == spaces_.end() || !it->second) return nullptr;
  const List& list = *it->second;
  auto m = std::upper_bound(list.begin(), list.end(), address,
                            [](std::uint64_t a, const Mapping& x) { return a < x.start; });
  if (m == list.begin()) return nullptr;
  --m;
  return address < m->end ? &*m : nullptr;
}

std::span<const Mapping> AddressSpaces::MappingsOf(pid_t pid) const {
  const auto it = spaces_.find(pid);
  if (it == spaces_.end() || !it->second) return {};
  return *it->second;
}

}  // namespace timeit::symbols
