package io.hdfslocalcache.datanode.metrics;

import io.hdfslocalcache.time.CacheClock;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * {@code procs_blocked} and {@code procs_running} of the host, from {@code /proc/stat}: processes
 * in uninterruptible sleep (on Hadoop hosts, almost always waiting for an HDD) and runnable ones.
 * The paper's headline figure is the drop in blocked processes once hot blocks come from the SSD.
 *
 * <p>The file is read at most once per second however often the gauges are sampled. A missing or
 * unreadable file, or a missing field, reads as -1; never an exception.
 */
public final class ProcStat {
  /** Values are re-read only after this long. */
  static final long MAX_AGE_NANOS = 1_000_000_000L;

  private final Path file;
  private final CacheClock clock;
  private long readAtNanos;
  private boolean everRead;
  private long blocked = -1;
  private long running = -1;

  public ProcStat(Path file, CacheClock clock) {
    this.file = file;
    this.clock = clock;
  }

  /** This host's {@code /proc/stat}. */
  public static ProcStat system() {
    return new ProcStat(Paths.get("/proc/stat"), CacheClock.SYSTEM);
  }

  /** Processes blocked on I/O now ({@code procs_blocked}), or -1 if unavailable. */
  public synchronized long procsBlocked() {
    refresh();
    return blocked;
  }

  /** Runnable processes now ({@code procs_running}), or -1 if unavailable. */
  public synchronized long procsRunning() {
    refresh();
    return running;
  }

  private void refresh() {
    long now = clock.nanoTime();
    if (everRead && now - readAtNanos < MAX_AGE_NANOS) {
      return;
    }
    everRead = true;
    readAtNanos = now;
    long b = -1;
    long r = -1;
    try {
      // The procs_* lines are near the end, after one line per CPU: read the whole small file.
      for (String line : Files.readAllLines(file, StandardCharsets.US_ASCII)) {
        if (line.startsWith("procs_blocked ")) {
          b = parse(line);
        } else if (line.startsWith("procs_running ")) {
          r = parse(line);
        }
      }
    } catch (IOException | RuntimeException e) {
      b = -1;
      r = -1;
    }
    blocked = b;
    running = r;
  }

  private static long parse(String line) {
    try {
      return Long.parseLong(line.substring(line.indexOf(' ') + 1).trim());
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
