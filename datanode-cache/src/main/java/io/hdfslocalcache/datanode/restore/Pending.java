package io.hdfslocalcache.datanode.restore;

import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.index.IndexRecord;
import java.util.BitSet;

/** One block index record waiting for its block pool, with the data pages it says are on disk. */
final class Pending {
  final IndexRecord record;
  final CacheDirectory dir;

  /** Data pages on disk: as recorded, or as found whole by a listing. */
  final BitSet whole;

  final int pageSize;

  /** Pages found by listing the disk (a record without pages): the meta is checked too. */
  final boolean listed;

  Pending(IndexRecord record, CacheDirectory dir, BitSet whole, int pageSize, boolean listed) {
    this.record = record;
    this.dir = dir;
    this.whole = whole;
    this.pageSize = pageSize;
    this.listed = listed;
  }

  /** The entry the record describes; retiring it deletes its pages, record and reservation. */
  CachedReplica entry() {
    IndexRecord r = record;
    CachedReplica e =
        new CachedReplica(
            r.id(),
            r.genStamp(),
            r.fillId(),
            r.dataLength(),
            r.metaLength(),
            r.checksum(),
            r.metaSegmentCrcs(),
            pageSize,
            false,
            dir,
            r.filledAtMillis(),
            false); // a restored entry is not marginal: CachedReplica#admittedAtMargin
    for (int p = whole.nextSetBit(0); p >= 0 && p < e.pages.pages(); p = whole.nextSetBit(p + 1)) {
      e.restorePage(p);
    }
    e.lastAccessMillis = r.lastAccessMillis();
    e.persistedAccessMillis = r.lastAccessMillis();
    return e;
  }
}
