package io.hdfslocalcache.model;

/**
 * The simulator's cache model fed one event at a time, as a shadow-mode DataNode sees its client
 * reads: the same admission policy, cache model, fill guard and per-read rules as the simulator's
 * replay, with blocks named by pool and id instead of a trace's dense indexes. Heap is bounded by
 * the blocks the modelled SSD holds plus the admission limiter's own bound. Not thread-safe: one
 * thread feeds it.
 */
public final class LiveModel {
  private final CandidateSpec spec;

  public LiveModel(CandidateSpec spec) {
    this.spec = spec;
  }

  public CandidateSpec spec() {
    return spec;
  }

  /**
   * A client read of {@code [offset, offset + length)} of block {@code blockId} at {@code
   * genStamp}, whose finalized replica is {@code blockLength} bytes, ending at {@code timeMs}.
   */
  public void read(
      String pool,
      long blockId,
      long genStamp,
      long blockLength,
      long offset,
      long length,
      long timeMs) {
    throw new UnsupportedOperationException("not built yet");
  }

  /** The block was deleted or invalidated (every version). */
  public void delete(String pool, long blockId, long timeMs) {
    throw new UnsupportedOperationException("not built yet");
  }

  /** Totals since construction. */
  public ModelTotals totals() {
    throw new UnsupportedOperationException("not built yet");
  }
}
