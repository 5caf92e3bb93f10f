package io.hdfslocalcache.datanode.fill;

import io.hdfslocalcache.datanode.block.EntryHome;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.guard.FillGuard;
import io.hdfslocalcache.guard.FillVerdict;
import io.hdfslocalcache.guard.GuardConfig;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One {@link FillGuard} per cache directory, the same class the simulator replays traces with: each
 * directory's fills are weighed against what that directory's hits save, and its own SSD write
 * budget is its capacity times the drive writes per day, kept in its block index across restarts
 * ({@link PersistedBudget}). Built once at start-up; the maps are never changed after, so lookups
 * need no lock (each guard takes its own monitor briefly).
 */
public final class DirectoryGuards implements FillGate {
  private static final Logger LOG = LoggerFactory.getLogger(DirectoryGuards.class);

  private final Map<EntryHome, FillGuard> guards = new IdentityHashMap<>();
  private final Map<EntryHome, PersistedBudget> budgets = new IdentityHashMap<>();

  public DirectoryGuards(List<CacheDirectory> dirs, FillPolicy policy, LongSupplier clockMillis) {
    for (CacheDirectory d : dirs) {
      GuardConfig config =
          GuardConfig.builder()
              .enabled(policy.guard())
              .windowMillis(policy.guardWindowMillis())
              .maxDriveWritesPerDay(policy.maxDriveWritesPerDay())
              .capacityBytes(Math.max(1, d.budget().capacity()))
              .build();
      FillGuard guard =
          new FillGuard(
              config, clockMillis, t -> LOG.info("hdfs-local-cache: fill guard of {}: {}", d, t));
      guards.put(d, guard);
      if (config.hasWriteBudget()) {
        PersistedBudget budget = new PersistedBudget(guard, d.blockIndex());
        budget.restore();
        budgets.put(d, budget);
      }
    }
  }

  /** The guard of a directory of this cache. */
  public FillGuard of(CacheDirectory dir) {
    FillGuard g = guards.get(dir);
    if (g == null) {
      throw new IllegalArgumentException("not a directory of this cache: " + dir);
    }
    return g;
  }

  @Override
  public FillVerdict tryFill(EntryHome dir, long hddIos, long hddBytes, long ssdBytes) {
    FillGuard g = guards.get(dir);
    if (g == null) {
      return FillVerdict.ALLOW;
    }
    FillVerdict v = g.tryFill(hddIos, hddBytes, ssdBytes);
    PersistedBudget budget = budgets.get(dir);
    if (budget != null && v != FillVerdict.DENY_COST) {
      budget.save();
    }
    return v;
  }

  @Override
  public void recordRead(EntryHome dir, long readBytes, long hddIos, long hddBytes) {
    FillGuard g = guards.get(dir);
    if (g != null) {
      g.recordRead(readBytes, hddIos, hddBytes);
    }
  }

  @Override
  public void recordMiss(EntryHome dir, long readBytes) {
    FillGuard g = guards.get(dir);
    if (g != null) {
      g.recordMiss(readBytes);
    }
  }
}
