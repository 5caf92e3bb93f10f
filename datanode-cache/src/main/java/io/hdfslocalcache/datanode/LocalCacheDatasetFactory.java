package io.hdfslocalcache.datanode;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.metrics.BuildVersion;
import io.hdfslocalcache.datanode.metrics.LocalCacheMetrics;
import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.DataStorage;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The plug point: {@code dfs.datanode.fsdataset.factory =
 * io.hdfslocalcache.datanode.LocalCacheDatasetFactory}. Builds the normal dataset through the inner
 * factory (Hadoop's {@code FsDatasetFactory} by default) and wraps it.
 *
 * <p>Failure policy: an invalid configuration value fails DataNode start-up with a message naming
 * the key (the operator asked for something we cannot do); an unusable SSD directory only disables
 * caching on it, and with no usable directory the DataNode runs unwrapped, serving from HDD. So
 * does a RocksDB native library that cannot load (a {@link LinkageError}): one log line names it.
 */
public final class LocalCacheDatasetFactory extends FsDatasetSpi.Factory<FsDatasetSpi<?>> {
  private static final Logger LOG = LoggerFactory.getLogger(LocalCacheDatasetFactory.class);

  @Override
  public FsDatasetSpi<?> newInstance(DataNode datanode, DataStorage storage, Configuration conf)
      throws IOException {
    CacheConfig config;
    try {
      config = CacheConfig.from(conf);
    } catch (IllegalArgumentException e) {
      throw new IOException("hdfs-local-cache: invalid configuration: " + e.getMessage(), e);
    }
    FsDatasetSpi<?> inner =
        innerFactory(config.innerFactory()).newInstance(datanode, storage, conf);
    if (!config.enabled()) {
      LOG.info("hdfs-local-cache is disabled ({}=false); serving from HDD", CacheConfig.ENABLED);
      return inner;
    }
    String uuid = storage.getDatanodeUuid() == null ? "datanode" : storage.getDatanodeUuid();
    List<CacheDirectories.Opened> dirs;
    try {
      dirs = CacheDirectories.open(config, uuid);
    } catch (LinkageError e) {
      // e.g. UnsatisfiedLinkError: RocksDB unpacks its library into java.io.tmpdir (noexec?) or
      // was built for another libc. Nothing the cache does can work; the DataNode must.
      LOG.error(
          "hdfs-local-cache: cache disabled, serving from HDD: the RocksDB native library"
              + " of the block index cannot be loaded ({}: {}); check that java.io.tmpdir (or"
              + " ROCKSDB_SHAREDLIB_DIR) allows executables and that the library matches this libc",
          e.getClass().getSimpleName(),
          e.getMessage());
      return inner;
    }
    if (dirs.isEmpty()) {
      LOG.warn(
          "hdfs-local-cache: no usable cache directory in {}; cache disabled, serving from"
              + " HDD",
          config.dirs());
      return inner;
    }
    for (String problem :
        FillUnitCheck.problems(
            config.fillPolicy().mode(),
            config.pageSize(),
            conf.getLongBytes(
                org.apache.hadoop.hdfs.DFSConfigKeys.DFS_BLOCK_SIZE_KEY,
                org.apache.hadoop.hdfs.DFSConfigKeys.DFS_BLOCK_SIZE_DEFAULT),
            dirs.stream().map(o -> o.path().toString()).collect(Collectors.toList()),
            dirs.stream().map(o -> o.store().capacityBytes()).collect(Collectors.toList()))) {
      LOG.warn(problem);
    }
    BlockCache cache;
    try {
      cache =
          new BlockCache(
              config,
              new DatasetReplicas(inner),
              new ScannerSuspects(datanode, inner),
              dirs,
              Clock.systemUTC(),
              new MetricRegistry());
    } catch (RuntimeException e) {
      // A cache that cannot start must never take the DataNode's block pool down with it.
      LOG.error("hdfs-local-cache: cache disabled, serving from HDD: start-up failed", e);
      CacheDirectories.closeQuietly(dirs);
      return inner;
    }
    cache.onClose(
        LocalCacheMetrics.register(
            cache.metrics(),
            CacheMetricCatalog.get(),
            uuid,
            datanode,
            config.dirs().stream().map(Object::toString).collect(Collectors.toList())));
    LOG.info(
        "hdfs-local-cache {} active on {} directories {} (fill {}, page {} B, admit after more"
            + " than {} reads in {})",
        BuildVersion.get(),
        dirs.size(),
        dirs.stream().map(CacheDirectories.Opened::path).collect(Collectors.toList()),
        config.fillPolicy(),
        config.pageSize(),
        config.admission().threshold(),
        config.admission().window());
    return CachingDataset.wrap(inner, cache);
  }

  /** The cache behind a DataNode's dataset, or null when the cache is not active there. */
  public static BlockCache cacheOf(FsDatasetSpi<?> dataset) {
    return CachingDataset.cacheOf(dataset);
  }

  @SuppressWarnings("unchecked")
  private static FsDatasetSpi.Factory<? extends FsDatasetSpi<?>> innerFactory(String className)
      throws IOException {
    if (className.equals(LocalCacheDatasetFactory.class.getName())) {
      throw new IOException(
          "hdfs-local-cache: "
              + CacheConfig.INNER_FACTORY
              + " must not name the cache factory itself");
    }
    try {
      Class<?> c = Class.forName(className, true, LocalCacheDatasetFactory.class.getClassLoader());
      return (FsDatasetSpi.Factory<? extends FsDatasetSpi<?>>)
          c.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new IOException(
          "hdfs-local-cache: "
              + CacheConfig.INNER_FACTORY
              + " = "
              + className
              + " is not a loadable FsDatasetSpi.Factory: "
              + e,
          e);
    }
  }
}
