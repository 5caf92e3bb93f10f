package io.hdfslocalcache.datanode.fill;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.dir.CacheDirectory;

/**
 * What to copy: data pages {@code [firstPage, lastPage]} of one block version into a directory (and
 * the meta file whole, if the version has no entry yet). A whole-block fill asks for every page.
 * {@link #atMargin}: the read that asked for it was admitted at the tuner's margin, so the entry a
 * first fill creates is flagged ({@code CachedReplica#admittedAtMargin}); a page fill of a
 * published entry goes by the entry's own flag.
 */
public final class FillRequest {
  final BlockId id;
  final long genStamp;
  final CacheDirectory dir;
  final int firstPage;
  final int lastPage;
  final boolean atMargin;

  /** Not admitted at the margin (a page fill of a published entry, or no tuner). */
  public FillRequest(BlockId id, long genStamp, CacheDirectory dir, int firstPage, int lastPage) {
    this(id, genStamp, dir, firstPage, lastPage, false);
  }

  public FillRequest(
      BlockId id,
      long genStamp,
      CacheDirectory dir,
      int firstPage,
      int lastPage,
      boolean atMargin) {
    if (firstPage < 0 || lastPage < firstPage) {
      throw new IllegalArgumentException("pages " + firstPage + ".." + lastPage);
    }
    this.id = id;
    this.genStamp = genStamp;
    this.dir = dir;
    this.firstPage = firstPage;
    this.lastPage = lastPage;
    this.atMargin = atMargin;
  }

  /** Every page of the block. */
  public static FillRequest wholeBlock(BlockId id, long genStamp, CacheDirectory dir) {
    return wholeBlock(id, genStamp, dir, false);
  }

  /** Every page of the block, for a read admitted at the margin or not. */
  public static FillRequest wholeBlock(
      BlockId id, long genStamp, CacheDirectory dir, boolean atMargin) {
    return new FillRequest(id, genStamp, dir, 0, Integer.MAX_VALUE, atMargin);
  }

  @Override
  public String toString() {
    return id
        + "@"
        + genStamp
        + " pages "
        + firstPage
        + ".."
        + lastPage
        + (atMargin ? " at the margin" : "")
        + " -> "
        + dir;
  }
}
