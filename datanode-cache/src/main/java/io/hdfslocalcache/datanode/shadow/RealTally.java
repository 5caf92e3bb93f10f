package io.hdfslocalcache.datanode.shadow;

/**
 * Calibration's other side: what the real cache did with exactly the reads the models were fed (the
 * same events, counted on the same thread), so a candidate configured like the real cache can be
 * compared with it read for read. Counted by the feed thread, published once per batch.
 */
final class RealTally {
  /** An immutable snapshot. */
  static final class Totals {
    final long reads;
    final long hits;
    final long bytes;
    final long cacheBytes;

    Totals(long reads, long hits, long bytes, long cacheBytes) {
      this.reads = reads;
      this.hits = hits;
      this.bytes = bytes;
      this.cacheBytes = cacheBytes;
    }

    /** Reads served wholly from the SSD, over all reads; 0 before the first. */
    double hitRatio() {
      return reads == 0 ? 0 : (double) hits / reads;
    }

    /** Bytes served from the SSD, over all bytes read; 0 before the first. */
    double byteHitRatio() {
      return bytes == 0 ? 0 : (double) cacheBytes / bytes;
    }
  }

  private long reads;
  private long hits;
  private long bytes;
  private long cacheBytes;
  private volatile Totals published = new Totals(0, 0, 0, 0);

  /** Feed thread only. */
  void add(ClientRead r) {
    reads++;
    bytes += r.bytes;
    cacheBytes += r.realCacheBytes;
    if (r.real == RealRead.HIT) {
      hits++;
    }
  }

  /** Feed thread only. */
  void publish() {
    published = new Totals(reads, hits, bytes, cacheBytes);
  }

  Totals totals() {
    return published;
  }
}
