# Neoverse N1 (QEMU's model, -icount shift=0), freshly booted Debian kernel,
# as root (run by guest/init; helpers there). The workload is syscall-bench:
# N geteuid calls through svc #0, the same mix of user and kernel work from
# its first to its last call, so that a multiplexed count scales to the
# truth. The build's own (dynamically linked) syscall-bench runs the series
# with events the PMU lacks; the others run a static build of the same
# source (reasons below).
# What the PMU says it implements: name:config, from its sysfs events list.
pmu=$(ls -d /sys/bus/event_source/devices/armv8_pmuv3* 2>/dev/null | head -n 1)
result pmu "${pmu##*/}"
events=""
for f in "$pmu"/events/*; do
  [ -f "$f" ] && events="$events ${f##*/}:$(cat "$f")"
done
result pmu_events "$events"
result pmu_counters "$(dmesg | grep -o 'enabled with .* counters available' | head -n 1)"

N=10000
# The default metrics, twice the calls in the second series: syscalls must
# be the same in every run of a series and differ by exactly N. The workload
# is syscall-bench linked statically (qemu_system.add_static_syscall_bench):
# the dynamic loader's start-up makes one system call fewer in some runs
# (1043 instead of 1044 in 1 run of 13, the same run every boot: the address
# layout), which is the program's doing, not the count's.
run_captured default timeit -n 3 -o default.csv -- syscall-bench-static svc $N
send_file default.csv default.csv
run_captured default2 timeit -n 3 -o default2.csv -- syscall-bench-static svc $((2 * N))
send_file default2.csv default2.csv
# Events the PMU does not list: 0x01 (L1I_CACHE_REFILL, in the range the
# sysfs list covers) and 0x82 (EXC_SVC, outside it).
run_captured lacking timeit -w 0 -n 1 -o lacking.csv -e instructions,r01,r82 -- syscall-bench svc $N
send_file lacking.csv lacking.csv
# :u and :k beside the whole, each on its own counter: the truth. Static,
# syscall-bench's start-up is a small part of its user-mode count, so scaling
# a multiplexed count is fair (qemu_system.add_static_syscall_bench). No warm-up
# runs from here on: nothing here warms up, and the guest is slow (QEMU
# executes about 20 million instructions a second under -icount).
M=100000
run_captured modifiers timeit -w 0 -n 2 -o modifiers.csv \
  -e instructions,instructions:u,instructions:k,cycles,cycles:u,cycles:k -- syscall-bench-static svc $M
send_file modifiers.csv modifiers.csv
run_captured raw_modifiers timeit -w 0 -n 2 -o raw_modifiers.csv \
  -e r08,r08:u,r08:k,r11,r11:u,r11:k -- syscall-bench-static svc $M
send_file raw_modifiers.csv raw_modifiers.csv
# All twelve at once on 6 counters + the cycle counter: multiplexed, scaled.
run_captured multiplexed timeit -w 0 -n 2 -o multiplexed.csv \
  -e instructions,instructions:u,instructions:k,cycles,cycles:u,cycles:k,r08,r08:u,r08:k,r11,r11:u,r11:k \
  -- syscall-bench-static svc $M
send_file multiplexed.csv multiplexed.csv
# Last, so that the series above meet the machine as booted (no tracefs): the
# arm64 package, installed as dpkg installs it (n1_fresh_boot.py).
package_series
