#include "platforms/metric_name.h"

namespace timeit::platforms {

std::string MetricBaseName(std::string_view column, MetricTarget target) {
  const std::size_t at = column.find('@');
  std::string_view name = column.substr(0, at);
  const std::string_view rest = at == std::string_view::npos ? "" : column.substr(at);
  const std::size_t colon = name.rfind(':');
  if (colon != std::string_view::npos && colon > 0 && colon + 1 < name.size() &&
      name.find_first_not_of("ukhGHIDe", colon + 1) == std::string_view::npos)
    name = name.substr(0, colon);
  std::string base(name);
  if (target == MetricTarget::kKeep) base += rest;
  return base;
}

}  // namespace timeit::platforms
