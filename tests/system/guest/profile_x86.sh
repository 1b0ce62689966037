# --profile on the x86-64 guest (TCG: no PMU, so cpu-clock), as root with
# kallsyms readable: the same geteuid calls through syscall and int $0x80,
# whose kernel entry paths must show (run by guest/init; helpers there):
# more syscall calls than int80 ones, each entry's own cost being what it is.
N=20000
M=400000
run_captured syscall timeit --profile -w 0 -n 3 -o syscall.csv -- syscall-bench syscall $M
send_file syscall.csv syscall.csv
send_file syscall.profile.csv syscall.profile.csv
run_captured int80 timeit --profile -w 0 -n 3 -o int80.csv -- syscall-bench int80 $N
send_file int80.csv int80.csv
send_file int80.profile.csv int80.profile.csv
run_captured compare timeit compare -m sys syscall.csv int80.csv
