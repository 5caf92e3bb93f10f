package io.hdfslocalcache.datanode.restore;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.index.IndexRecord;
import io.hdfslocalcache.datanode.store.PagesOnDisk;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What one directory's block index says is on it, read at start or when the directory joins: a
 * {@link Pending} per record, its bytes reserved, files no record owns deleted. The record lists a
 * block's data pages, so this takes time by blocks, not pages; only records from before pages were
 * recorded are checked against the disk, a listing per block.
 */
final class IndexLoad {
  private IndexLoad() {}

  /** {@code d}'s records, their bytes reserved; orphan and torn pages deleted. */
  static List<Pending> load(CacheDirectory d, int pageSize) {
    List<Pending> out = new ArrayList<>();
    Set<String> owned = new HashSet<>();
    List<Runnable> torn = new ArrayList<>();
    for (IndexRecord r : d.blockIndex().loadAll()) {
      owned.add(r.id().fileId(r.genStamp(), r.fillId(), BlockId.CacheFile.DATA));
      owned.add(r.id().fileId(r.genStamp(), r.fillId(), BlockId.CacheFile.META));
      boolean listed = r.pages() == null;
      BitSet whole = listed ? wholeDataPages(d, r, torn) : recordedPages(r, pageSize);
      Pending p = new Pending(r, d, whole, pageSize, listed);
      long bytes = p.entry().bytes();
      d.budget().reserveExisting(bytes);
      d.store().restored(bytes);
      out.add(p);
    }
    d.store().retainFiles(owned::contains);
    // After retainFiles: a page deleted under its scan (deletes are queued) would fail it.
    torn.forEach(Runnable::run);
    return out;
  }

  /**
   * The record's data pages whole on disk; the deletes of the torn ones (short: never read) are
   * added to {@code deletes}. Pages never filled are not on disk and need no delete (a partly
   * cached 128 MB block lacks up to 127).
   */
  private static BitSet wholeDataPages(CacheDirectory d, IndexRecord r, List<Runnable> deletes) {
    String dataId = r.id().fileId(r.genStamp(), r.fillId(), BlockId.CacheFile.DATA);
    PagesOnDisk found = d.store().pagesOnDisk(dataId, r.dataLength());
    for (int p = found.torn.nextSetBit(0); p >= 0; p = found.torn.nextSetBit(p + 1)) {
      long page = p;
      deletes.add(() -> d.store().deletePage(dataId, page));
    }
    return found.whole;
  }

  /** The record's data pages; none if they were written at another page size (deleted at open). */
  private static BitSet recordedPages(IndexRecord r, int pageSize) {
    return r.pageSize() == pageSize ? BitSet.valueOf(r.pages()) : new BitSet();
  }
}
