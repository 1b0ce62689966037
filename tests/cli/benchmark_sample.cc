// A small Google benchmark (Debian's libbenchmark-dev) whose --benchmark_out
// files the compare tests read: two benchmarks in different time units,
// one with the library's own rate counter and a user counter.
#include <benchmark/benchmark.h>

#include <cstdint>

namespace {

void BM_Sum(benchmark::State& state) {
  std::uint64_t sum = 0;
  for (auto _ : state) {
    for (std::int64_t i = 0; i < state.range(0); ++i) benchmark::DoNotOptimize(sum += i);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.counters["range"] = static_cast<double>(state.range(0));
}
BENCHMARK(BM_Sum)->Arg(1000)->Arg(4000)->Unit(benchmark::kMicrosecond);

void BM_Nothing(benchmark::State& state) {
  for (auto _ : state) benchmark::ClobberMemory();
}
BENCHMARK(BM_Nothing)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
