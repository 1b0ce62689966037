# --profile on the Neoverse N1 model (run by guest/init; helpers there): the
# PMU samples cycles here, with its overflow interrupt. The same series
# counts cycles:u and cycles:k, the truth the samples' split between user
# and kernel mode is checked against.
M=300000  # ~0.2 s of guest time a run (icount: a cycle a nanosecond), ~200 samples
run_captured svc timeit --profile -w 0 -n 2 -o svc.csv -e cycles,cycles:u,cycles:k \
  -- syscall-bench svc $M
send_file svc.csv svc.csv
send_file svc.profile.csv svc.profile.csv
