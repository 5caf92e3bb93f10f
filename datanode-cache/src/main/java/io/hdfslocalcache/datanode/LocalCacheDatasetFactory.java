package io.hdfslocalcache.datanode;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.config.DurationValue;
import io.hdfslocalcache.config.SizeValue;
import io.hdfslocalcache.datanode.metrics.BuildVersion;
import io.hdfslocalcache.datanode.metrics.LocalCacheMetrics;
import io.hdfslocalcache.datanode.read.ShortCircuitOpens;
import io.hdfslocalcache.datanode.settings.CacheConfig;
import io.hdfslocalcache.datanode.settings.CacheMode;
import io.hdfslocalcache.datanode.settings.CacheTunables;
import io.hdfslocalcache.datanode.shadow.Calibration;
import io.hdfslocalcache.datanode.shadow.ReadTap;
import io.hdfslocalcache.datanode.shadow.ShadowFeed;
import io.hdfslocalcache.datanode.startup.ShadowHeapCheck;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.datanode.store.FaultInjectors;
import io.hdfslocalcache.model.CandidateSpec;
import io.hdfslocalcache.time.CacheClock;
import java.io.IOException;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
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
 * the key (the operator asked for something we cannot do), unless the cache is disabled: then only
 * {@code enabled} and {@code inner.factory} are read and the DataNode starts as stock HDFS; an
 * unusable SSD directory only disables caching on it, and with no usable directory the DataNode
 * runs unwrapped, serving from HDD. So does a RocksDB native library that cannot load (a {@link
 * LinkageError}): one log line names it.
 *
 * <p>In shadow mode ({@code dfs.datanode.local-cache.mode=shadow}) no directory is opened at all:
 * the dataset is wrapped only to feed its client reads to the shadow candidates' models.
 */
