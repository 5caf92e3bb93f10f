package io.hdfslocalcache.simulator.model;

import io.hdfslocalcache.guard.DiskModel;

/**
 * HDD disk-head time by the fill guard's {@link DiskModel} (Baleen, FAST'24: each IO costs a seek
 * plus its bytes at the disk's streaming rate), so the guard and the figures agree on what an IO
 * costs. Accumulated per minute of trace time, for utilisation over time.
 */
final class DiskLoad {
  static final DiskModel DISK = DiskModel.DEFAULT;

  private final long firstMinute;
  private final double[] seconds;
  private double total;

  DiskLoad(long firstTimeMs, long lastTimeMs) {
    this.firstMinute = Math.floorDiv(firstTimeMs, 60_000L);
    long minutes = Math.floorDiv(lastTimeMs, 60_000L) - firstMinute + 1;
    if (minutes > 100_000_000L) {
      throw new IllegalArgumentException(
          "trace spans " + minutes + " minutes; timestamps look wrong");
    }
    this.seconds = new double[(int) minutes];
  }

  /** One IO of {@code bytes}. */
  void io(long timeMs, long bytes) {
    ios(timeMs, 1, bytes);
  }

  /** {@code ios} IOs moving {@code bytes} in all. */
  void ios(long timeMs, long ios, long bytes) {
    double s = DISK.seconds(ios, bytes);
    seconds[(int) (Math.floorDiv(timeMs, 60_000L) - firstMinute)] += s;
    total += s;
  }

  double totalSeconds() {
    return total;
  }

  /** Disk-head seconds per minute divided by the head-seconds {@code disks} have in a minute. */
  double[] utilization(int disks) {
    double[] u = new double[seconds.length];
    for (int i = 0; i < u.length; i++) {
      u[i] = seconds[i] / (60.0 * disks);
    }
    return u;
  }

  long firstMinute() {
    return firstMinute;
  }
}
