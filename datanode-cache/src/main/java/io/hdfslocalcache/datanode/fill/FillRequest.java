package io.hdfslocalcache.datanode.fill;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.dir.CacheDirectory;

/**
 * What to copy: data pages {@code [firstPage, lastPage]} of one block version into a directory (and
 * the meta file whole, if the version has no entry yet). A whole-block fill asks for every page.
 */
public final class FillRequest {
  final BlockId id;
  final long genStamp;
  final CacheDirectory dir;
  final int firstPage;
  final int lastPage;

  public FillRequest(BlockId id, long genStamp, CacheDirectory dir, int firstPage, int lastPage) {
    if (firstPage < 0 || lastPage < firstPage) {
      throw new IllegalArgumentException("pages " + firstPage + ".." + lastPage);
    }
    this.id = id;
    this.genStamp = genStamp;
    this.dir = dir;
    this.firstPage = firstPage;
    this.lastPage = lastPage;
  }

  /** Every page of the block. */
  public static FillRequest wholeBlock(BlockId id, long genStamp, CacheDirectory dir) {
    return new FillRequest(id, genStamp, dir, 0, Integer.MAX_VALUE);
  }

  @Override
  public String toString() {
    return id + "@" + genStamp + " pages " + firstPage + ".." + lastPage + " -> " + dir;
  }
}
