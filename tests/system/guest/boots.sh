# One boot of a `timeit boots` experiment (tests/system/boots.py; run by
# guest/init, helpers there). The machine's disk is /dev/vda (ext4), which
# keeps the experiment's state and CSV across its reboots; on the first boot
# it is empty and /work/start begins the experiment, on every later one the
# init calls `timeit boots resume`, as the systemd unit would. The step's
# --next-boot command writes the next kernel on /dev/vdb, the boot loader's
# one-shot block that the host reads, and cuts the power. Only a boot that
# returns (the experiment over, or a failure) gets past resume.
release=$(uname -r)
for module in $(cat "/lib/modules/$release/load-order"); do
  insmod "/lib/modules/$release/$module.ko" || result "insmod_failed" "$module"
done
mkdir -p /disk
mount -t ext4 /dev/vda /disk || { result mount_failed 1; exit 1; }
if [ -f /work/esp ]; then
  # --via systemd-boot: the ESP (/dev/vdb, a folder QEMU shows as a FAT
  # disk, read-only), where bootctl finds the entries, and the EFI
  # variables it sets the one-shot entry in. vvfat's partition is of FAT's
  # type, not the ESP's, which bootctl checks unless told to relax.
  mkdir -p /efi
  mount -t vfat -o ro /dev/vdb1 /efi || result esp_mount_failed 1
  mount -t efivarfs efivarfs /sys/firmware/efi/efivars || result efivarfs_mount_failed 1
  export SYSTEMD_RELAX_ESP_CHECKS=1
  # The entry systemd-boot booted (UTF-16 after 4 bytes of attributes).
  selected=/sys/firmware/efi/efivars/LoaderEntrySelected-4a67b082-0a4c-41cf-b6c7-440b29bb8c4f
  result loader_entry_selected "$(tail -c +5 "$selected" | tr -d '\000')"
fi
if [ -d /disk/state ]; then
  timeit boots resume --state-dir /disk/state
  result resume.status $?
else
  sh /work/start
  result start.status $?
fi
result kexec_loaded "$(cat /sys/kernel/kexec_loaded)"
timeit boots status --state-dir /disk/state > /tmp/status 2>&1
result boots_status.status $?
send_file status /tmp/status
for f in exp.csv exp.compare.txt; do
  [ -f "/disk/$f" ] && send_file "$f" "/disk/$f"
done
umount /disk
