package io.hdfslocalcache.datanode.dir;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.metrics.Describe;
import io.hdfslocalcache.datanode.metrics.DirectoryNames;
import java.util.concurrent.TimeUnit;

/**
 * Metrics of what the cache holds, per directory; each named and documented here once. A
 * directory's metrics are {@code store.dir<N>.<name>} in the registry, N its place in {@code dirs};
 * the export carries them as {@code <name>} in the directory's own record ({@link DirectoryNames}).
 */
public final class DirectoryStats {
  @Describe("Cached (servable) blocks now, all directories.")
  public static final String BLOCKS = "store.blocks";

  /** Prefix of a directory's metrics; {@link #dir} completes it. */
  public static final String DIR_PREFIX = DirectoryNames.PREFIX;

  @Describe("Bytes of pages on the directory now, as the page store counts them.")
  public static final String USED = "used";

  @Describe("Microseconds the directory took to open at start-up (millisecond resolution).")
  public static final String OPEN_MICROS = "open.micros";

  @Describe("Bytes the directory may hold: the configured capacity less Alluxio's ~5% overhead.")
  public static final String CAPACITY = "capacity";

  @Describe("Bytes of the blocks on the directory or being filled into it (its space budget).")
  public static final String RESERVED = "reserved";

  @Describe(
      "1 while its file system is below dir.reserved.percent free (no fills, early eviction).")
  public static final String FS_LOW = "fs.low";

  @Describe("1 while the directory serves and fills; 0 once out of service or never opened.")
  public static final String IN_SERVICE = "in.service";

  @Describe(
      "Where the directory's page reads run: 0 on the readers' own threads (read.bound=adaptive,"
          + " the disk answering fast), 1 on its time-bounded I/O threads (read.bound=strict), 2"
          + " on them for at least a minute after a page read slower than 50 ms (or half"
          + " read.timeout).")
  public static final String READ_ROUTE = "read.route";

  private DirectoryStats() {}

  /** The full name of metric {@code name} of directory {@code index}. */
  public static String dir(int index, String name) {
    return DirectoryNames.of(index, name);
  }

  public static void register(MetricRegistry registry, BlockMap map, Directories dirs) {
    registry.register(BLOCKS, (Gauge<Integer>) () -> map.entries().size());
    boolean[] opened = new boolean[Math.max(dirs.configured(), 1)];
    for (CacheDirectory d : dirs.all()) {
      int i = d.index();
      opened[i] = true;
      registry.register(dir(i, USED), (Gauge<Long>) () -> d.store().usedBytes());
      registry.register(
          dir(i, OPEN_MICROS), (Gauge<Long>) () -> TimeUnit.MILLISECONDS.toMicros(d.openMillis()));
      registry.register(dir(i, CAPACITY), (Gauge<Long>) () -> d.budget().capacity());
      registry.register(dir(i, RESERVED), (Gauge<Long>) () -> d.budget().reserved());
      registry.register(dir(i, FS_LOW), (Gauge<Integer>) () -> d.budget().fileSystemLow() ? 1 : 0);
      registry.register(dir(i, IN_SERVICE), (Gauge<Integer>) () -> d.health().inService() ? 1 : 0);
      registry.register(dir(i, READ_ROUTE), (Gauge<Integer>) () -> d.store().readRoute().code);
    }
    for (int i = 0; i < dirs.configured(); i++) {
      if (!opened[i]) {
        registry.register(dir(i, IN_SERVICE), (Gauge<Integer>) () -> 0);
      }
    }
  }
}
