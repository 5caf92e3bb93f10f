package io.hdfslocalcache.datanode.shadow;

import io.hdfslocalcache.datanode.block.BlockId;

/**
 * One thing the models are told, queued by a reader's (or the DataNode's) thread for the feed
 * thread, stamped with the time of its offer. Immutable; with its {@link ClientRead} about 100
 * bytes of heap (the block id object is the read path's own).
 */
final class ShadowEvent {
  enum Kind {
    READ,
    REMOVED
  }

  final Kind kind;
  final BlockId block;

  /** The read, for a {@link Kind#READ}; null for a removal. */
  final ClientRead read;

  final long timeMs;

  private ShadowEvent(Kind kind, BlockId block, ClientRead read, long timeMs) {
    this.kind = kind;
    this.block = block;
    this.read = read;
    this.timeMs = timeMs;
  }

  static ShadowEvent read(ClientRead read, long timeMs) {
    return new ShadowEvent(Kind.READ, read.block, read, timeMs);
  }

  static ShadowEvent removed(BlockId block, long timeMs) {
    return new ShadowEvent(Kind.REMOVED, block, null, timeMs);
  }
}
