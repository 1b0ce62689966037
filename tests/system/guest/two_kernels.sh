# One half of the two-kernel experiment (run by guest/init; helpers there):
# five measured runs of the workload with the default metrics, appended to
# the k.csv the previous boot left (the host carries it over in /work).
run_captured k timeit -n 5 -o k.csv -- syscall-bench svc 20000
send_file k.csv k.csv
