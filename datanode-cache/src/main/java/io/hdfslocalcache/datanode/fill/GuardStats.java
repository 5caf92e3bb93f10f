package io.hdfslocalcache.datanode.fill;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.dir.DirectoryStats;
import io.hdfslocalcache.datanode.metrics.Describe;
import io.hdfslocalcache.guard.FillGuard;
import io.hdfslocalcache.guard.GuardState;
import java.util.List;

/**
 * The fill guard's state and both sides of its ledger, per directory ({@code
 * store.dir<N>.guard.*}); each named and documented here once. Denied fills are counted in {@code
 * fill.guard_cost} and {@code fill.guard_write_budget}.
 */
public final class GuardStats {
  @Describe(
      "Fill guard: 0 filling, 1 paused as fills cost more than hits saved, 2 paused by write budget.")
  public static final String STATE = "guard.state";

  /** {@link #STATE}'s values. */
  public static final int STATE_FILLING = 0;

  public static final int STATE_PAUSED_COST = 1;
  public static final int STATE_PAUSED_WRITE_BUDGET = 2;

  @Describe("Disk-head microseconds the directory's fills cost the HDDs over the guard's window.")
  public static final String FILL_COST_MICROS = "guard.fill.cost.micros";

  @Describe("Disk-head microseconds reads of its cached blocks saved the HDDs over the window.")
  public static final String SAVED_MICROS = "guard.saved.micros";

  @Describe("Bytes the directory's fills read from the HDDs over the guard's window.")
  public static final String FILL_BYTES = "guard.fill.bytes";

  @Describe("Bytes reads of its cached blocks did not take from the HDDs over the window.")
  public static final String SAVED_BYTES = "guard.saved.bytes";

  @Describe("SSD bytes the write budget allows now; -1 without a budget.")
  public static final String WRITE_BUDGET_BYTES = "guard.write.budget.bytes";

  @Describe("The write budget setting, fill.max.drive.writes.per.day; 0: no budget (or guard off).")
  public static final String WRITE_BUDGET_DRIVE_WRITES_PER_DAY =
      "guard.write.budget.drive.writes.per.day";

  @Describe(
      value = "State changes of the directory's fill guard since start (each logged at INFO).",
      total = true)
  public static final String TRANSITIONS = "guard.transitions";

  private GuardStats() {}

  static int code(GuardState s) {
    switch (s) {
      case PAUSED_COST:
        return STATE_PAUSED_COST;
      case PAUSED_WRITE_BUDGET:
        return STATE_PAUSED_WRITE_BUDGET;
      default:
        return STATE_FILLING;
    }
  }

  public static void register(
      MetricRegistry registry, List<CacheDirectory> dirs, DirectoryGuards guards) {
    for (CacheDirectory d : dirs) {
      FillGuard g = guards.of(d);
      int i = d.index();
      registry.register(DirectoryStats.dir(i, STATE), (Gauge<Integer>) () -> code(g.state()));
      registry.register(DirectoryStats.dir(i, FILL_COST_MICROS), (Gauge<Long>) g::fillCostMicros);
      registry.register(DirectoryStats.dir(i, SAVED_MICROS), (Gauge<Long>) g::savedMicros);
      registry.register(DirectoryStats.dir(i, FILL_BYTES), (Gauge<Long>) g::fillBytes);
      registry.register(DirectoryStats.dir(i, SAVED_BYTES), (Gauge<Long>) g::savedBytes);
      registry.register(
          DirectoryStats.dir(i, WRITE_BUDGET_BYTES),
          (Gauge<Long>) () -> g.config().hasWriteBudget() ? g.writeBudgetAvailableBytes() : -1L);
      registry.register(
          DirectoryStats.dir(i, WRITE_BUDGET_DRIVE_WRITES_PER_DAY),
          (Gauge<Double>)
              () -> g.config().hasWriteBudget() ? g.config().maxDriveWritesPerDay() : 0.0);
      registry.register(DirectoryStats.dir(i, TRANSITIONS), (Gauge<Long>) g::transitions);
    }
  }
}
