# Each run in its own cgroup, on Debian's kernel with cgroup v2 mounted as
# systemd mounts it and every controller enabled (guest/init), as root; run
# by guest/init (helpers there). /timeit has touch-memory (tests/cli), the
# static syscall-bench and query-pair; /lib/modules/brd.ko is the kernel's RAM
# disk module, for I/O through the block layer (there is no disk).
CG=/sys/fs/cgroup
result cpus "$(nproc)"

# mem-peak: two processes of 100 MiB resident at once.
run_captured mem timeit -n 2 -w 0 -o mem.csv -- touch-memory 100 2
send_file mem.csv mem.csv

# mem-peak is each run's own: every run leaves 64 MiB of files in the
# initramfs' RAM file system, charged to its cgroup for as long as they
# exist -- a new cgroup's or, where memory.peak can be reset (Linux 6.12),
# the last run's kept one. Each run names its cgroup. No counters: the runs'
# cgroups are the point, and counting runs would be three runs more, 64 MiB
# more of RAM each.
run_captured cache timeit -n 3 -w 0 --no-counters -o cache.csv -- sh -c \
  'sed -n "s/^0:://p" /proc/self/cgroup >> /tmp/cache-cgroups; dd if=/dev/zero of=/tmp/cache.$$ bs=1M count=64 2>/dev/null'
send_file cache.csv cache.csv
result cache_cgroups "$(sort -u /tmp/cache-cgroups | wc -l)"
rm -f /tmp/cache.* /tmp/cache-cgroups

# --no-mem-peak: without the memory controller one cgroup serves every run,
# on any kernel; mem-peak is empty and says why.
run_captured nomem timeit -n 3 -w 0 --no-mem-peak -o nomem.csv -- sh -c \
  'sed -n "s/^0:://p" /proc/self/cgroup >> /tmp/nomem-cgroups'
send_file nomem.csv nomem.csv
result nomem_cgroups "$(sort -u /tmp/nomem-cgroups | wc -l)"
rm -f /tmp/nomem-cgroups

# io-*: 16 MiB written to and read from the RAM disk, past the page cache.
if insmod /lib/modules/brd.ko rd_nr=1 rd_size=65536; then
  result brd 1
  run_captured io timeit -n 2 -w 0 -o io.csv -- sh -c \
    'dd if=/dev/zero of=/dev/ram0 bs=1M count=16 oflag=direct && dd if=/dev/ram0 of=/dev/null bs=1M count=16 iflag=direct'
  send_file io.csv io.csv
fi

# psi-*: a run that only sleeps; one that thrashes a memory-limited cgroup.
# The thrashing command moves itself to a cgroup below its run's, so that the
# run's may give its other child the memory controller and a 16 MiB limit,
# and reads the 64 MiB RAM disk through the page cache there, three times.
run_captured sleep timeit -n 2 -w 0 -o sleep.csv -- sleep 0.5
send_file sleep.csv sleep.csv
cat > /tmp/thrash.sh <<'SCRIPT'
R=/sys/fs/cgroup$(sed -n 's/^0:://p' /proc/self/cgroup)
mkdir "$R/self" "$R/hog" && echo $$ > "$R/self/cgroup.procs" &&
  echo +memory > "$R/cgroup.subtree_control" && echo 16M > "$R/hog/memory.max" || exit 1
exec sh -c "echo \$\$ > $R/hog/cgroup.procs && for i in 1 2 3; do dd if=/dev/ram0 of=/dev/null bs=1M count=64 2>/dev/null || exit 1; done"
SCRIPT
if [ -b /dev/ram0 ]; then
  run_captured thrash timeit -n 1 -w 0 -o thrash.csv -- sh /tmp/thrash.sh
  send_file thrash.csv thrash.csv
fi

# A setsid daemon: named in the notes and gone after the run.
daemon='setsid sh -c "echo \$\$ > /tmp/d.pid; exec sleep 300" </dev/null >/dev/null 2>&1 &
until [ "$(cat /proc/$(cat /tmp/d.pid 2>/dev/null)/comm 2>/dev/null)" = sleep ]; do :; done'
run_captured daemon timeit -n 1 -w 0 -o daemon.csv -- sh -c "$daemon"
send_file daemon.csv daemon.csv
result daemon_pid "$(cat /tmp/d.pid)"
result daemon_alive "$([ -d /proc/$(cat /tmp/d.pid) ] && echo 1 || echo 0)"

# kill -9 of timeit leaves its cgroup (a daemon in it); the next run removes it.
rm -f /tmp/d.pid
timeit -n 1 -w 0 -o killed.csv -- sh -c "$daemon; exec sleep 300" >/dev/null 2>&1 &
tpid=$!
until [ -s /tmp/d.pid ] && [ "$(cat /proc/$(cat /tmp/d.pid)/comm 2>/dev/null)" = sleep ]; do sleep 0.1; done
kill -9 $tpid
wait $tpid 2>/dev/null
result stale_dirs "$(ls -d $CG/timeit-$tpid-* 2>/dev/null | wc -l)"
run_captured next timeit -n 1 -w 0 -o next.csv -- true
result stale_dirs_after "$(ls -d $CG/timeit-$tpid-* 2>/dev/null | wc -l)"
result stale_daemon_alive "$([ -d /proc/$(cat /tmp/d.pid) ] && echo 1 || echo 0)"
result killed_pid "$tpid"

