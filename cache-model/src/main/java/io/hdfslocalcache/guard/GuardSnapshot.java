package io.hdfslocalcache.guard;

/**
 * A {@link FillGuard} as of one moment: its state, both sides of its ledger over the window, its
 * write budget and its counts since start, read under the guard's monitor at once, so the figures
 * agree with each other (a gauge that read them one call at a time could see a fill's cost without
 * the state it caused). Window figures are sums over the window ending at the guard's newest time.
 */
public final class GuardSnapshot {
  private final GuardState state;
  private final long[] window;
  private final long writeBudgetAvailableBytes;
  private final long allowedFills;
  private final long deniedForCost;
  private final long deniedForWriteBudget;
  private final long transitions;

  /** Called under the guard's monitor, the ledger already moved to the guard's time. */
  GuardSnapshot(
      GuardState state,
      CostLedger ledger,
      long writeBudgetAvailableBytes,
      long allowedFills,
      long deniedForCost,
      long deniedForWriteBudget,
      long transitions) {
    this.state = state;
    this.window = ledger.sums();
    this.writeBudgetAvailableBytes = writeBudgetAvailableBytes;
    this.allowedFills = allowedFills;
    this.deniedForCost = deniedForCost;
    this.deniedForWriteBudget = deniedForWriteBudget;
    this.transitions = transitions;
  }

  public GuardState state() {
    return state;
  }

  /** Disk-time (micros), IOs, HDD bytes and SSD bytes of the fills allowed in the window. */
  public long fillCostMicros() {
    return window[CostLedger.FILL_MICROS];
  }

  public long fillIos() {
    return window[CostLedger.FILL_IOS];
  }

  public long fillBytes() {
    return window[CostLedger.FILL_BYTES];
  }

  public long fillSsdBytes() {
    return window[CostLedger.FILL_SSD_BYTES];
  }

  /** Disk-time (micros), IOs, bytes the window's reads of cached blocks saved; may be < 0. */
  public long savedMicros() {
    return window[CostLedger.SAVED_MICROS];
  }

  public long savedIos() {
    return window[CostLedger.SAVED_IOS];
  }

  public long savedBytes() {
    return window[CostLedger.SAVED_BYTES];
  }

  /** Disk-time (micros), count and bytes of the window's client reads (without the cache). */
  public long readCostMicros() {
    return window[CostLedger.READ_MICROS];
  }

  public long reads() {
    return window[CostLedger.READS];
  }

  public long readBytes() {
    return window[CostLedger.READ_BYTES];
  }

  /** SSD bytes fills may write now; Long.MAX_VALUE without a write budget. */
  public long writeBudgetAvailableBytes() {
    return writeBudgetAvailableBytes;
  }

  /** Since the guard started: fills allowed, denied for cost and for the budget; state changes. */
  public long allowedFills() {
    return allowedFills;
  }

  public long deniedForCost() {
    return deniedForCost;
  }

  public long deniedForWriteBudget() {
    return deniedForWriteBudget;
  }

  public long transitions() {
    return transitions;
  }

  @Override
  public String toString() {
    return state
        + ": fills "
        + fillCostMicros()
        + " us against saved "
        + savedMicros()
        + " us, "
        + allowedFills
        + " allowed, "
        + deniedForCost
        + " denied for cost, "
        + deniedForWriteBudget
        + " for the write budget";
  }
}
