package io.hdfslocalcache.datanode.fill;

import io.hdfslocalcache.datanode.block.EntryHome;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.store.DirectoryHealth;
import io.hdfslocalcache.guard.FillGuard;
import io.hdfslocalcache.guard.FillVerdict;
import io.hdfslocalcache.guard.GuardConfig;
import io.hdfslocalcache.model.policy.AdmissionPolicy;
import io.hdfslocalcache.model.policy.CacheRoom;
import io.hdfslocalcache.model.policy.MarginalPayback;
import io.hdfslocalcache.model.policy.PolicySpec;
import io.hdfslocalcache.model.policy.ThresholdTuner;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import io.hdfslocalcache.time.CacheClock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One {@link FillGuard} per cache directory, the same class the simulator replays traces with: each
 * directory's fills are weighed against what that directory's hits save, and its own SSD write
 * budget is its capacity times the drive writes per day, kept in its block index across restarts
 * ({@link PersistedBudget}). Built at start-up, a directory added when it joins later; lookups take
 * no lock (each guard takes its own monitor briefly). Their budgets together are what admission
 * tunes itself to ({@link ThresholdTuner.Budget}). The reads and fills of entries admitted at the
 * tuner's margin are weighed by the same guards' disk model and told to the tuner's {@link
 * MarginalPayback} (atomic adds, for flagged entries only).
 *
 * <p>The budgets count the directories that can take fills: one taken out of service (its SSD
 * failed) or whose late join failed {@link #leave}s, so admission never tunes to an SSD that no
 * longer serves. Its guard is kept aside: its ledger gauges keep their last figures, and what fills
 * asked of it stays in {@link #bytesAsked}, so the tuner's demand never goes back.
 *
 * <p>Locks, in this order: this object's monitor (a join or a leave, through the policy's resize,
 * so the last resize is over the last set; no I/O under it), the policy's own (it reads these
 * budgets under it), {@code ledger} (moving a guard aside, and summing what was asked, so the sum
 * never counts a guard twice or not at all), then a guard's own. Fills take none of the first
 * three; a read takes the last two at the tuner's step, once a minute, and this monitor only when
 * its error takes a directory out of service (once, briefly).
 */
public final class DirectoryGuards implements FillClearance, ThresholdTuner.Budget {
  private static final Logger LOG = LoggerFactory.getLogger(DirectoryGuards.class);

  // Concurrent maps: a directory that finished opening after start-up is added while fills run.
  // Keys compare by identity (a directory is its own home and defines no equals).
  private final Map<EntryHome, FillGuard> guards = new ConcurrentHashMap<>();
  private final Map<EntryHome, PersistedBudget> budgets = new ConcurrentHashMap<>();
  // Directories that left: their guards, no longer counted in the budgets. Under ledger.
  private final Map<EntryHome, FillGuard> left = new ConcurrentHashMap<>();
  // Each directory counted, by its health (compared by identity). Under this object's monitor.
  private final Map<DirectoryHealth, CacheDirectory> counted = new HashMap<>();
  private final Object ledger = new Object();
  private final FillPolicy policy;
  private final CacheClock clock;
  private final boolean tunesAdmission;

  /**
   * The admission tuner's margin payback, or null (no tuner, or its payback off): set once by
   * {@link #admissionPolicy}, before the first read; reads of it come after.
   */
  private volatile MarginalPayback margin;

  /** The admission policy, or null before it is made: resized as directories join. */
  private volatile AdmissionPolicy bound;

  public DirectoryGuards(List<CacheDirectory> dirs, FillPolicy policy, CacheClock clock) {
    this.policy = policy;
    this.clock = clock;
    this.tunesAdmission = policy.tunesAdmission();
    dirs.forEach(this::add);
  }

  /**
   * Gives {@code d} its guard, its write budget restored from its index; before it serves. A
   * directory that joins after start-up counts in the admission tuner's budget from then on: its
   * refill rate and burst with its level and bytes asked, so the four always sum the same
   * directories. One already out of service leaves at once.
   */
  public void add(CacheDirectory d) {
    GuardConfig config =
        GuardConfig.builder()
            .enabled(policy.guard())
            .windowMillis(policy.guardWindowMillis())
            .maxDriveWritesPerDay(policy.maxDriveWritesPerDay())
            .capacityBytes(Math.max(1, d.budget().capacity()))
            .build();
    FillGuard guard =
        new FillGuard(config, clock, t -> LOG.info("hdfs-local-cache: fill guard of {}: {}", d, t));
    PersistedBudget budget = null;
    if (config.hasWriteBudget()) {
      budget = new PersistedBudget(guard, d.blockIndex());
      budget.restore(); // its index, on its disk: under no lock
    }
    synchronized (this) {
      if (budget != null) {
        budgets.put(d, budget);
      }
      guards.put(d, guard);
      counted.put(d.health(), d);
      if (d.health().inService()) {
        resizePolicy();
      } else {
        leave(d); // out of service before it counted: its health's leave found nothing
      }
    }
  }

