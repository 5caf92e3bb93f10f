package io.hdfslocalcache.datanode.index;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.verify.ChecksumLayout;

/**
 * What the block index holds for one cached block: everything needed to rebuild its entry at
 * restart. A value, never a live entry: the index serialises records and knows nothing of pins.
 */
public final class IndexRecord {
  private final BlockId id;
  private final long genStamp;
  private final long fillId;
  private final long dataLength;
  private final long metaLength;
  private final ChecksumLayout checksum;
  private final int[] metaSegmentCrcs;
  private final long filledAtMillis;
  private final long lastAccessMillis;
  private final int pageSize;
  private final long[] pages;

  public IndexRecord(
      BlockId id,
      long genStamp,
      long fillId,
      long dataLength,
      long metaLength,
      ChecksumLayout checksum,
      int[] metaSegmentCrcs,
      long filledAtMillis,
      long lastAccessMillis,
      int pageSize,
      long[] pages) {
    this.id = id;
    this.genStamp = genStamp;
    this.fillId = fillId;
    this.dataLength = dataLength;
    this.metaLength = metaLength;
    this.checksum = checksum;
    this.metaSegmentCrcs = metaSegmentCrcs;
    this.filledAtMillis = filledAtMillis;
    this.lastAccessMillis = lastAccessMillis;
    this.pageSize = pageSize;
    this.pages = pages;
  }

  /** The entry's record as of now (its last access time included). */
  public static IndexRecord of(CachedReplica e) {
    return new IndexRecord(
        e.id,
        e.genStamp,
        e.fillId,
        e.dataLength,
        e.metaLength,
        e.checksum,
        e.metaSegmentCrcs,
        e.filledAtMillis,
        e.lastAccessMillis,
        e.pageSize,
        e.pages.mayBeOnDisk());
  }

  public BlockId id() {
    return id;
  }

  public long genStamp() {
    return genStamp;
  }

  /** The fill that wrote the pages; 0 for records from before fill ids. */
  public long fillId() {
    return fillId;
  }

  public long dataLength() {
    return dataLength;
  }

  public long metaLength() {
    return metaLength;
  }

  public ChecksumLayout checksum() {
    return checksum;
  }

  public int[] metaSegmentCrcs() {
    return metaSegmentCrcs;
  }

  public long filledAtMillis() {
    return filledAtMillis;
  }

  public long lastAccessMillis() {
    return lastAccessMillis;
  }

  /** The page size the pages were written with; 0 if not recorded (records from before). */
  public int pageSize() {
    return pageSize;
  }

  /**
   * The data pages that may be on disk, as {@link java.util.BitSet#toLongArray} words: every page
   * written, maybe more (a page being written or deleted when the record was taken). Null for
   * records from before the pages were recorded: the store is asked instead.
   */
  public long[] pages() {
    return pages;
  }
}