# Both counting modes on a fork-heavy tree: a shell loop of 1000 /bin/true.
loop='i=0; while [ $i -lt 1000 ]; do /bin/true; i=$((i+1)); done'
for how in inherit cgroup; do
  run_captured "by_$how" timeit -n 1 -w 0 --count-by "$how" -e syscalls,task-clock \
    -o "by_$how.csv" -- sh -c "$loop"
  send_file "by_$how.csv" "by_$how.csv"
done

# As systemd-run --scope -p Delegate=yes would start it: timeit alone in a
# scope of its own, which may then give its runs the memory controller only
# once timeit has moved aside; and the same scope with another process in it.
mkdir -p $CG/system.slice/timeit.scope
echo "+memory +io" > $CG/system.slice/cgroup.subtree_control
run_captured scope sh -c "echo \$\$ > $CG/system.slice/timeit.scope/cgroup.procs && exec timeit -n 1 -w 0 -o scope.csv -- touch-memory 100 2"
send_file scope.csv scope.csv
result scope_after "$(ls $CG/system.slice/timeit.scope | grep -c '^timeit-') $(cat $CG/system.slice/timeit.scope/cgroup.subtree_control | wc -w)"
result scope_removable "$(rmdir $CG/system.slice/timeit.scope && echo 1 || echo 0)"
mkdir -p $CG/system.slice/crowded.scope
sh -c "echo \$\$ > $CG/system.slice/crowded.scope/cgroup.procs; exec sleep 300" &
neighbour=$!
until [ -n "$(cat $CG/system.slice/crowded.scope/cgroup.procs)" ]; do sleep 0.1; done
run_captured crowded sh -c "echo \$\$ > $CG/system.slice/crowded.scope/cgroup.procs && exec timeit -n 1 -w 0 -o crowded.csv -- touch-memory 10 1"
send_file crowded.csv crowded.csv
kill $neighbour

# A user has no writable cgroup here: the runs go without, and say why.
run_captured user su user -c "timeit -n 1 -w 0 -o /tmp/user.csv -- true"
send_file user.csv /tmp/user.csv

if [ "$(uname -m)" = aarch64 ]; then
  # The PMU through per-CPU cgroup events: under -icount cycles are
  # instructions; by cgroup and by inheritance count the same work.
  M=100000
  for how in cgroup inherit; do
    run_captured "n1_$how" timeit -n 2 -w 0 --count-by "$how" \
      -e instructions,cycles,instructions:u,syscalls -o "n1_$how.csv" -- syscall-bench-static svc $M
    send_file "n1_$how.csv" "n1_$how.csv"
  done
  # By cgroup, by inheritance and perf-reference (the event opened on a held
  # child with enable_on_exec, as perf stat does) count the same user-mode
  # instructions of a small and a large command, every run: uniform-work
  # prints nothing and reads no clock, so its work is the same each time,
  # and each runs it by the same path. Five runs each: one run in a few, of
  # perf-reference as of timeit, reads a few instructions more (71836 against
  # 71834), so the undisturbed count, every method's least, is compared.
  for N in 100 10000; do
    for how in cgroup inherit; do
      run_captured "n1_${how}_$N" timeit -n 5 -w 0 --count-by "$how" \
        -e instructions:u,syscalls -o "n1_${how}_$N.csv" -- /timeit/uniform-work $N
      send_file "n1_${how}_$N.csv" "n1_${how}_$N.csv"
    done
    # PERF_TYPE_HARDWARE 0, PERF_COUNT_HW_INSTRUCTIONS 1, user mode.
    for i in 1 2 3 4 5; do
      run_captured "n1_reference_${N}_$i" perf-reference 0:1:u -- /timeit/uniform-work $N
    done
  done
  # --rotate by cgroup: twelve events in groups that fit, one group a run,
  # enabled by ioctl on every CPU; every count exact. With syscalls, as the
  # series above, so that the program is the same (see cgroup_runs.py).
  run_captured n1_rotate timeit -n 4 -w 0 --count-by cgroup --rotate \
    -e instructions,instructions:u,instructions:k,cycles,cycles:u,cycles:k,r08,r08:u,r08:k,r11,r11:u,r11:k,syscalls \
    -o n1_rotate.csv -- syscall-bench-static svc $M
  send_file n1_rotate.csv n1_rotate.csv
  # A server in a cgroup of its own, counted with --count-cgroup while its
  # client runs: 100 calls a query, on the PMU too.
  mkdir $CG/server
  sh -c "echo \$\$ > $CG/server/cgroup.procs; exec query-pair serve /tmp/q.sock 100" &
  server=$!
  until [ -S /tmp/q.sock ]; do sleep 0.1; done
  run_captured n1_server timeit -n 2 -w 0 -e instructions,cycles,syscalls --count-cgroup server \
    -o n1_server.csv -- query-pair ask /tmp/q.sock 200
  send_file n1_server.csv n1_server.csv
  kill $server
fi
result leftover_series "$(ls -d $CG/timeit-* 2>/dev/null | grep -vc kept)"
