package io.hdfslocalcache.datanode.shadow;

import io.hdfslocalcache.datanode.block.BlockId;

/**
 * One thing the models are told, queued by a reader's (or the DataNode's) thread for the feed
 * thread, stamped with the time of its offer. Immutable; 132 bytes of heap with its {@link
 * ClientRead} and block id, as queued (docs/benchmarks.md, {@code bench heap}).
 */
final class ShadowEvent {
  enum Kind {
    READ,
    /** Deleted: every version goes. */
    REMOVED,
    /** Appended to or recovered: versions older than {@link #genStamp} go. */
    REWRITTEN
  }

  final Kind kind;
  final BlockId block;

  /** The read, for a {@link Kind#READ}; null otherwise. */
  final ClientRead read;

  /** The new generation stamp of a {@link Kind#REWRITTEN}; 0 otherwise. */
  final long genStamp;

  final long timeMs;

  private ShadowEvent(Kind kind, BlockId block, ClientRead read, long genStamp, long timeMs) {
    this.kind = kind;
    this.block = block;
    this.read = read;
    this.genStamp = genStamp;
    this.timeMs = timeMs;
  }

  static ShadowEvent read(ClientRead read, long timeMs) {
    return new ShadowEvent(Kind.READ, read.block, read, 0, timeMs);
  }

  static ShadowEvent removed(BlockId block, long timeMs) {
    return new ShadowEvent(Kind.REMOVED, block, null, 0, timeMs);
  }

  static ShadowEvent rewritten(BlockId block, long newGenStamp, long timeMs) {
    return new ShadowEvent(Kind.REWRITTEN, block, null, newGenStamp, timeMs);
  }
}
