# One boot of the mitigations=off experiment (run by guest/init; helpers
# there): three measured runs appended to the m.csv the previous boot left,
# labelled by whether this boot's command line turns the mitigations off.
label=default
grep -qw 'mitigations=off' /proc/cmdline && label=mitigations-off
run_captured m timeit -n 3 --label "$label" -o m.csv -- syscall-bench syscall 20000
send_file m.csv m.csv
