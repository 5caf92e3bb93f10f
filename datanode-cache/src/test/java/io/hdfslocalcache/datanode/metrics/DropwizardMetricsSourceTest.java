package io.hdfslocalcache.datanode.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.Histogram;
import com.codahale.metrics.MetricRegistry;
import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.hadoop.metrics2.AbstractMetric;
import org.apache.hadoop.metrics2.MetricType;
import org.apache.hadoop.metrics2.MetricsRecord;
import org.apache.hadoop.metrics2.MetricsTag;
import org.apache.hadoop.metrics2.impl.MetricsCollectorImpl;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.junit.jupiter.api.Test;

class DropwizardMetricsSourceTest {
  private static Map<String, AbstractMetric> snapshot(
      MetricRegistry r, Map<String, String> tags, Map<String, String> tagsOut) {
    MetricsCollectorImpl collector = new MetricsCollectorImpl();
    Map<String, java.util.function.Supplier<String>> t = new HashMap<>();
    tags.forEach((k, v) -> t.put(k, () -> v));
    new DropwizardMetricsSource(r, t).getMetrics(collector, false);
    assertEquals(1, collector.getRecords().size());
    MetricsRecord rec = collector.getRecords().get(0);
    assertEquals(DropwizardMetricsSource.RECORD, rec.name());
    assertEquals("dfs", rec.context());
    for (MetricsTag tag : rec.tags()) {
      tagsOut.put(tag.name(), tag.value());
    }
    Map<String, AbstractMetric> out = new HashMap<>();
    rec.metrics().forEach(m -> out.put(m.name(), m));
    return out;
  }

  @Test
  void getMetrics_registry_countersGaugesAndHistogramSummaries() {
    MetricRegistry r = new MetricRegistry();
    r.counter("read.hits").inc(5);
    r.register("store.blocks", (Gauge<Integer>) () -> 7);
    r.register("read.hit.ratio", (Gauge<Double>) () -> 0.25);
    r.register("not.a.number", (Gauge<String>) () -> "x");
    Histogram h = r.histogram("read.latency.hdd.micros");
    for (int i = 1; i <= 100; i++) {
      h.update(i);
    }
    Map<String, String> tags = new HashMap<>();
    Map<String, AbstractMetric> m = snapshot(r, Map.of("DatanodeUuid", "u-1"), tags);

    assertEquals("u-1", tags.get("DatanodeUuid"));
    assertEquals(MetricType.COUNTER, m.get("read.hits").type());
    assertEquals(5L, m.get("read.hits").value());
    assertEquals(MetricType.GAUGE, m.get("store.blocks").type());
    assertEquals(7L, m.get("store.blocks").value().longValue());
    assertEquals(0.25, m.get("read.hit.ratio").value().doubleValue());
    assertFalse(m.containsKey("not.a.number"));
    assertEquals(MetricType.COUNTER, m.get("read.latency.hdd.micros.count").type());
    assertEquals(100L, m.get("read.latency.hdd.micros.count").value());
    double p99 = m.get("read.latency.hdd.micros.p99").value().doubleValue();
    assertTrue(p99 >= 98 && p99 <= 100, "p99 " + p99);
    assertEquals(100.0, m.get("read.latency.hdd.micros.max").value().doubleValue());
    assertTrue(m.containsKey("read.latency.hdd.micros.p50"));
    assertTrue(m.containsKey("read.latency.hdd.micros.mean"));
  }

  @Test
  void getMetrics_failingGauge_othersStillPublished() {
    MetricRegistry r = new MetricRegistry();
    r.register(
        "broken",
        (Gauge<Long>)
            () -> {
              throw new IllegalStateException("boom");
            });
    r.counter("read.misses").inc();
    Map<String, AbstractMetric> m = snapshot(r, Map.of(), new HashMap<>());
    assertFalse(m.containsKey("broken"));
    assertEquals(1L, m.get("read.misses").value());
  }

  @Test
  void register_metricsSystemRunning_jmxBeanLiveUntilClosed() throws Exception {
    DefaultMetricsSystem.initialize("DataNode");
    try {
      MetricRegistry r = new MetricRegistry();
      r.counter("read.hits").inc(3);
      LocalCacheMetrics exported = LocalCacheMetrics.register(r, "unit-uuid", null);
      MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
      ObjectName name = new ObjectName("Hadoop:service=DataNode,name=LocalCache-unit-uuid");
      assertTrue(mbs.isRegistered(name));
      assertEquals(3L, mbs.getAttribute(name, "read.hits"));
      assertEquals("unit-uuid", mbs.getAttribute(name, "tag.DatanodeUuid"));
      assertTrue(r.getGauges().containsKey("host.procs.blocked"));
      exported.close();
      assertFalse(mbs.isRegistered(name));
      exported.close(); // idempotent
    } finally {
      DefaultMetricsSystem.shutdown();
    }
  }
}
