package io.hdfslocalcache.guard;

import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Keeps one cache directory's fills from making the HDDs busier than the cache saves them, and
 * keeps its SSD writes within a drive-writes-per-day budget. The DataNode (one guard per cache
 * directory) and the simulator (one per simulated directory) run this same class.
 *
 * <p><b>The ledger.</b> Over a sliding window ({@link GuardConfig#windowMillis}, in {@link
 * GuardConfig#bucketCount} buckets) the guard sums what fills cost the HDDs (the IOs and bytes each
 * fill reads) and what reads of cached blocks saved them (without the cache a read costs 1 IO of
 * its length; with it, whatever the HDD still served: 0 for a full hit, one IO per missing run for
 * a partial one, so a partial read split into several IOs can save less than nothing). Both sides
 * are weighed in one unit, disk-head time by {@link DiskModel} (11.5 ms per IO + 143 MB/s, the
 * simulator's HDD model), because a fill of one 128 MB block and 60 hits of 64 KB are not
 * comparable in bytes or in IOs alone. Raw IOs and bytes of both sides are kept for metrics.
 *
 * <p><b>Pause and resume (hysteresis).</b> A fill is allowed only if, with its cost added, the
 * window's fill cost stays within the window's savings plus an <i>allowance</i> A ({@link
 * GuardConfig#allowanceMicros}: a fraction of the window's disk time, 3 min of one HDD per hour by
 * default). The first fill that would exceed it pauses the guard (PAUSED_COST) and is denied, as is
 * every fill after it. The guard resumes only when fill cost is back within savings + A/2, and not
 * before a minimum pause: one bucket, doubled (up to the whole window) each time the guard pauses
 * again less than a window after it resumed, back to one bucket after a window of filling. Hence:
 * fills never run more than A ahead of what they save; the A/2 gap means a pause needs the balance
 * to fall by A/2 of real HDD time after a resume, so the guard does not flap on noise; and the
 * back-off stops the one cycle hysteresis alone allows: savings lag their fills (a block is hit for
 * minutes or hours after it was filled), so a pause soon looks paid back, fills resume, and pause
 * again a bucket later. With the back-off a workload that hovers near break-even pauses at most
 * about once per window (tested: a day of such workloads, at most ~2 transitions an hour).
 *
 * <p><b>Why an allowance.</b> A cold cache has saved nothing yet, and the savings of a fill come
 * after it: without credit nothing would ever be filled. A lets a cold directory fill ahead of its
 * savings, and, because it renews as costs slide out of the window, lets a paused guard try again
 * about once per window, so a workload that changed for the better is noticed. For a workload whose
 * fills never pay back, the guard pauses for about a window after each spent allowance, so fills
 * settle at about A of disk time per window: a small, bounded fraction of their unguarded cost.
 * Expressing A in disk time makes it a promise an operator can check: the fills of one directory
 * can make the HDDs busier by at most A per window.
 *
 * <p><b>Write budget.</b> {@link WriteBudget}: a token bucket of SSD bytes refilled at drive writes
 * per day x capacity, burst one capacity (an empty directory can fill once at start), with its own
 * hysteresis of one window's refill. The cost pause wins the state when both hold.
 *
 * <p><b>Time.</b> The clock is injected; decisions are pure functions of the calls and the times
 * they see, so tests drive a fake clock and the simulator the trace's own timestamps. A clock that
 * goes backwards counts as the newest time seen.
 *
 * <p><b>Threads and locks.</b> Every public method takes this guard's monitor, briefly (no I/O, no
 * allocation beyond a transition). {@code onTransition} runs under it, so transitions are reported
 * in order; it must not call back into the guard. No other lock is taken, so there is no order.
 */
public final class FillGuard {
  private final GuardConfig config;
  private final LongSupplier clock;
  private final Consumer<GuardTransition> onTransition;
  private final DiskModel disk;
  private final long allowance;
  private final CostLedger ledger;
  private final WriteBudget budget; // null without a write budget

  private long now; // newest time seen
  private long bucket; // the ledger's current bucket
  private boolean costPaused;
  private long pausedBucket;
  private long pauseBuckets = 1; // the current minimum pause
  private long resumedAt = Long.MIN_VALUE; // when the last cost pause ended
  private long allowed;
  private long deniedCost;
  private long deniedBudget;
  private long transitions;

  public FillGuard(
      GuardConfig config, LongSupplier clockMillis, Consumer<GuardTransition> onTransition) {
    this.config = config;
    this.clock = clockMillis;
    this.onTransition = onTransition;
    this.disk = config.disk();
    this.allowance = config.allowanceMicros();
    this.ledger = new CostLedger(config.bucketMillis(), config.bucketCount());
    this.now = clockMillis.getAsLong();
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
    long cost = disk.micros(hddIos, hddBytes);
    if (config.enabled()) {
      FillVerdict denial = check(cost, ssdBytes);
      if (denial == FillVerdict.DENY_COST) {
        deniedCost++;
        return denial;
      }
      if (denial == FillVerdict.DENY_WRITE_BUDGET) {
        deniedBudget++;
        return denial;
      }
    }
    ledger.addFill(cost, hddIos, hddBytes, ssdBytes);
    allowed++;
    return FillVerdict.ALLOW;
  }

  /** The denial this fill meets, pausing the guard if it is the first; ALLOW if none. */
  private FillVerdict check(long cost, long ssdBytes) {
    if (costPaused) {
      return FillVerdict.DENY_COST;
    }
    long fills = ledger.sum(CostLedger.FILL_MICROS);
    long saved = ledger.sum(CostLedger.SAVED_MICROS);
    if (fills + cost > saved + allowance) {
      GuardState before = current();
      costPaused = true;
      pausedBucket = bucket;
      boolean quickly = resumedAt != Long.MIN_VALUE && now - resumedAt < config.windowMillis();
      pauseBuckets = quickly ? Math.min(config.bucketCount(), pauseBuckets * 2) : 1;
      announce(
          before,
          Reasons.costPause(
              config, fills, cost, saved, allowance, pauseBuckets * config.bucketMillis()));
      return FillVerdict.DENY_COST;
    }
    if (budget != null) {
      if (budget.exhausted()) {
        return FillVerdict.DENY_WRITE_BUDGET;
      }
      GuardState before = current();
      if (!budget.tryTake(ssdBytes)) {
        announce(
            before,
            Reasons.budgetPause(budget.available(), ssdBytes, budget.bytesPerDay(), config));
        return FillVerdict.DENY_WRITE_BUDGET;
      }
    }
    return FillVerdict.ALLOW;
  }

  /**
   * A client read of a cached block version finished: it read {@code readBytes}, of which the HDD
   * served {@code hddBytes} in {@code hddIos} IOs (0 and 0 for a full hit). Without the cache it
   * would have cost 1 IO of {@code readBytes}.
   */
  public synchronized void recordRead(long readBytes, long hddIos, long hddBytes) {
    if (readBytes < 0 || hddIos < 0 || hddBytes < 0) {
      throw new IllegalArgumentException(
          "negative read: " + readBytes + " bytes, " + hddIos + " HDD IOs, " + hddBytes);
    }
    refresh();
    long saved = disk.micros(1, readBytes) - disk.micros(hddIos, hddBytes);
    ledger.addSaved(saved, 1 - hddIos, readBytes - hddBytes);
  }

  /** The state now (the window slides and the budget refills even without calls). */
  public synchronized GuardState state() {
    refresh();
    return current();
  }

  private GuardState current() {
    if (costPaused) {
      return GuardState.PAUSED_COST;
    }
    return budget != null && budget.exhausted()
        ? GuardState.PAUSED_WRITE_BUDGET
        : GuardState.FILLING;
  }

  /** Moves the window and the budget to the clock's time and resumes what may resume. */
  private void refresh() {
    now = Math.max(now, clock.getAsLong());
    bucket = ledger.advance(now);
    if (budget != null) {
      budget.refill(now);
    }
    if (costPaused && bucket >= pausedBucket + pauseBuckets) {
      long fills = ledger.sum(CostLedger.FILL_MICROS);
      long saved = ledger.sum(CostLedger.SAVED_MICROS);
      if (fills <= saved + allowance / 2) {
        GuardState before = current();
        costPaused = false;
        resumedAt = now;
        announce(before, Reasons.costResume(config, fills, saved, allowance));
      }
    }
    if (budget != null && budget.exhausted()) {
      GuardState before = current();
      if (budget.tryResume()) {
        announce(before, Reasons.budgetResume(budget.available(), budget.bytesPerDay()));
      }
    }
  }

  private void announce(GuardState before, String reason) {
    GuardState after = current();
    if (after != before) {
      transitions++;
      onTransition.accept(new GuardTransition(before, after, reason, now));
    }
  }

  // Metrics. Window figures are as of the clock's time now.

  /** Disk-time (micros) of the fills allowed in the window. */
  public synchronized long fillCostMicros() {
    return windowSum(CostLedger.FILL_MICROS);
  }

  public synchronized long fillIos() {
    return windowSum(CostLedger.FILL_IOS);
  }

  /** HDD bytes read by the fills allowed in the window. */
  public synchronized long fillBytes() {
    return windowSum(CostLedger.FILL_BYTES);
  }

  /** SSD bytes the fills allowed in the window write. */
  public synchronized long fillSsdBytes() {
    return windowSum(CostLedger.FILL_SSD_BYTES);
  }

  /** Disk-time (micros) reads of cached blocks saved in the window; may be negative. */
  public synchronized long savedMicros() {
    return windowSum(CostLedger.SAVED_MICROS);
  }

  /** HDD IOs not done thanks to the cache in the window; negative if partial reads split IOs. */
  public synchronized long savedIos() {
    return windowSum(CostLedger.SAVED_IOS);
  }

  /** HDD bytes not read thanks to the cache in the window. */
  public synchronized long savedBytes() {
    return windowSum(CostLedger.SAVED_BYTES);
  }

  private long windowSum(int field) {
    refresh();
    return ledger.sum(field);
  }

  /** Disk-time (micros) fills may run ahead of savings over one window. */
  public long allowanceMicros() {
    return allowance;
  }

  /** SSD bytes fills may write now; Long.MAX_VALUE without a write budget. */
  public synchronized long writeBudgetAvailableBytes() {
    refresh();
    return budget == null ? Long.MAX_VALUE : budget.available();
  }

  /** Fills allowed since the guard started. */
  public synchronized long allowedFills() {
    return allowed;
  }

  /** Fills denied with {@link FillVerdict#DENY_COST} since the guard started. */
  public synchronized long deniedForCost() {
    return deniedCost;
  }

  /** Fills denied with {@link FillVerdict#DENY_WRITE_BUDGET} since the guard started. */
  public synchronized long deniedForWriteBudget() {
    return deniedBudget;
  }

  /** State changes since the guard started. */
  public synchronized long transitions() {
    return transitions;
  }
}
