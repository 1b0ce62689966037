# One boot of the reboot experiment (run by guest/init; helpers there): a
# warm-up and four measured runs appended to the series this kernel's earlier
# boots left in /work (the host carries it over); /work/series names it.
series=$(cat series)
run_captured r timeit -n 4 -w 1 --no-counters -o "$series.csv" -- syscall-bench svc 20000
send_file "$series.csv" "$series.csv"
