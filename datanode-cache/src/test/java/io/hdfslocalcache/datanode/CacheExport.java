package io.hdfslocalcache.datanode;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.config.CacheDirMarker;
import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.hdd.HddReplicas;
import io.hdfslocalcache.datanode.hdd.ReplicaVersion;
import io.hdfslocalcache.datanode.metrics.HostStats;
import io.hdfslocalcache.datanode.metrics.LocalCacheMetrics;
import io.hdfslocalcache.datanode.metrics.ProcStat;
import io.hdfslocalcache.datanode.settings.CacheConfig;
import io.hdfslocalcache.datanode.shadow.Calibration;
import io.hdfslocalcache.datanode.shadow.ShadowFeed;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.metrics.MetricSources;
import io.hdfslocalcache.time.CacheClock;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;
import org.apache.hadoop.metrics2.MetricsRecord;
import org.apache.hadoop.metrics2.impl.MetricsCollectorImpl;
import org.apache.hadoop.metrics2.sink.PrometheusMetricsSink;

/**
 * What a real cache exports: a {@link CacheLifecycle} on two directories with one shadow candidate
 * beside it (calibration), its registry (with the host gauges the DataNode adds) and the metrics2
 * records its sources publish, also as Hadoop's own Prometheus sink renders them for {@code /prom}.
 * Taken once, after start-up; the cache is closed.
 */
public final class CacheExport {
  /** The two configured directories' tag values. */
  public final List<String> directories;

  /** The shadow candidate running beside the cache. */
  public static final String CANDIDATE = "t1";

  /** Registry names, e.g. {@code store.dir1.used}. */
  public final Set<String> registryNames;

  /** The DataNode-wide record first, then one per directory. */
  public final List<MetricsRecord> records;

  /** The {@code /prom} text of those records. */
  public final String prometheusText;

  private CacheExport(
      List<String> directories,
      Set<String> registryNames,
      List<MetricsRecord> records,
      String prometheusText) {
    this.directories = directories;
    this.registryNames = registryNames;
    this.records = records;
    this.prometheusText = prometheusText;
  }

  /** Starts a cache in {@code dir}, takes its export and closes it. */
  public static CacheExport of(Path dir) throws Exception {
    List<String> dirs =
        Arrays.asList(
            CacheDirMarker.create(dir.resolve("a")).toString(),
            CacheDirMarker.create(dir.resolve("b")).toString());
    Configuration conf = new Configuration(false);
    conf.set(CacheKeys.DIRS, String.join(",", dirs));
    conf.set(CacheKeys.CAPACITY, "256m");
    conf.set(CacheKeys.SHADOW_CANDIDATES, CANDIDATE);
    conf.set(CacheKeys.SHADOW_CANDIDATE_PREFIX + CANDIDATE, "threshold=1");
    CacheConfig config = CacheConfig.from(conf);
    MetricRegistry registry = new MetricRegistry();
    try (ShadowFeed feed =
            ShadowFeed.start(
                config.candidates().specs(),
                Calibration.AGAINST_CACHE,
                16,
                CacheClock.SYSTEM,
                registry);
        CacheLifecycle cache =
            CacheLifecycle.open(
                new CacheWiring(
                    config,
                    new NoReplicas(),
                    DirectoryOpener.open(config, "dn", CacheFaultInjector.NONE),
                    CacheClock.SYSTEM,
                    registry,
                    feed,
                    CacheFaultInjector.NONE))) {
      cache.start(); // as the factory does
      new HostStats(registry, ProcStat.system());
      Map<String, Supplier<String>> tags = new LinkedHashMap<>();
      tags.put(MetricSources.TAG_UUID, () -> "dn");
      tags.put(MetricSources.TAG_VERSION, () -> "test");
      MetricsCollectorImpl collector = new MetricsCollectorImpl();
      LocalCacheMetrics.sources(
              registry, CacheMetricCatalog.get(), "dn", tags, dirs, List.of(CANDIDATE))
          .values()
          .forEach(s -> s.getMetrics(collector, true));
      List<MetricsRecord> records = new ArrayList<>(collector.getRecords());
      PrometheusMetricsSink sink = new PrometheusMetricsSink();
      records.forEach(sink::putMetrics);
      sink.flush();
      StringWriter text = new StringWriter();
      sink.writeMetrics(text);
      return new CacheExport(dirs, new TreeSet<>(registry.getNames()), records, text.toString());
    }
  }

  /** The metric names of {@link #prometheusText}, e.g. {@code local_cache_directory_used}. */
  public Set<String> prometheusNames() {
    Set<String> out = new TreeSet<>();
    for (String line : prometheusText.split("\n")) {
      if (line.startsWith("# TYPE ")) {
        out.add(line.split(" ")[2]);
      }
    }
    return out;
  }

  /** A dataset with no replica at all: enough for a cache to start. */
  private static final class NoReplicas implements HddReplicas {
    @Override
    public ReplicaVersion replica(BlockId id) {
      return null;
    }

    @Override
    public LengthInputStream openMeta(ExtendedBlock b) {
      return null;
    }

    @Override
    public InputStream openData(ExtendedBlock b, long offset) {
      return null;
    }

    @Override
    public boolean filesExist(ExtendedBlock b) {
      return false;
    }
  }
}
