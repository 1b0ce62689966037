# The measured command of the boots scenario: a little work and a score. On the boot
# the host means to cut short (/work/pull-plug holds K), the run after K
# rows of this boot are in the CSV prints TIMEIT-PULL-PLUG on the console
# and waits, and the host kills QEMU: a power cut in the middle of a series.
# Its score (for --metric): 100, or N where the command line says
# timeit.score=N -- the same in every boot, so that an interval of the
# difference is exact.
i=0
while [ "$i" -lt 200 ]; do i=$((i + 1)); done
score=100
for word in $(cat /proc/cmdline); do
  case $word in timeit.score=*) score=${word#timeit.score=} ;; esac
done
echo "score=$score"
if [ -f /work/pull-plug ]; then
  rows=$(grep -c "$(cat /proc/sys/kernel/random/boot_id)" /disk/exp.csv 2>/dev/null)
  if [ "${rows:-0}" -ge "$(cat /work/pull-plug)" ]; then
    echo "TIMEIT-PULL-PLUG after $rows rows" > /dev/console
    sleep 600
  fi
fi
exit 0
