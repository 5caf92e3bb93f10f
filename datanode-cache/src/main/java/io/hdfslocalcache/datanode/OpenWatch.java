package io.hdfslocalcache.datanode;

/**
 * Tells a directory that is still opening from a hung one, from readings of its {@link
 * io.hdfslocalcache.datanode.store.OpenProgress}: hung once the count has not moved for the stall
 * limit. Time comes from the caller (the watch's clock): pure, one instance per directory, used by
 * one thread at a time.
 */
final class OpenWatch {
  /** What the readings say about an open that has not finished. */
  enum Verdict {
    /** The count moved within the stall limit: a large directory still restoring. */
    PROGRESSING,
    /** The count has not moved for the stall limit: a hung disk, or an open stuck for good. */
    HUNG
  }

  private final long stallNanos;
  private long lastValue;
  private long lastMoveNanos;

  /** The open began at {@code startNanos}, its count at 0. */
  OpenWatch(long startNanos, long stallNanos) {
    this.stallNanos = stallNanos;
    this.lastMoveNanos = startNanos;
  }

  /** Takes the reading {@code value} at {@code nowNanos}. */
  Verdict observe(long nowNanos, long value) {
    if (value != lastValue) {
      lastValue = value;
      lastMoveNanos = nowNanos;
    }
    return nowNanos - lastMoveNanos >= stallNanos ? Verdict.HUNG : Verdict.PROGRESSING;
  }

  /** Nanoseconds since the count last moved, as of {@code nowNanos}. */
  long stillFor(long nowNanos) {
    return nowNanos - lastMoveNanos;
  }
}
