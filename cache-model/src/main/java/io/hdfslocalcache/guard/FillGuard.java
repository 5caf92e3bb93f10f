package io.hdfslocalcache.guard;

import io.hdfslocalcache.time.CacheClock;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Keeps one cache directory's fills from making the HDDs busier than the cache saves them, and
 * keeps its SSD writes within a drive-writes-per-day budget. The DataNode (one guard per cache
 * directory) and the simulator (one per simulated directory) run this same class.
 *
 * <p><b>The ledger</b> ({@link CostLedger}). Over a sliding window the guard sums what fills cost
 * the HDDs and what reads of cached blocks saved them (a read without the cache is 1 IO of its
 * length; with it, what the HDD still served: nothing for a full hit, an IO per missing run for a
 * partial read, which can save less than nothing), and, for metrics, what all client reads would
 * have cost without the cache; all in disk-head time by {@link DiskModel} (11.5 ms per IO + 143
 * MB/s, the simulator's model), since a 128 MB fill and 60 hits of 64 KB compare in neither bytes
 * nor IOs.
 *
 * <p><b>Pause and resume.</b> A fill is allowed only if, with its cost added, the window's fill
 * cost stays within its savings plus an <i>allowance</i> A ({@link GuardConfig#allowanceMicros}: a
 * fraction of the window's disk time, 3 min of one HDD per hour by default): the fills of a
 * directory never make the HDDs busier than no cache by more than A per window. The first fill that
 * would break it pauses the guard (PAUSED_COST) and is denied, as is every fill after it (a fill
 * refused while no fill is in the window, larger than A alone, is not a pause). The guard resumes
 * when fill cost is back within savings + A/2, and not before a minimum pause ({@link CostPause}:
 * none the first time, then a bucket, doubled up to the window each time it pauses again less than
 * a window after resuming). The A/2 gap means a pause needs the balance to fall by A/2 of real HDD
 * time after a resume, so noise cannot flap it; the back-off stops the cycle hysteresis alone
 * allows: savings lag their fills (a block is hit for minutes or hours after its fill), so a pause
 * soon looks paid back, fills resume and pause again a bucket later. A workload hovering near
 * break-even changes state at most about twice per window (tested over a day).
 *
 * <p><b>Why an allowance.</b> A cold cache has saved nothing yet and a fill's savings come after
 * it: without credit nothing would be filled. A lets a cold directory fill ahead of its savings
 * and, as costs slide out of the window, lets a paused guard try again about once per window, so a
 * workload that turned favourable is noticed. Fills that never pay back cost about A per window: a
 * small, bounded fraction of their unguarded cost. Expressed in disk time, it is a promise an
 * operator can check against the HDDs, whatever the block and read sizes.
 *
 * <p><b>Write budget.</b> {@link WriteBudget}: a token bucket of SSD bytes refilled at drive writes
 * per day x capacity, burst one capacity (an empty directory can fill once at start), with its own
 * hysteresis of one window's refill. The cost pause wins the state when both hold.
 *
 * <p><b>Time, threads, locks.</b> The clock is injected (tests drive a fake one, the simulator the
 * trace's timestamps); a clock that goes backwards counts as the newest time seen. Every public
 * method takes this guard's monitor briefly (no I/O), but the DataNode's per-read call, which
 * buffers ({@link DeferredReads}). {@code onTransition} runs under it, so transitions are reported
 * in order; it must not call back into the guard. No other lock.
 */
public final class FillGuard {
  private final GuardConfig config;
  private final CacheClock clock;
  private final Consumer<GuardTransition> onTransition;
  private final DiskModel disk;
  private final CostLedger ledger;
  private final CostPause pause;
  private final WriteBudget budget; // null without a write budget
  private final DeferredReads deferred = new DeferredReads(this, this::apply);

  private long now; // newest time seen
  private long bucket; // the ledger's current bucket
  private long allowed;
  private long deniedCost;
  private long deniedBudget;
  private long transitions;
  private long ssdBytesAsked;

  public FillGuard(GuardConfig config, CacheClock clock, Consumer<GuardTransition> onTransition) {
    this.config = config;
    this.clock = clock;
    this.onTransition = onTransition;
    this.disk = config.disk();
    this.ledger = new CostLedger(config.bucketMillis(), config.bucketCount());
    this.pause = new CostPause(config.bucketCount(), config.windowMillis());
    this.now = clock.millis();
    this.bucket = ledger.advance(now);
    this.budget =
        config.hasWriteBudget()
            ? new WriteBudget(
                config.maxDriveWritesPerDay(), config.capacityBytes(), config.windowMillis(), now)
            : null;
  }

  public GuardConfig config() {
    return config;
  }

  /**
   * A fill about to read {@code hddIos} IOs and {@code hddBytes} bytes from the HDD and write
   * {@code ssdBytes} to the SSD. On ALLOW its cost is recorded; a denied fill costs nothing.
   */
  public synchronized FillVerdict tryFill(long hddIos, long hddBytes, long ssdBytes) {
    if (hddIos < 0 || hddBytes < 0 || ssdBytes < 0) {
      throw new IllegalArgumentException(
          "negative fill: " + hddIos + " IOs, " + hddBytes + " bytes, " + ssdBytes + " SSD bytes");
    }
    refresh();
    ssdBytesAsked += ssdBytes;
    long cost = disk.micros(hddIos, hddBytes);
    FillVerdict verdict = config.enabled() ? check(cost, ssdBytes) : FillVerdict.ALLOW;
    if (verdict == FillVerdict.DENY_COST) {
      deniedCost++;
    } else if (verdict == FillVerdict.DENY_WRITE_BUDGET) {
      deniedBudget++;
    } else {
      ledger.addFill(cost, hddIos, hddBytes, ssdBytes);
      allowed++;
    }
    return verdict;
  }

  /** The denial this fill meets, pausing the guard if it is the first; ALLOW if none. */
  private FillVerdict check(long cost, long ssdBytes) {
    if (pause.paused()) {
      return FillVerdict.DENY_COST;
    }
    long fills = ledger.sum(CostLedger.FILL_MICROS);
    long saved = ledger.sum(CostLedger.SAVED_MICROS);
    long allowance = config.allowanceMicros();
    if (fills + cost > saved + allowance) {
      if (fills == 0) {
        return FillVerdict.DENY_COST; // one fill larger than A alone: nothing ran ahead yet
      }
      GuardState before = current();
      long minBuckets = pause.pause(bucket, now);
      announce(
          before,
          () ->
              Reasons.costPause(
                  config, fills, cost, saved, allowance, minBuckets * config.bucketMillis()));
      return FillVerdict.DENY_COST;
    }
    GuardState before = current();
    if (budget == null || budget.tryTake(ssdBytes)) {
      return FillVerdict.ALLOW;
    }
    announce(
        before,
        () -> Reasons.budgetPause(budget.available(), ssdBytes, budget.bytesPerDay(), config));
    return FillVerdict.DENY_WRITE_BUDGET;
  }

  /**
   * A client read of a cached block version finished: it read {@code readBytes}, of which the HDD
   * served {@code hddBytes} in {@code hddIos} IOs (0 and 0 for a full hit). Without the cache it
   * would have cost 1 IO of {@code readBytes}.
   */
  public synchronized void recordRead(long readBytes, long hddIos, long hddBytes) {
    DeferredReads.check(readBytes, hddIos, hddBytes);
    deferred.drain();
    apply(clock.millis(), readBytes, hddIos, hddBytes);
  }

  /** {@link #recordRead} without waiting for this guard's monitor: {@link DeferredReads}. */
  public void recordReadDeferred(long readBytes, long hddIos, long hddBytes) {
    deferred.record(clock.millis(), readBytes, hddIos, hddBytes);
  }

  private void apply(long millis, long readBytes, long hddIos, long hddBytes) {
    advance(millis);
    ledger.addRead(disk.micros(1, readBytes), readBytes);
    ledger.addSaved(
        disk.savedMicros(readBytes, hddIos, hddBytes), 1 - hddIos, readBytes - hddBytes);
  }

  /**
   * Optional, for metrics: a client read the cache did not serve (1 HDD IO of {@code readBytes}),
   * so {@link GuardSnapshot#readCostMicros} shows what all reads cost against what fills cost.
   */
  public synchronized void recordMiss(long readBytes) {
    if (readBytes < 0) {
      throw new IllegalArgumentException("negative read: " + readBytes + " bytes");
    }
    refresh();
    ledger.addRead(disk.micros(1, readBytes), readBytes);
  }

  /** The state now (the window slides and the budget refills even without calls). */
  public synchronized GuardState state() {
    refresh();
    return current();
  }

  private GuardState current() {
    if (pause.paused()) {
      return GuardState.PAUSED_COST;
    }
    return budget != null && budget.exhausted()
        ? GuardState.PAUSED_WRITE_BUDGET
        : GuardState.FILLING;
  }

  /** Replays the deferred reads, then moves to the clock's time. */
  private void refresh() {
    deferred.drain();
    advance(clock.millis());
  }

  /** Moves the window and the budget to {@code millis} and resumes what may resume. */
  private void advance(long millis) {
    now = Math.max(now, millis);
    bucket = ledger.advance(now);
    if (budget != null) {
      budget.refill(now);
    }
    if (pause.paused() && pause.minimumOver(bucket)) {
      long fills = ledger.sum(CostLedger.FILL_MICROS);
      long saved = ledger.sum(CostLedger.SAVED_MICROS);
      long allowance = config.allowanceMicros();
      if (fills <= saved + allowance / 2) {
        GuardState before = current();
        pause.resume(now);
        announce(before, () -> Reasons.costResume(config, fills, saved, allowance));
      }
    }
    if (budget != null && budget.exhausted()) {
      GuardState before = current();
      if (budget.tryResume()) {
        announce(
            before, () -> Reasons.budgetResume(budget.available(), budget.bytesPerDay(), config));
      }
    }
  }

  private void announce(GuardState before, Supplier<String> reason) {
    GuardState after = current();
    if (after != before) {
      transitions++;
      onTransition.accept(new GuardTransition(before, after, reason.get(), now));
    }
  }

  /**
   * Everything the guard shows (state, the window's ledger, write budget, counts), as of the
   * clock's time now: the window slides and the budget refills even without calls.
   */
  public synchronized GuardSnapshot snapshot() {
    refresh();
    return new GuardSnapshot(
        current(),
        ledger,
        budget == null ? Long.MAX_VALUE : budget.available(),
        allowed,
        deniedCost,
        deniedBudget,
        transitions);
  }

  /** SSD bytes fills may write now; Long.MAX_VALUE without a write budget. */
  public synchronized long writeBudgetAvailableBytes() {
    refresh();
    return budget == null ? Long.MAX_VALUE : budget.available();
  }

  /** The write budget's level now, for persisting; empty without a write budget. */
  public synchronized Optional<WriteBudgetState> writeBudgetState() {
    refresh();
    return budget == null ? Optional.empty() : Optional.of(budget.state());
  }

  /**
   * Takes up a level persisted before a restart (refilled for the time since), so a spent budget
   * stays spent; a budget restored exhausted pauses fills (one transition, as any pause). Ignored
   * without a write budget.
   */
  public synchronized void restoreWriteBudget(WriteBudgetState s) {
    if (budget == null) {
      return;
    }
    refresh();
    GuardState before = current();
    budget.restore(s, now);
    announce(
        before, () -> Reasons.budgetRestored(budget.available(), budget.resumeBytes(), config));
    refresh();
  }

  /** SSD bytes fills asked for since the guard started, allowed or denied (admission tuning). */
  public synchronized long ssdBytesAsked() {
    return ssdBytesAsked;
  }

  /**
   * Fills denied since the guard started, for cost and for the budget. Unlike {@link #snapshot},
   * these do not move the guard to the clock's time: a model reads them between events without
   * changing what it does next.
   */
  public synchronized long deniedForCost() {
    return deniedCost;
  }

  public synchronized long deniedForWriteBudget() {
    return deniedBudget;
  }
}
