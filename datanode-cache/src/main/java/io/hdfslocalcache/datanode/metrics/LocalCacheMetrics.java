package io.hdfslocalcache.datanode.metrics;

import com.codahale.metrics.MetricRegistry;
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
  public static final String SOURCE_PREFIX = "LocalCache-";

  /** Prefix of a directory's source: {@code LocalCacheDirectory-<datanodeUuid>-<N>}. */
  public static final String DIRECTORY_SOURCE_PREFIX = "LocalCacheDirectory-";

  /** Prefix of a shadow candidate's source: {@code LocalCacheShadow-<datanodeUuid>-<name>}. */
  public static final String SHADOW_SOURCE_PREFIX = "LocalCacheShadow-";

  /** Shadow candidate record tag: the candidate's name in {@code shadow.candidates}. */
  public static final String TAG_CANDIDATE = "Candidate";

  /** Record tags: the DataNode's UUID and its HTTP port (the status command picks its bean). */
  public static final String TAG_UUID = "DatanodeUuid";

  public static final String TAG_HTTP_PORT = "HttpPort";

  /** Record tag: the cache jar's version (a half-upgraded fleet shows who runs what). */
  public static final String TAG_VERSION = "LocalCacheVersion";

  /** Directory record tag: the directory as configured in {@code dfs.datanode.local-cache.dirs}. */
  public static final String TAG_DIRECTORY = "Directory";

  /** Directory record tag: its place in {@code dfs.datanode.local-cache.dirs}, from 0. */
  public static final String TAG_DIRECTORY_INDEX = "DirectoryIndex";

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
    tags.put(TAG_UUID, () -> datanodeUuid);
    tags.put(TAG_VERSION, BuildVersion::get);
    if (datanode != null) {
      tags.put(TAG_HTTP_PORT, () -> String.valueOf(datanode.getInfoPort()));
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
        SOURCE_PREFIX + datanodeUuid,
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
      dirTags.put(TAG_DIRECTORY, () -> dir);
      dirTags.put(TAG_DIRECTORY_INDEX, () -> index);
      out.put(
          DIRECTORY_SOURCE_PREFIX + datanodeUuid + "-" + i,
          new DropwizardMetricsSource(
              registry,
              DropwizardMetricsSource.DIRECTORY_RECORD,
              dirTags,
              DropwizardMetricsSource.directory(i),
              catalog));
    }
    for (String c : candidates) {
      Map<String, Supplier<String>> candidateTags = new LinkedHashMap<>(tags);
      candidateTags.put(TAG_CANDIDATE, () -> c);
      out.put(
          SHADOW_SOURCE_PREFIX + datanodeUuid + "-" + c,
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
