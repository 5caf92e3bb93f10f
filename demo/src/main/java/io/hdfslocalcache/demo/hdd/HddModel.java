package io.hdfslocalcache.demo.hdd;

import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.conf.Configuration;

/**
 * Cost of one disk request: a seek drawn uniformly from [seekMinMs, seekMaxMs] (skipped by the
 * spindle for sequential requests) plus transfer at {@code bytesPerSec}. A stream that keeps
 * reading sequentially asks for growing chunks up to {@code readaheadBytes}, as the kernel's
 * readahead does; without that every 64 KB packet of a scan would pay a seek. Defaults are a 7,200
 * rpm HDD.
 */
public record HddModel(double seekMinMs, double seekMaxMs, long bytesPerSec, long readaheadBytes) {
  public static final String SEEK_MIN_MS = "demo.hdd.seek.ms.min";
  public static final String SEEK_MAX_MS = "demo.hdd.seek.ms.max";

  /** Hadoop size per second, e.g. {@code 150m}. */
  public static final String BANDWIDTH = "demo.hdd.bandwidth";

  /** Hadoop size; 0 turns readahead off. */
  public static final String READAHEAD = "demo.hdd.readahead";

  public static final HddModel DEFAULT = new HddModel(8, 12, 150L << 20, 1L << 20);

  public HddModel {
    if (seekMinMs < 0 || seekMaxMs < seekMinMs || bytesPerSec <= 0 || readaheadBytes < 0) {
      throw new IllegalArgumentException(
          "invalid HDD model: seek "
              + seekMinMs
              + "-"
              + seekMaxMs
              + " ms, "
              + bytesPerSec
              + " B/s, readahead "
              + readaheadBytes
              + " B");
    }
  }

  /** The model the demo.hdd.* keys describe, defaults for unset keys. */
  public static HddModel from(Configuration conf) {
    return new HddModel(
        conf.getDouble(SEEK_MIN_MS, DEFAULT.seekMinMs),
        conf.getDouble(SEEK_MAX_MS, DEFAULT.seekMaxMs),
        conf.getLongBytes(BANDWIDTH, DEFAULT.bytesPerSec),
        conf.getLongBytes(READAHEAD, DEFAULT.readaheadBytes));
  }

  /** Writes this model into {@code conf}, so DataNodes built from it emulate the same disks. */
  public void applyTo(Configuration conf) {
    conf.setDouble(SEEK_MIN_MS, seekMinMs);
    conf.setDouble(SEEK_MAX_MS, seekMaxMs);
    conf.setLong(BANDWIDTH, bytesPerSec);
    conf.setLong(READAHEAD, readaheadBytes);
  }

  long seekNanos() {
    double ms =
        seekMinMs == seekMaxMs
            ? seekMinMs
            : ThreadLocalRandom.current().nextDouble(seekMinMs, seekMaxMs);
    return (long) (ms * 1_000_000);
  }

  long transferNanos(long bytes) {
    return bytes * 1_000_000_000L / bytesPerSec;
  }
}