  /**
   * The directory of {@code health} left service (its SSD failed): out of the budgets. Once per
   * directory (later calls, and a directory never added, do nothing).
   */
  public synchronized void leave(DirectoryHealth health) {
    CacheDirectory d = counted.get(health);
    if (d != null) {
      leave(d);
    }
  }

  /**
   * Takes {@code d} out of the budgets: out of service, or its join failed or was refused before it
   * served. A fill already past its guard finishes on it (its store refuses a directory out of
   * service); one that asks after finds no guard and saves no level to the index of the SSD that
   * left. Once per directory.
   */
  public synchronized void leave(CacheDirectory d) {
    synchronized (ledger) {
      FillGuard g = guards.get(d);
      if (g == null) {
        return;
      }
      left.put(d, g); // first: of(d) finds it throughout
      budgets.remove(d);
      guards.remove(d);
    }
    counted.remove(d.health());
    resizePolicy();
  }

  /** The policy (once made) resized to the directories counted now. Under this monitor. */
  private void resizePolicy() {
    AdmissionPolicy a = bound;
    if (a != null) {
      a.resize(tunedBytesPerDay(), budgetBurstBytes());
    }
  }

  /** Whether {@code d} counts in the budgets: added, and not left. */
  public boolean counts(EntryHome d) {
    return guards.containsKey(d);
  }

  /** The guard of a directory of this cache, counted or left. */
  public FillGuard of(CacheDirectory dir) {
    FillGuard g = guards.get(dir);
    if (g == null) {
      g = left.get(dir);
    }
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
      g.recordReadDeferred(readBytes, hddIos, hddBytes);
    }
  }

  /** The admission tuner's margin payback these guards report to, if it has one that is on. */
  public Optional<MarginalPayback> marginPayback() {
    return Optional.ofNullable(margin);
  }

  /** A hit's saving by the guard's own rule: the model's rules count it by the same. */
  @Override
  public void recordMarginHit(EntryHome dir, long readBytes, long hddIos, long hddBytes) {
    MarginalPayback m = margin;
    FillGuard g = guards.get(dir);
    if (m != null && g != null) {
      m.hit(g.config().disk().savedMicros(readBytes, hddIos, hddBytes));
    }
  }

  @Override
  public void recordMarginFill(EntryHome dir, long hddIos, long hddBytes) {
    MarginalPayback m = margin;
    FillGuard g = guards.get(dir);
    if (m != null && g != null) {
      m.fill(g.config().disk().micros(hddIos, hddBytes));
    }
  }

  /**
   * The cache model's admission policy for this DataNode ({@link PolicySpec#dataNode}: {@code
   * tuned} under {@code admission.tuning auto}, {@code outcome} under {@code outcome}, else {@code
   * bucket-time}), bound to {@code clock} and to these budgets, told whether the cache has room by
   * {@code room} (its room rule); each large change of a tuned threshold is one INFO line.
   */
  public synchronized AdmissionPolicy admissionPolicy(
      RateLimitConfig admission, CacheClock clock, CacheRoom room) {
    AdmissionPolicy p = PolicySpec.dataNode(admission, policy.tuning().policy()).create();
    int configured = admission.threshold();
    p.bind(
        tunedBytesPerDay(),
        budgetBurstBytes(),
        this,
        clock,
        (from, to, demand, target) ->
            LOG.info(
                "hdfs-local-cache: admission threshold {} -> {}: fills ask for {} bytes/day, "
                    + "the write budget aims at {} (configured {})",
                from,
                to,
                (long) demand,
                (long) target,
                configured));
    p.watch(room);
    margin = p.tuner().map(ThresholdTuner::payback).filter(MarginalPayback::enabled).orElse(null);
    bound = p;
    return p;
  }

  /** The daily budget admission tunes to: all directories', or 0 when it is not to tune. */
  private double tunedBytesPerDay() {
    return tunesAdmission ? budgetBytesPerDay() : 0;
  }

  /** SSD bytes all directories' budgets give per day; 0 when none has a budget. */
  public double budgetBytesPerDay() {
    double perDay = 0;
    for (FillGuard g : guards.values()) {
      GuardConfig c = g.config();
      perDay += c.hasWriteBudget() ? c.maxDriveWritesPerDay() * c.capacityBytes() : 0;
    }
    return perDay;
  }

  /** The budgets' burst together: every directory's capacity. */
  public long budgetBurstBytes() {
    long burst = 0;
    for (FillGuard g : guards.values()) {
      burst += g.config().capacityBytes();
    }
    return burst;
  }

  @Override
  public long availableBytes() {
    long sum = 0;
    for (FillGuard g : guards.values()) {
      sum += Math.min(g.writeBudgetAvailableBytes(), g.config().capacityBytes());
    }
    return sum;
  }

  @Override
  public long bytesAsked() {
    long sum = 0;
    synchronized (ledger) {
      for (FillGuard g : guards.values()) {
        sum += g.ssdBytesAsked();
      }
      for (FillGuard g : left.values()) {
        sum += g.ssdBytesAsked();
      }
    }
    return sum;
  }

  @Override
  public void recordMiss(EntryHome dir, long readBytes) {
    FillGuard g = guards.get(dir);
    if (g != null) {
      g.recordMiss(readBytes);
    }
  }
}
