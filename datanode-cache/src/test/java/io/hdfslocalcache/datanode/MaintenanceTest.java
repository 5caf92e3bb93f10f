package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.config.CacheDirMarker;
import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.hdd.FakeReplicas;
import io.hdfslocalcache.datanode.settings.CacheConfig;
import io.hdfslocalcache.datanode.settings.CacheTunables;
import io.hdfslocalcache.datanode.shadow.TallyTap;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.metrics.AdmissionMetrics;
import io.hdfslocalcache.time.FakeClock;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The maintenance round keeps its cadence on the cache's clock: a caller driving a fake clock gets
 * a round once an interval passed on it, not before. Observed through the round's limiter expiry: a
 * one-second admission window that has passed still tracks its block until a round runs.
 */
class MaintenanceTest {
  @TempDir Path root;

  @Test
  void runIfDue_intervalPassedOnTheClock_roundRunsThenAndNotBefore() throws Exception {
    Configuration conf = new Configuration(false);
    conf.set(CacheKeys.DIRS, CacheDirMarker.create(root.resolve("ssd")).toString());
    conf.set(CacheKeys.CAPACITY, "4m");
    conf.set(CacheKeys.PAGE_SIZE, "64k");
    conf.set(CacheKeys.ADMISSION_BUCKET_COUNT, "1");
    conf.set(CacheKeys.ADMISSION_BUCKET_DURATION, "1s");
    conf.setInt(CacheKeys.DIR_RESERVED_PERCENT, 0);
    CacheConfig config = CacheConfig.from(conf);
    FakeClock clock = new FakeClock(1_700_000_000_000L);
    MetricRegistry registry = new MetricRegistry();
    CacheWiring wiring =
        new CacheWiring(
            config,
            new FakeReplicas(),
            DirectoryOpener.open(config, "dn", CacheFaultInjector.NONE),
            clock,
            registry,
            new TallyTap(),
            CacheFaultInjector.NONE);
    try (CacheLifecycle cache = CacheLifecycle.open(wiring)) {
      Maintenance maintenance = Maintenance.of(wiring);
      wiring.admission.record(new BlockId("BP-1", 1_073_741_825L), 1001, false);
      assertEquals(1L, tracked(registry));

      clock.advanceMillis(CacheTunables.MAINTENANCE_INTERVAL_MILLIS - 1); // the window passed
      maintenance.runIfDue();
      assertEquals(1L, tracked(registry), "no round before an interval passed on the clock");

      clock.advanceMillis(1);
      maintenance.runIfDue();
      assertEquals(0L, tracked(registry), "the round expired the window");
    }
  }

  private static Object tracked(MetricRegistry registry) {
    return registry.getGauges().get(AdmissionMetrics.TRACKED_KEYS).getValue();
  }
}
