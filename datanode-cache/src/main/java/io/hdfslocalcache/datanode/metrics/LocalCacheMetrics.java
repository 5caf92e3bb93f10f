package io.hdfslocalcache.datanode.metrics;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.metrics.MetricCatalog;
import io.hdfslocalcache.metrics.MetricSources;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.metrics2.MetricsSystem;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Exports one DataNode's cache metrics through Hadoop metrics2: the JMX beans under {@code
 * Hadoop:service=DataNode} (so {@code /jmx} shows them), the {@code /prom} endpoint when {@code
 * hadoop.prometheus.endpoint.enabled} is set, and every sink in {@code hadoop-metrics2.properties}.
 *
 * <p>One source per DataNode, {@code LocalCache-<datanodeUuid>} (record {@code LocalCache}), with
 * the DataNode-wide metrics, and one per configured cache directory, {@code
 * LocalCacheDirectory-<datanodeUuid>-<N>} (record {@code LocalCacheDirectory}), with that
 * directory's metrics under short names and the directory as tags: Prometheus then sees one series
 * per directory with a {@code directory} label instead of N inside the metric name, and a JMX
 * reader one bean per directory, as Hadoop's own {@code DataNodeVolume-<path>} beans. Each shadow
 * candidate has a source the same way, {@code LocalCacheShadow-<datanodeUuid>-<name>} (record
 * {@code LocalCacheShadow}, tag {@code Candidate}). Sources are named by the DataNode's UUID, so
 * several DataNodes in one JVM (MiniDFSCluster) stay apart.
 */
public final class LocalCacheMetrics implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(LocalCacheMetrics.class);
  private final List<String> registered;

  private LocalCacheMetrics(List<String> registered) {
    this.registered = registered;
  }

  /**
   * Adds the host gauges to {@code registry} and registers its sources with the DataNode's metrics
   * system; {@code directories} are the configured directories, in order (none in shadow mode),
   * {@code candidates} the shadow candidates' names. Never fails the DataNode: a registration error
   * is logged and the cache runs unexported.
   */
  public static LocalCacheMetrics register(
      MetricRegistry registry,
      MetricCatalog catalog,
      String datanodeUuid,
      DataNode datanode,
      List<String> directories,
      List<String> candidates) {
    new HostStats(registry, ProcStat.system());
    Map<String, Supplier<String>> tags = new LinkedHashMap<>();
    tags.put(MetricSources.TAG_UUID, () -> datanodeUuid);
    tags.put(MetricSources.TAG_VERSION, BuildVersion::get);
    if (datanode != null) {
      tags.put(MetricSources.TAG_HTTP_PORT, () -> String.valueOf(datanode.getInfoPort()));
    }
    List<String> done = new ArrayList<>();
    Map<String, DropwizardMetricsSource> sources =
        sources(registry, catalog, datanodeUuid, tags, directories, candidates);
    try {
      MetricsSystem ms = DefaultMetricsSystem.instance();
      for (Map.Entry<String, DropwizardMetricsSource> s : sources.entrySet()) {
        ms.register(
            s.getKey(), "hdfs-local-cache metrics of DataNode " + datanodeUuid, s.getValue());
        done.add(s.getKey());
      }
    } catch (RuntimeException e) {
      LOG.warn(
          "hdfs-local-cache: metrics not exported to JMX/metrics2 as {}: {}",
          sources.keySet(),
          e.toString());
    }
    return new LocalCacheMetrics(Collections.synchronizedList(done));
  }

  /**
   * The sources of one DataNode's cache by source name: the DataNode-wide one first, then one per
   * directory, then one per shadow candidate. {@code tags} go on every record.
   */
  public static Map<String, DropwizardMetricsSource> sources(
      MetricRegistry registry,
      MetricCatalog catalog,
      String datanodeUuid,
      Map<String, Supplier<String>> tags,
      List<String> directories,
      List<String> candidates) {
    Map<String, DropwizardMetricsSource> out = new LinkedHashMap<>();
    out.put(
        MetricSources.SOURCE_PREFIX + datanodeUuid,
        new DropwizardMetricsSource(
            registry,
            DropwizardMetricsSource.RECORD,
            tags,
            DropwizardMetricsSource.dataNodeWide(),
            catalog));
    for (int i = 0; i < directories.size(); i++) {
      Map<String, Supplier<String>> dirTags = new LinkedHashMap<>(tags);
      String dir = directories.get(i);
      String index = String.valueOf(i);
      dirTags.put(MetricSources.TAG_DIRECTORY, () -> dir);
      dirTags.put(MetricSources.TAG_DIRECTORY_INDEX, () -> index);
      out.put(
          MetricSources.DIRECTORY_SOURCE_PREFIX + datanodeUuid + "-" + i,
          new DropwizardMetricsSource(
              registry,
              DropwizardMetricsSource.DIRECTORY_RECORD,
              dirTags,
              DropwizardMetricsSource.directory(i),
              catalog));
    }
    for (String c : candidates) {
      Map<String, Supplier<String>> candidateTags = new LinkedHashMap<>(tags);
      candidateTags.put(MetricSources.TAG_CANDIDATE, () -> c);
      out.put(
          MetricSources.SHADOW_SOURCE_PREFIX + datanodeUuid + "-" + c,
          new DropwizardMetricsSource(
              registry,
              DropwizardMetricsSource.SHADOW_RECORD,
              candidateTags,
              DropwizardMetricsSource.candidate(c),
              catalog));
    }
    return out;
  }

  /** The metrics2 source (and JMX bean) names registered, the DataNode-wide one first. */
  public List<String> sourceNames() {
    synchronized (registered) {
      return new ArrayList<>(registered);
    }
  }

  /** Unregisters the sources and their JMX beans; idempotent. */
  @Override
  public void close() {
    List<String> names;
    synchronized (registered) {
      names = new ArrayList<>(registered);
      registered.clear();
    }
    for (String name : names) {
      try {
        DefaultMetricsSystem.instance().unregisterSource(name);
      } catch (RuntimeException e) {
        LOG.warn(
            "hdfs-local-cache: could not unregister metrics source {}: {}", name, e.toString());
      }
    }
  }
}
