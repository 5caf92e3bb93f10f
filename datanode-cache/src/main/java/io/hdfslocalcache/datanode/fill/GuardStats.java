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
 * are counted in {@code fill.guard_cost} and {@code fill.guard_write_budget}. A directory out of
 * service keeps its ledger's last figures; its budget reads as none (-1 bytes, 0 drive writes), as
 * it counts in no budget.
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

  /** Its budget counts: it has one, and it has not left (out of service): else -1 and 0. */
  private static boolean budgeted(DirectoryGuards guards, CacheDirectory d, FillGuard g) {
    return g.config().hasWriteBudget() && guards.counts(d);
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
              () -> budgeted(guards, d, g) ? g.snapshot().writeBudgetAvailableBytes() : -1L);
      registry.register(
          DirectoryStats.dir(i, GuardMetrics.WRITE_BUDGET_DRIVE_WRITES_PER_DAY),
          (Gauge<Double>) () -> budgeted(guards, d, g) ? g.config().maxDriveWritesPerDay() : 0.0);
      registry.register(
          DirectoryStats.dir(i, GuardMetrics.TRANSITIONS),
          (Gauge<Long>) () -> g.snapshot().transitions());
    }
  }
}
