package io.hdfslocalcache.datanode.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.Histogram;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.metrics.AdmissionMetrics;
import io.hdfslocalcache.metrics.Describe;
import io.hdfslocalcache.metrics.DirectoryMetrics;
import io.hdfslocalcache.metrics.DirectoryNames;
import io.hdfslocalcache.metrics.HostMetrics;
import io.hdfslocalcache.metrics.MetricCatalog;
import io.hdfslocalcache.metrics.MetricSources;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
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
  /** Stand-in stats class: names and descriptions as the real ones declare them. */
  static final class Stats {
    @Describe("Client block reads served from the cache, since start.")
    static final String HITS = ReadPathMetrics.HITS;

    @Describe("Cached blocks now.")
    static final String BLOCKS = DirectoryMetrics.BLOCKS;

    @Describe("Hit ratio since start.")
    static final String RATIO = ReadPathMetrics.HIT_RATIO;

    @Describe("Microseconds per HDD read call.")
    static final String LATENCY = ReadPathMetrics.LATENCY_HDD;

    @Describe("Cached reads that switched to the HDD, by cause")
    static final String FALLBACK = "read.fallback.";

    @Describe(value = "Buckets dropped since start.", total = true)
    static final String DROPS = AdmissionMetrics.EARLY_BUCKET_DROPS;

    @Describe("Bytes of pages on the directory now.")
    static final String USED = "used";
  }

  static final MetricCatalog CATALOG = MetricCatalog.of(Stats.class);

  /** The records of the DataNode-wide source and one source per directory, by record tag. */
  private static List<MetricsRecord> records(MetricRegistry r, List<String> dirs) {
    return records(r, dirs, List.of());
  }

  /** As {@link #records(MetricRegistry, List)}, with a source per shadow candidate last. */
  private static List<MetricsRecord> records(
      MetricRegistry r, List<String> dirs, List<String> candidates) {
    MetricsCollectorImpl collector = new MetricsCollectorImpl();
    Map<String, Supplier<String>> tags = Map.of(MetricSources.TAG_UUID, () -> "u-1");
    LocalCacheMetrics.sources(r, CATALOG, "u-1", tags, dirs, candidates)
        .values()
        .forEach(s -> s.getMetrics(collector, false));
    return new java.util.ArrayList<>(collector.getRecords());
  }

  private static Map<String, AbstractMetric> metrics(MetricsRecord rec) {
    Map<String, AbstractMetric> out = new HashMap<>();
    rec.metrics().forEach(m -> out.put(m.name(), m));
    return out;
  }

  private static Map<String, String> tags(MetricsRecord rec) {
    Map<String, String> out = new HashMap<>();
    for (MetricsTag t : rec.tags()) {
      out.put(t.name(), t.value());
    }
    return out;
  }

  @Test
  void getMetrics_registry_countersGaugesAndHistogramSummaries() {
    MetricRegistry r = new MetricRegistry();
    r.counter(ReadPathMetrics.HITS).inc(5);
    r.register(DirectoryMetrics.BLOCKS, (Gauge<Integer>) () -> 7);
    r.register(ReadPathMetrics.HIT_RATIO, (Gauge<Double>) () -> 0.25);
    r.register("not.a.number", (Gauge<String>) () -> "x");
    Histogram h = r.histogram(ReadPathMetrics.LATENCY_HDD);
    for (int i = 1; i <= 100; i++) {
      h.update(i);
    }
    List<MetricsRecord> recs = records(r, List.of());
    assertEquals(1, recs.size());
    MetricsRecord rec = recs.get(0);
    assertEquals(DropwizardMetricsSource.RECORD, rec.name());
    assertEquals("dfs", rec.context());
    assertEquals("u-1", tags(rec).get("DatanodeUuid"));
    Map<String, AbstractMetric> m = metrics(rec);
    assertEquals(MetricType.COUNTER, m.get(ReadPathMetrics.HITS).type());
    assertEquals(5L, m.get(ReadPathMetrics.HITS).value());
    assertEquals(MetricType.GAUGE, m.get(DirectoryMetrics.BLOCKS).type());
    assertEquals(7L, m.get(DirectoryMetrics.BLOCKS).value().longValue());
    assertEquals(0.25, m.get(ReadPathMetrics.HIT_RATIO).value().doubleValue());
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
  void getMetrics_describedConstants_descriptionsFromThem() {
    MetricRegistry r = new MetricRegistry();
    r.counter(ReadPathMetrics.HITS);
    r.counter("read.fallback.io_error");
    r.histogram(ReadPathMetrics.LATENCY_HDD);
    Map<String, AbstractMetric> m = metrics(records(r, List.of()).get(0));
    assertEquals(
        "Client block reads served from the cache, since start.",
        m.get(ReadPathMetrics.HITS).description());
    assertEquals(
        "Cached reads that switched to the HDD, by cause: io_error",
        m.get("read.fallback.io_error").description());
    assertEquals(
        "Microseconds per HDD read call; 99th percentile over a sample biased to the last 5"
            + " minutes",
        m.get("read.latency.hdd.micros.p99").description());
  }

  @Test
  void getMetrics_totalGauge_exportedAsCounter() {
    MetricRegistry r = new MetricRegistry();
    r.register(AdmissionMetrics.EARLY_BUCKET_DROPS, (Gauge<Long>) () -> 12L);
    r.register(DirectoryMetrics.BLOCKS, (Gauge<Long>) () -> 3L);
    Map<String, AbstractMetric> m = metrics(records(r, List.of()).get(0));
    assertEquals(MetricType.COUNTER, m.get(AdmissionMetrics.EARLY_BUCKET_DROPS).type());
    assertEquals(12L, m.get(AdmissionMetrics.EARLY_BUCKET_DROPS).value());
    assertEquals(MetricType.GAUGE, m.get(DirectoryMetrics.BLOCKS).type());
  }

  @Test
  void getMetrics_directoryMetrics_oneRecordPerDirectoryTaggedWithIt() {
    MetricRegistry r = new MetricRegistry();
    r.register(DirectoryMetrics.BLOCKS, (Gauge<Integer>) () -> 7);
    r.register(DirectoryNames.of(0, DirectoryMetrics.USED), (Gauge<Long>) () -> 100L);
    r.register(DirectoryNames.of(1, DirectoryMetrics.USED), (Gauge<Long>) () -> 200L);
    List<MetricsRecord> recs = records(r, List.of("/ssd0/cache", "/ssd1/cache"));

    assertEquals(3, recs.size());
    Map<String, AbstractMetric> node = metrics(recs.get(0));
    assertEquals(DropwizardMetricsSource.RECORD, recs.get(0).name());
    assertEquals(7L, node.get(DirectoryMetrics.BLOCKS).value());
    assertEquals(
        1, node.size(), "no directory metric in the DataNode-wide record: " + node.keySet());
    for (int i = 0; i < 2; i++) {
      MetricsRecord rec = recs.get(i + 1);
      assertEquals(DropwizardMetricsSource.DIRECTORY_RECORD, rec.name());
      assertEquals("dfs", rec.context());
      Map<String, String> tags = tags(rec);
      assertEquals("/ssd" + i + "/cache", tags.get(MetricSources.TAG_DIRECTORY));
      assertEquals(String.valueOf(i), tags.get(MetricSources.TAG_DIRECTORY_INDEX));
      assertEquals("u-1", tags.get(MetricSources.TAG_UUID));
      Map<String, AbstractMetric> m = metrics(rec);
      assertEquals(1, m.size(), m.keySet().toString());
      assertEquals(100L * (i + 1), m.get("used").value());
      assertEquals("Bytes of pages on the directory now.", m.get("used").description());
    }
  }

  @Test
  void getMetrics_candidateMetrics_oneRecordPerCandidateTaggedWithIt() {
    MetricRegistry r = new MetricRegistry();
    r.register(DirectoryMetrics.BLOCKS, (Gauge<Integer>) () -> 7);
    r.register(DirectoryNames.of(0, DirectoryMetrics.USED), (Gauge<Long>) () -> 100L);
    r.register("shadow.candidate.t1.used", (Gauge<Long>) () -> 1L);
    r.register("shadow.candidate.t-2.used", (Gauge<Long>) () -> 2L);
    List<MetricsRecord> recs = records(r, List.of("/ssd0/cache"), List.of("t1", "t-2"));

    assertEquals(4, recs.size());
    assertEquals(Set.of(DirectoryMetrics.BLOCKS), metrics(recs.get(0)).keySet());
    assertEquals(Set.of("used"), metrics(recs.get(1)).keySet());
    assertEquals(100L, metrics(recs.get(1)).get("used").value());
    String[] names = {"t1", "t-2"};
    for (int i = 0; i < 2; i++) {
      MetricsRecord rec = recs.get(i + 2);
      assertEquals(DropwizardMetricsSource.SHADOW_RECORD, rec.name());
      assertEquals(names[i], tags(rec).get(MetricSources.TAG_CANDIDATE));
      assertEquals("u-1", tags(rec).get(MetricSources.TAG_UUID));
      Map<String, AbstractMetric> m = metrics(rec);
      assertEquals(Set.of("used"), m.keySet());
      assertEquals(i + 1L, m.get("used").value());
    }
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
    r.counter(ReadPathMetrics.MISSES).inc();
    Map<String, AbstractMetric> m = metrics(records(r, List.of()).get(0));
    assertFalse(m.containsKey("broken"));
    assertEquals(1L, m.get(ReadPathMetrics.MISSES).value());
  }

  @Test
  void register_metricsSystemRunning_jmxBeansLiveUntilClosed() throws Exception {
    DefaultMetricsSystem.initialize("DataNode");
    try {
      MetricRegistry r = new MetricRegistry();
      r.counter(ReadPathMetrics.HITS).inc(3);
      r.register(DirectoryNames.of(0, DirectoryMetrics.USED), (Gauge<Long>) () -> 42L);
      LocalCacheMetrics exported =
          LocalCacheMetrics.register(
              r, CATALOG, "unit-uuid", null, List.of("/ssd0/cache"), List.of());
      MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
      ObjectName name = new ObjectName("Hadoop:service=DataNode,name=LocalCache-unit-uuid");
      ObjectName dir =
          new ObjectName("Hadoop:service=DataNode,name=LocalCacheDirectory-unit-uuid-0");
      assertTrue(mbs.isRegistered(name));
      assertEquals(3L, mbs.getAttribute(name, ReadPathMetrics.HITS));
      assertEquals("unit-uuid", mbs.getAttribute(name, "tag.DatanodeUuid"));
      assertEquals(42L, mbs.getAttribute(dir, "used"));
      assertEquals("/ssd0/cache", mbs.getAttribute(dir, "tag.Directory"));
      assertTrue(r.getGauges().containsKey(HostMetrics.PROCS_BLOCKED));
      assertEquals(
          List.of("LocalCache-unit-uuid", "LocalCacheDirectory-unit-uuid-0"),
          exported.sourceNames());
      exported.close();
      assertFalse(mbs.isRegistered(name));
      assertFalse(mbs.isRegistered(dir));
      exported.close(); // idempotent
    } finally {
      DefaultMetricsSystem.shutdown();
    }
  }
}
