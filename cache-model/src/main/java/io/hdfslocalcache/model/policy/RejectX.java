package io.hdfslocalcache.model.policy;

import io.hdfslocalcache.model.util.LongIntMap;

/**
 * Baleen's RejectX (FAST'24) with a bounded history: admit a block on a read if it was read at
 * least {@code x} times among the last {@code history} reads (of any block). The window is counted
 * in reads, not time, so it needs no clock and its memory is fixed.
 */
final class RejectX implements AdmissionPolicy {
  private final int x;
  private final long[] ring;
  private final LongIntMap counts;
  private int next;
  private boolean full;

  RejectX(int x, int history) {
    if (x < 0) {
      throw new IllegalArgumentException("reject-x: x must be >= 0, got " + x);
    }
    if (history < 1) {
      throw new IllegalArgumentException("reject-x: history must be >= 1, got " + history);
    }
    this.x = x;
    this.ring = new long[history];
    this.counts = new LongIntMap(Math.min(history, 1 << 16));
  }

  static RejectX from(PolicyParams params) {
    return new RejectX(params.integer("x", 1), params.integer("history", 1_000_000));
  }

  @Override
  public AdmissionDecision onRead(long key) {
    if (full) {
      counts.add(ring[next], -1); // the oldest read leaves the history first
    }
    int seen = Math.max(0, counts.get(key));
    ring[next] = key;
    counts.add(key, 1);
    if (++next == ring.length) {
      next = 0;
      full = true;
    }
    return seen >= x ? AdmissionDecision.ADMIT : AdmissionDecision.REJECT;
  }

  @Override
  public long trackedKeys() {
    return counts.size();
  }
}
