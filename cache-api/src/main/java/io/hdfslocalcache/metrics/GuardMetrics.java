package io.hdfslocalcache.metrics;

/**
 * Names of each directory's fill guard metrics ({@code store.dir<N>.guard.*}) and the values of its
 * state gauge. Denied fills are counted in {@code fill.guard_cost} and {@code
 * fill.guard_write_budget}. Each name is a constant here with its one description ({@link
 * Describe}); datanode-cache counts under it, the status command and tests read it.
 */
public final class GuardMetrics {
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

  private GuardMetrics() {}
}
