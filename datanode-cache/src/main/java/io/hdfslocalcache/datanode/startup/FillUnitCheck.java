package io.hdfslocalcache.datanode.startup;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.model.MetaFile;
import java.util.ArrayList;
import java.util.List;

/**
 * Start-up check that each directory can hold one fill unit. A fill may take at most half a
 * directory (more would evict half the cache for one block), so a directory whose effective
 * capacity is under twice the unit never caches anything; before this check it did so silently. The
 * unit is one page plus the block's meta file in {@code pages} mode (a first fill writes the meta
 * whole), and a whole block plus its meta in {@code block} mode, with the block size the DataNode
 * is configured for ({@code dfs.blocksize}); fills refused at run time are counted in {@code
 * fill.no_room.too_large_for_directory}.
 */
public final class FillUnitCheck {
  private FillUnitCheck() {}

  /** The bytes one fill needs in the fill mode. */
  static long unitBytes(FillMode mode, int pageSize, long blockSize) {
    return (mode == FillMode.PAGES ? Math.min(pageSize, blockSize) : blockSize)
        + MetaFile.length(blockSize);
  }

  /** One message per directory too small for a fill unit; empty when all are large enough. */
  public static List<String> problems(
      FillMode mode, int pageSize, long blockSize, List<String> dirs, List<Long> capacities) {
    long unit = unitBytes(mode, pageSize, blockSize);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < dirs.size(); i++) {
      long capacity = capacities.get(i);
      if (capacity / 2 < unit) {
        out.add(
            "hdfs-local-cache: cache directory "
                + dirs.get(i)
                + " has an effective capacity of "
                + capacity
                + " bytes; a fill may take at most half of it ("
                + capacity / 2
                + " bytes) but one fill in "
                + CacheKeys.FILL_MODE
                + "="
                + mode.configName()
                + " needs "
                + unit
                + " bytes (dfs.blocksize "
                + blockSize
                + (mode == FillMode.PAGES ? ", " + CacheKeys.PAGE_SIZE + " " + pageSize : "")
                + "): nothing will be cached there. Raise "
                + CacheKeys.CAPACITY
                + " to at least "
                + 2 * unit
                + " bytes"
                + (mode == FillMode.BLOCK ? " or set " + CacheKeys.FILL_MODE + "=pages" : ""));
      }
    }
    return out;
  }
}
