# The Pentium D experiment on a real 32-bit kernel (run by guest/init; helpers
# there): Debian's 686 kernel on one of QEMU's Pentium-class CPU models, the
# i386 timeit and syscall-bench. The same N geteuid calls entered through
# int $0x80 and through the vDSO's __kernel_vsyscall, five measured runs each,
# then timeit compare (-v: it names the counters no run counted), and a
# profile of the vsyscall gate -- all on the guest, as its user would. The int80
# series comes first, so that it meets the machine as booted: no tracefs.
N=100000
cp /proc/cpuinfo /tmp/cpuinfo
send_file cpuinfo /tmp/cpuinfo
run_captured which syscall-bench --which
# syscall-bench-static: every run makes the same calls (pentium_32bit.py).
run_captured int80 timeit -n 5 -o int80.csv -- syscall-bench-static int80 $N
send_file int80.csv int80.csv
run_captured vsyscall timeit -n 5 -o vsyscall.csv -- syscall-bench-static vsyscall $N
send_file vsyscall.csv vsyscall.csv
# Where the vsyscall run's time goes: the vDSO's gate is named in its profile.
run_captured vprofile timeit -q --profile --profile-callers -w 0 -n 1 -o vprofile.csv -- \
  syscall-bench vsyscall $N
send_file vprofile.profile.csv vprofile.profile.csv
run_captured events timeit events
run_captured compare timeit compare -v --csv summary.csv int80.csv vsyscall.csv
send_file summary.csv summary.csv
# Last, so that the series above meet the machine as booted (no tracefs): the
# i386 package, installed as dpkg installs it (pentium_32bit.py).
package_series
