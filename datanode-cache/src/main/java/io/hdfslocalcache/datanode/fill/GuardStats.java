package io.hdfslocalcache.datanode.fill;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.dir.DirectoryStats;
import io.hdfslocalcache.guard.FillGuard;
import io.hdfslocalcache.guard.GuardState;
import io.hdfslocalcache.metrics.GuardMetrics;
import java.util.List;

/**
 * The fill guard's state and both sides of its ledger, per directory ({@code
 * store.dir<N>.guard.*}); named, each with its description, in {@link GuardMetrics}. Denied fills
 * are counted in {@code fill.guard_cost} and {@code fill.guard_write_budget}.
 */
public final class GuardStats {
  private GuardStats() {}

  static int code(GuardState s) {
    switch (s) {
      case PAUSED_COST:
        return GuardMetrics.STATE_PAUSED_COST;
      case PAUSED_WRITE_BUDGET:
        return GuardMetrics.STATE_PAUSED_WRITE_BUDGET;
      default:
        return GuardMetrics.STATE_FILLING;
    }
  }

  public static void register(
      MetricRegistry registry, List<CacheDirectory> dirs, DirectoryGuards guards) {
    for (CacheDirectory d : dirs) {
      FillGuard g = guards.of(d);
      int i = d.index();
      registry.register(
          DirectoryStats.dir(i, GuardMetrics.STATE),
          (Gauge<Integer>) () -> code(g.snapshot().state()));
      registry.register(
          DirectoryStats.dir(i, GuardMetrics.FILL_COST_MICROS),
          (Gauge<Long>) () -> g.snapshot().fillCostMicros());
      registry.register(
          DirectoryStats.dir(i, GuardMetrics.SAVED_MICROS),
          (Gauge<Long>) () -> g.snapshot().savedMicros());
      registry.register(
          DirectoryStats.dir(i, GuardMetrics.FILL_BYTES),
          (Gauge<Long>) () -> g.snapshot().fillBytes());
      registry.register(
          DirectoryStats.dir(i, GuardMetrics.SAVED_BYTES),
          (Gauge<Long>) () -> g.snapshot().savedBytes());
      registry.register(
          DirectoryStats.dir(i, GuardMetrics.WRITE_BUDGET_BYTES),
          (Gauge<Long>)
              () -> g.config().hasWriteBudget() ? g.snapshot().writeBudgetAvailableBytes() : -1L);
      registry.register(
          DirectoryStats.dir(i, GuardMetrics.WRITE_BUDGET_DRIVE_WRITES_PER_DAY),
          (Gauge<Double>)
              () -> g.config().hasWriteBudget() ? g.config().maxDriveWritesPerDay() : 0.0);
      registry.register(
          DirectoryStats.dir(i, GuardMetrics.TRANSITIONS),
          (Gauge<Long>) () -> g.snapshot().transitions());
    }
  }
}
