package io.hdfslocalcache.bench.e2e;

import io.hdfslocalcache.metrics.ReadRoute;

/**
 * One side's round: bytes the client read, wall and whole-process CPU time, what the side's
 * counters moved by, and the slower of the read routes its directory was on at the round's start
 * and end (a switch to the I/O threads after a slow read lasts at least a minute, longer than a
 * round, so one inside a round shows at its end).
 */
record Sample(
    Side.Kind kind, long bytes, long wallNanos, long cpuNanos, Counters counters, ReadRoute route) {
  private static final double GIB = 1L << 30;

  /** Largest data payload of a transferTo packet (BlockSender's TRANSFERTO_BUFFER_SIZE). */
  static final int TRANSFER_PACKET = 64 << 10;

  double bytesPerSec() {
    return bytes * 1e9 / wallNanos;
  }

  double cpuNanosPerGib() {
    return cpuNanos * GIB / bytes;
  }

  /** Whether the round's page reads went through the I/O threads after a slow read. */
  boolean afterSlowRead() {
    return route == ReadRoute.IO_THREADS_AFTER_SLOW_READ;
  }

  double transferPacketsPerGib() {
    return counters.transferPackets() * GIB / bytes;
  }

  /**
   * Fails loudly unless the round measured what the table claims: on a cache side every read a hit
   * (no byte, no block read from the HDD); on the stock side every packet sent with transferTo (at
   * least one transferTo packet per 64 KiB read; the copy path adds none).
   */
  void check(int round) {
    if (kind.cached()) {
      if (counters.hddBytes() != 0 || counters.hddReads() != 0 || counters.hits() == 0) {
        throw new IllegalStateException(
            String.format(
                "bench e2e: round %d on the %s side was not all cache hits: %d HDD bytes"
                    + " (read.bytes.hdd + read.bytes.fallback.hdd + read.bytes.uncached_pages.hdd),"
                    + " %d HDD reads (read.hdd.reads), %d hits (read.hits); its figures would"
                    + " not be a hit's",
                round, kind.label(), counters.hddBytes(), counters.hddReads(), counters.hits()));
      }
    } else if (counters.transferPackets() < bytes / TRANSFER_PACKET) {
      throw new IllegalStateException(
          String.format(
              "bench e2e: round %d on the stock side sent %d packets with transferTo for %d bytes"
                  + " (at least %d expected, DataNodeMetrics %s); stock must be on its transferTo"
                  + " path",
              round,
              counters.transferPackets(),
              bytes,
              bytes / TRANSFER_PACKET,
              Side.TRANSFER_PACKETS));
    }
  }
}
