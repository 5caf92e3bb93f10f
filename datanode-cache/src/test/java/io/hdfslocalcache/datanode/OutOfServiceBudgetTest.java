package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.config.CacheDirMarker;
import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.dir.DirectoryStats;
import io.hdfslocalcache.datanode.hdd.FakeReplicas;
import io.hdfslocalcache.datanode.settings.CacheConfig;
import io.hdfslocalcache.datanode.shadow.ReadTap;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.guard.FillVerdict;
import io.hdfslocalcache.metrics.GuardMetrics;
import io.hdfslocalcache.time.CacheClock;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cache directory taken out of service at run time (its SSD failed) leaves the write budget and
 * burst admission tunes to, until a restart counts it again; what fills asked of it stays asked.
 */
@Timeout(60)
class OutOfServiceBudgetTest {
  @TempDir Path base;

  private final MetricRegistry registry = new MetricRegistry();
  private CacheWiring wiring;
  private CacheLifecycle cache;

  @BeforeEach
  void cacheOnTwoDirectories() throws Exception {
    cache = start(registry);
  }

  @AfterEach
  void closeCache() {
    cache.close();
  }

  private CacheLifecycle start(MetricRegistry metrics) throws Exception {
    Configuration conf = new Configuration(false);
    conf.set(
        CacheKeys.DIRS,
        CacheDirMarker.create(base.resolve("a")) + "," + CacheDirMarker.create(base.resolve("b")));
    conf.set(CacheKeys.CAPACITY, "64m");
    CacheConfig config = CacheConfig.from(conf);
    wiring =
        new CacheWiring(
            config,
            new FakeReplicas(),
            DirectoryOpener.open(config, "dn", CacheFaultInjector.NONE),
            CacheClock.SYSTEM,
            metrics,
            ReadTap.NONE,
            CacheFaultInjector.NONE);
    return CacheLifecycle.open(wiring);
  }

  private CacheDirectory second() {
    return wiring.dirs.all().get(1);
  }

  @Test
  void takeOutOfService_oneOfTwoDirectories_leavesTheWriteBudget() {
    long burst = wiring.gate.budgetBurstBytes();
    double perDay = wiring.gate.budgetBytesPerDay();

    second().health().takeOutOfService("the SSD failed");

    assertEquals(burst / 2, wiring.gate.budgetBurstBytes(), "the serving directory's alone");
    assertEquals(perDay / 2, wiring.gate.budgetBytesPerDay(), 1.0);
    assertEquals(burst / 2, wiring.gate.availableBytes(), "the serving directory's level alone");
  }

  @Test
  void takeOutOfService_twice_leavesOnce() {
    long burst = wiring.gate.budgetBurstBytes();

    second().health().takeOutOfService("the SSD failed");
    wiring.gate.leave(second().health());
    wiring.gate.leave(second());

    assertEquals(burst / 2, wiring.gate.budgetBurstBytes());
  }

  @Test
  void takeOutOfService_afterFills_bytesAskedNeverGoesBack() {
    assertEquals(FillVerdict.ALLOW, wiring.gate.tryFill(second(), 1, 1 << 20, 1 << 20));
    long asked = wiring.gate.bytesAsked();

    second().health().takeOutOfService("the SSD failed");

    assertEquals(asked, wiring.gate.bytesAsked(), "the tuner's demand would step back");
    // A fill that asks after finds no guard (its store then refuses it): nothing more asked.
    assertEquals(FillVerdict.ALLOW, wiring.gate.tryFill(second(), 1, 1 << 20, 1 << 20));
    assertEquals(asked, wiring.gate.bytesAsked());
  }

  @Test
  void takeOutOfService_itsGuardsBudgetGauges_readAsNoBudget() {
    String bytes = DirectoryStats.dir(second().index(), GuardMetrics.WRITE_BUDGET_BYTES);
    String dwpd =
        DirectoryStats.dir(second().index(), GuardMetrics.WRITE_BUDGET_DRIVE_WRITES_PER_DAY);

    second().health().takeOutOfService("the SSD failed");

    assertEquals(-1L, registry.getGauges().get(bytes).getValue());
    assertEquals(0.0, (Double) ((Gauge<?>) registry.getGauges().get(dwpd)).getValue());
  }

  @Test
  void restart_afterOutOfService_countsTheDirectoryAgain() throws Exception {
    long burst = wiring.gate.budgetBurstBytes();
    second().health().takeOutOfService("the SSD failed");
    cache.close();

    cache = start(new MetricRegistry());

    assertEquals(burst, wiring.gate.budgetBurstBytes(), "both directories serve again");
  }
}
