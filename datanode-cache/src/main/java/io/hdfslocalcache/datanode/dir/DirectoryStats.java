package io.hdfslocalcache.datanode.dir;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.metrics.DirectoryMetrics;
import io.hdfslocalcache.metrics.DirectoryNames;
import java.util.concurrent.TimeUnit;

/**
 * Metrics of what the cache holds, per directory; named, each with its description, in {@link
 * DirectoryMetrics}. A directory's metrics are {@code store.dir<N>.<name>} in the registry, N its
 * place in {@code dirs}; the export carries them as {@code <name>} in the directory's own record
 * ({@link DirectoryNames}).
 */
public final class DirectoryStats {
  private DirectoryStats() {}

  /** The full name of metric {@code name} of directory {@code index}. */
  public static String dir(int index, String name) {
    return DirectoryNames.of(index, name);
  }

  public static void register(MetricRegistry registry, BlockMap map, ServingDirectories dirs) {
    registry.register(DirectoryMetrics.BLOCKS, (Gauge<Integer>) () -> map.entries().size());
    boolean[] opened = new boolean[Math.max(dirs.configured(), 1)];
    for (CacheDirectory d : dirs.all()) {
      opened[d.index()] = true;
      registerDirectory(registry, d);
    }
    for (int i = 0; i < dirs.configured(); i++) {
      if (!opened[i]) {
        // Not open (failed, left out, or still opening): out of service until it joins.
        registry.register(dir(i, DirectoryMetrics.IN_SERVICE), (Gauge<Integer>) () -> 0);
      }
    }
  }

  /** Registers {@code d}'s metrics, in place of the {@code in.service} 0 it had while not open. */
  public static void registerDirectory(MetricRegistry registry, CacheDirectory d) {
    int i = d.index();
    registry.remove(dir(i, DirectoryMetrics.IN_SERVICE));
    registry.register(dir(i, DirectoryMetrics.USED), (Gauge<Long>) () -> d.store().usedBytes());
    registry.register(
        dir(i, DirectoryMetrics.OPEN_MICROS),
        (Gauge<Long>) () -> TimeUnit.MILLISECONDS.toMicros(d.openMillis()));
    registry.register(dir(i, DirectoryMetrics.CAPACITY), (Gauge<Long>) () -> d.budget().capacity());
    registry.register(dir(i, DirectoryMetrics.RESERVED), (Gauge<Long>) () -> d.budget().reserved());
    registry.register(
        dir(i, DirectoryMetrics.FS_LOW), (Gauge<Integer>) () -> d.budget().fileSystemLow() ? 1 : 0);
    registry.register(
        dir(i, DirectoryMetrics.IN_SERVICE), (Gauge<Integer>) () -> d.health().inService() ? 1 : 0);
    registry.register(
        dir(i, DirectoryMetrics.READ_ROUTE), (Gauge<Integer>) () -> d.store().readRoute().code);
  }
}
