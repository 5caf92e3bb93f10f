package io.hdfslocalcache.datanode.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Whether the machine's cores are oversubscribed now, from the kernel's count of runnable threads
 * ({@code /proc/loadavg}'s fourth field, {@code running/total}; threads waiting on a disk are not
 * runnable, so a hung SSD does not raise it). Asked only when reads look slow, and the answer is
 * kept {@link #KEEP_NANOS}. Where the file does not exist (not Linux) the answer is always no.
 */
final class RunQueue {
  private static final Path LOADAVG = Paths.get("/proc/loadavg");

  /** How long one look at the run queue is trusted. */
  static final long KEEP_NANOS = 10_000_000L;

  /** Runnable threads per core above which the CPU, not the disk, is the suspect. */
  static final int PER_CORE = 2;

  private final int cores = Runtime.getRuntime().availableProcessors();
  private volatile long lookedAt;
  private volatile boolean saturated;
  private volatile boolean known = true;

  boolean saturated(long now) {
    if (!known) {
      return false;
    }
    if (lookedAt != 0 && now - lookedAt < KEEP_NANOS) {
      return saturated;
    }
    try {
      saturated =
          runnable(new String(Files.readAllBytes(LOADAVG), StandardCharsets.US_ASCII))
              > PER_CORE * cores;
    } catch (IOException | RuntimeException e) {
      known = false; // no such file here: never saturated as far as the detector knows
      return false;
    }
    lookedAt = now == 0 ? 1 : now;
    return saturated;
  }

  /** The runnable count of a {@code /proc/loadavg} line, e.g. 3 of {@code 0.5 0.4 0.3 3/412 99}. */
  static int runnable(String loadavg) {
    String[] f = loadavg.trim().split("\\s+");
    return Integer.parseInt(f[3].substring(0, f[3].indexOf('/')));
  }
}
