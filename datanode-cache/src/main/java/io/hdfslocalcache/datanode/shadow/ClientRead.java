package io.hdfslocalcache.datanode.shadow;

import io.hdfslocalcache.datanode.block.BlockId;

/**
 * One client read of a finalized replica, as its data stream saw it when it closed: what a
 * clienttrace line reports (the chunk-aligned offset and the data bytes), and what the real cache,
 * if any, did with it. Immutable.
 */
public final class ClientRead {
  final BlockId block;
  final long genStamp;
  final long blockLength;
  final long offset;
  final long bytes;
  final RealRead real;
  final long realCacheBytes;

  /**
   * {@code bytes} read from {@code offset} of the block's {@code genStamp} version, whose finalized
   * replica is {@code blockLength} bytes; {@code realCacheBytes} of them the real cache served.
   */
  public ClientRead(
      BlockId block,
      long genStamp,
      long blockLength,
      long offset,
      long bytes,
      RealRead real,
      long realCacheBytes) {
    this.block = block;
    this.genStamp = genStamp;
    this.blockLength = blockLength;
    this.offset = offset;
    this.bytes = bytes;
    this.real = real;
    this.realCacheBytes = realCacheBytes;
  }

  @Override
  public String toString() {
    return block
        + "_"
        + genStamp
        + " ["
        + offset
        + ", +"
        + bytes
        + ") of "
        + blockLength
        + " "
        + real;
  }
}
