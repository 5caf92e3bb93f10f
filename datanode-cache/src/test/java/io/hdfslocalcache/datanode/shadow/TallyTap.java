package io.hdfslocalcache.datanode.shadow;

import io.hdfslocalcache.datanode.block.BlockId;

/**
 * Counts the client reads the read path reports, by what the real cache did with each, as the model
 * counts them: a partial hit is a read served in part from the SSD (a read of a cached block that
 * found none of its pages cached is {@link RealRead#PARTIAL} but served nothing from the SSD).
 */
public final class TallyTap implements ReadTap {
  public long hits;
  public long partial;
  public long cacheBytes;

  @Override
  public void read(ClientRead read) {
    if (read.real == RealRead.HIT) {
      hits++;
    } else if (read.real == RealRead.PARTIAL && read.realCacheBytes > 0) {
      partial++;
    }
    cacheBytes += read.realCacheBytes;
  }

  @Override
  public void removed(BlockId block) {}

  @Override
  public void rewritten(BlockId block, long newGenStamp) {}
}
