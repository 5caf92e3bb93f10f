package io.hdfslocalcache.simulator.model;

/**
 * HDD disk-head time as Baleen (FAST'24) estimates it: each IO costs a seek plus its bytes at the
 * disk's streaming rate. Accumulated per minute of trace time, for utilisation over time.
 */
final class DiskLoad {
  /** Seek + rotation of one random IO. */
  static final double SECONDS_PER_IO = 0.0115;

  /** Streaming rate, 143 MB/s with MB = 10^6 bytes. */
  static final double BYTES_PER_SECOND = 143e6;

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

  static double ioSeconds(long bytes) {
    return SECONDS_PER_IO + bytes / BYTES_PER_SECOND;
  }

  void io(long timeMs, long bytes) {
    double s = ioSeconds(bytes);
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
