# x86-64, freshly booted Debian kernel (run by guest/init; helpers there).
# The unprivileged run comes first, so that it meets the machine exactly as
# booted: nothing (not even timeit as root) has mounted tracefs yet.
N=100000
chmod 1777 /work
result user_uid "$(su -s /bin/sh user -c 'id -u')"
run_captured user su -s /bin/sh user -c \
  "cd /work && timeit -n 2 -o /work/user.csv -- syscall-bench syscall $N"
send_file user.csv /work/user.csv
run_captured root timeit -n 2 -o /work/root.csv -- syscall-bench syscall $N
send_file root.csv /work/root.csv
run_captured int80 timeit -n 2 -o /work/int80.csv -- syscall-bench int80 $N
send_file int80.csv /work/int80.csv