public final class LocalCacheDatasetFactory extends FsDatasetSpi.Factory<FsDatasetSpi<?>> {
  /**
   * Tests only: how long start-up waits for the cache directories (e.g. {@code 1ms}), in place of
   * 12 read timeouts, so a directory of a few hundred pages is still opening at the limit.
   */
  public static final String TEST_DIR_OPEN_LIMIT_KEY = "hdfs-local-cache.test.dir-open-limit";

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
      LOG.info("hdfs-local-cache is disabled ({}=false); serving from HDD", CacheKeys.ENABLED);
      return inner;
    }
    CacheFaultInjector faults;
    try {
      faults = FaultInjectors.of(conf.get(FaultInjectors.KEY));
    } catch (IllegalArgumentException e) {
      throw new IOException("hdfs-local-cache: " + e.getMessage(), e);
    }
    String uuid = storage.getDatanodeUuid() == null ? "datanode" : storage.getDatanodeUuid();
    if (!config.candidates().isEmpty()) {
      logShadowHeap(
          config,
          conf.getLongBytes(
              org.apache.hadoop.hdfs.DFSConfigKeys.DFS_BLOCK_SIZE_KEY,
              org.apache.hadoop.hdfs.DFSConfigKeys.DFS_BLOCK_SIZE_DEFAULT));
    }
    if (config.mode() == CacheMode.SHADOW) {
      return shadow(inner, config, uuid, datanode);
    }
    DirectoryStartup startup =
        DirectoryStartup.start(
            config, OpenLimits.of(config, conf), uuid, faults, CacheClock.SYSTEM);
    List<DirectoryOpener.Opened> dirs;
    try {
      dirs = startup.awaitStartup();
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
    if (dirs.isEmpty() && !startup.anyOpening()) {
      LOG.warn(
          "hdfs-local-cache: no usable cache directory in {}; cache disabled, serving from"
              + " HDD",
          config.dirs());
      return inner;
    }
    long blockSize =
        conf.getLongBytes(
            org.apache.hadoop.hdfs.DFSConfigKeys.DFS_BLOCK_SIZE_KEY,
            org.apache.hadoop.hdfs.DFSConfigKeys.DFS_BLOCK_SIZE_DEFAULT);
    DirectoryOpener.warnTooSmall(config, blockSize, dirs);
    MetricRegistry registry = new MetricRegistry();
    Optional<ShadowFeed> shadow =
        config.candidates().isEmpty()
            ? Optional.<ShadowFeed>empty()
            : Optional.of(startFeed(config, Calibration.AGAINST_CACHE, registry));
    CacheWiring wiring;
    CacheLifecycle cache;
    try {
      wiring =
          new CacheWiring(
              config,
              new DatasetReplicas(inner),
              dirs,
              CacheClock.SYSTEM,
              registry,
              shadow.isPresent() ? shadow.get() : ReadTap.NONE,
              faults);
      cache = CacheLifecycle.open(wiring);
      cache.start();
    } catch (RuntimeException e) {
      // A cache that cannot start must never take the DataNode's block pool down with it.
      LOG.error("hdfs-local-cache: cache disabled, serving from HDD: start-up failed", e);
      startup.close();
      DirectoryOpener.closeQuietly(dirs);
      shadow.ifPresent(ShadowFeed::close);
      return inner;
    }
    cache.onClose(
        LocalCacheMetrics.register(
            cache.metrics(),
            CacheMetricCatalog.get(),
            uuid,
            datanode,
            config.dirs().stream().map(Object::toString).collect(Collectors.toList()),
            candidateNames(config)));
    shadow.ifPresent(cache::onClose);
    cache.onClose(startup);
    startup.continueInBackground(
        o -> {
          DirectoryOpener.warnTooSmall(config, blockSize, Collections.singletonList(o));
          cache.join(o);
        });
    LOG.info(
        activeLine(
            BuildVersion.get(),
            dirs.stream().map(DirectoryOpener.Opened::path).collect(Collectors.toList()),
            config,
            shadow.isPresent()));
    return CachingDataset.wrap(inner, cache, wiring, shadow);
  }

  /**
   * The line that says the cache is active, as an operator greps for it (docs/install.md step 6
   * shows it; InstallDocTest keeps the two in step): sizes and durations in the configuration's own
   * grammar ({@code 1m}, {@code 1h}), as the operator wrote them.
   */
  static String activeLine(String version, List<?> dirs, CacheConfig config, boolean shadow) {
    return String.format(
        "hdfs-local-cache %s active on %d directories %s (fill %s, page %s, admit after more"
            + " than %d reads in %s)%s",
        version,
        dirs.size(),
        dirs,
        config.fillPolicy(),
        SizeValue.format(config.pageSize()),
        config.admission().threshold(),
        DurationValue.format(config.admission().window()),
        shadow ? "; shadow candidates beside it: " + config.candidates() : "");
  }

  /**
   * Shadow mode: the dataset itself, its client reads counted and fed to the candidates' models. No
   * directory is opened, nothing is written to any SSD, no RocksDB is loaded.
   */
  private static FsDatasetSpi<?> shadow(
      FsDatasetSpi<?> inner, CacheConfig config, String uuid, DataNode datanode)
      throws IOException {
    MetricRegistry registry = new MetricRegistry();
    ShadowFeed feed = startFeed(config, Calibration.NONE, registry);
    ShortCircuitOpens shortCircuit = new ShortCircuitOpens(registry);
    LocalCacheMetrics metrics =
        LocalCacheMetrics.register(
            registry,
            CacheMetricCatalog.get(),
            uuid,
            datanode,
            Collections.<String>emptyList(),
            candidateNames(config));
    LOG.info(
        "hdfs-local-cache {} in shadow mode ({}=shadow): serving from HDD, nothing written to any"
            + " SSD; modelling {} candidates: {}",
        BuildVersion.get(),
        CacheKeys.MODE,
        config.candidates().specs().size(),
        config.candidates());
    return ShadowDataset.wrap(inner, feed, shortCircuit, metrics, new ReplicaChanges());
  }

  private static ShadowFeed startFeed(
      CacheConfig config, Calibration calibration, MetricRegistry registry) throws IOException {
    try {
      return ShadowFeed.start(
          config.candidates().specs(),
          calibration,
          CacheTunables.SHADOW_QUEUE_EVENTS,
          CacheClock.SYSTEM,
          registry);
    } catch (IllegalArgumentException e) {
      throw new IOException("hdfs-local-cache: invalid configuration: " + e.getMessage(), e);
    }
  }

  /** The most heap the candidates can take, at WARN when it passes a quarter of the heap. */
  private static void logShadowHeap(CacheConfig config, long blockSize) {
    List<CandidateSpec> specs = config.candidates().specs();
    long max = Runtime.getRuntime().maxMemory();
    long worst = ShadowHeapCheck.worstCaseBytes(specs, blockSize);
    String line = ShadowHeapCheck.message(specs.size(), worst, blockSize, max);
    if (ShadowHeapCheck.verdict(worst, max) == ShadowHeapCheck.Verdict.FITS) {
      LOG.info(line);
    } else {
      LOG.warn(line);
    }
  }

  private static List<String> candidateNames(CacheConfig config) {
    return config.candidates().specs().stream()
        .map(CandidateSpec::name)
        .collect(Collectors.toList());
  }

  /** The cache behind a DataNode's dataset, or null when the cache is not active there. */
  public static CacheLifecycle cacheOf(FsDatasetSpi<?> dataset) {
    return CachingDataset.cacheOf(dataset);
  }

  /**
   * The shadow models a DataNode's dataset feeds, in either mode; empty when it runs none (or the
   * cache is not active there).
   */
  public static Optional<ShadowFeed> shadowOf(FsDatasetSpi<?> dataset) {
    Optional<DatasetProxy> p = DatasetProxy.of(dataset);
    return p.isPresent() ? p.get().shadow() : Optional.<ShadowFeed>empty();
  }

  @SuppressWarnings("unchecked")
  private static FsDatasetSpi.Factory<? extends FsDatasetSpi<?>> innerFactory(String className)
      throws IOException {
    if (className.equals(LocalCacheDatasetFactory.class.getName())) {
      throw new IOException(
          "hdfs-local-cache: "
              + CacheKeys.INNER_FACTORY
              + " must not name the cache factory itself");
    }
    try {
      Class<?> c = Class.forName(className, true, LocalCacheDatasetFactory.class.getClassLoader());
      return (FsDatasetSpi.Factory<? extends FsDatasetSpi<?>>)
          c.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new IOException(
          "hdfs-local-cache: "
              + CacheKeys.INNER_FACTORY
              + " = "
              + className
              + " is not a loadable FsDatasetSpi.Factory: "
              + e,
          e);
    }
  }
}
