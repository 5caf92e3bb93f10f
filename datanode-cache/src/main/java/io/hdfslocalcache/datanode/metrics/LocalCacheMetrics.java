package io.hdfslocalcache.datanode.metrics;

import com.codahale.metrics.MetricRegistry;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.metrics2.MetricsSystem;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Exports one DataNode's cache metrics through Hadoop metrics2: the JMX bean {@code
 * Hadoop:service=DataNode,name=LocalCache-<datanodeUuid>} (so {@code /jmx} shows it), the {@code
 * /prom} endpoint when {@code hadoop.prometheus.endpoint.enabled} is set, and every sink in {@code
 * hadoop-metrics2.properties}. One source per DataNode, named by its UUID, so several DataNodes in
 * one JVM (MiniDFSCluster) stay apart.
 */
public final class LocalCacheMetrics implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(LocalCacheMetrics.class);
  public static final String SOURCE_PREFIX = "LocalCache-";

  /** Record tags: the DataNode's UUID and its HTTP port (the status command picks its bean). */
  public static final String TAG_UUID = "DatanodeUuid";

  public static final String TAG_HTTP_PORT = "HttpPort";

  /** Record tag: the cache jar's version (a half-upgraded fleet shows who runs what). */
  public static final String TAG_VERSION = "LocalCacheVersion";

  private final String sourceName;
  private volatile boolean registered;

  private LocalCacheMetrics(String sourceName, boolean registered) {
    this.sourceName = sourceName;
    this.registered = registered;
  }

  /**
   * Adds the host gauges to {@code registry} and registers it with the DataNode's metrics system.
   * Never fails the DataNode: a registration error is logged and the cache runs unexported.
   */
  public static LocalCacheMetrics register(
      MetricRegistry registry, String datanodeUuid, DataNode datanode) {
    new HostStats(registry, ProcStat.system());
    String name = SOURCE_PREFIX + datanodeUuid;
    Map<String, Supplier<String>> tags = new LinkedHashMap<>();
    tags.put(TAG_UUID, () -> datanodeUuid);
    tags.put(TAG_VERSION, BuildVersion::get);
    if (datanode != null) {
      tags.put(TAG_HTTP_PORT, () -> String.valueOf(datanode.getInfoPort()));
    }
    try {
      DefaultMetricsSystem.instance()
          .register(
              name,
              "hdfs-local-cache metrics of DataNode " + datanodeUuid,
              new DropwizardMetricsSource(registry, tags));
      return new LocalCacheMetrics(name, true);
    } catch (RuntimeException e) {
      LOG.warn(
          "hdfs-local-cache: metrics not exported to JMX/metrics2 as {}: {}", name, e.toString());
      return new LocalCacheMetrics(name, false);
    }
  }

  /** The metrics2 source (and JMX bean) name. */
  public String sourceName() {
    return sourceName;
  }

  /** Unregisters the source and its JMX bean; idempotent. */
  @Override
  public void close() {
    if (registered) {
      registered = false;
      try {
        MetricsSystem ms = DefaultMetricsSystem.instance();
        ms.unregisterSource(sourceName);
      } catch (RuntimeException e) {
        LOG.warn(
            "hdfs-local-cache: could not unregister metrics source {}: {}",
            sourceName,
            e.toString());
      }
    }
  }
}
