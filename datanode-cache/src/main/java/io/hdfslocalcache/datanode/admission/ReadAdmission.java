package io.hdfslocalcache.datanode.admission;

import io.hdfslocalcache.model.policy.PolicyRead;

/**
 * What admission did with one client read ({@link AdmissionOutcome}, counted) and whether the
 * policy admitted it at the tuner's margin: the fill it asks for, now or when the read ends ({@link
 * AdmissionOutcome#FILL_ON_CLOSE}), flags the entry it creates. The read's end ({@link #ended}: the
 * range it read) goes back to the policy. One shared instance per pair, unless the policy hears the
 * read's end ({@code outcome}, a sampled read): no allocation per read otherwise. Immutable.
 */
public final class ReadAdmission {
  private static final ReadAdmission[][] ALL = new ReadAdmission[2][];

  static {
    for (int m = 0; m < 2; m++) {
      AdmissionOutcome[] outcomes = AdmissionOutcome.values();
      ALL[m] = new ReadAdmission[outcomes.length];
      for (AdmissionOutcome o : outcomes) {
        ALL[m][o.ordinal()] = new ReadAdmission(o, m == 1);
      }
    }
  }

  private final AdmissionOutcome outcome;
  private final boolean atMargin;
  private final PolicyRead read; // the policy's read, to hear its end; null: nothing to hear

  private ReadAdmission(AdmissionOutcome outcome, boolean atMargin) {
    this(outcome, atMargin, null);
  }

  private ReadAdmission(AdmissionOutcome outcome, boolean atMargin, PolicyRead read) {
    this.outcome = outcome;
    this.atMargin = atMargin;
    this.read = read;
  }

  /** The read's outcome, the policy's {@code read} deciding it (its end to be told). */
  static ReadAdmission of(AdmissionOutcome outcome, PolicyRead read) {
    boolean atMargin = read.decision().atMargin();
    return read instanceof PolicyRead.Decided
        ? of(outcome, atMargin)
        : new ReadAdmission(outcome, atMargin, read);
  }

  /** The read's outcome; {@code atMargin}: the policy admitted it at the tuner's margin. */
  public static ReadAdmission of(AdmissionOutcome outcome, boolean atMargin) {
    return ALL[atMargin ? 1 : 0][outcome.ordinal()];
  }

  public AdmissionOutcome outcome() {
    return outcome;
  }

  /** True if admitted at the margin: a fill it asks for flags its new entry. */
  public boolean atMargin() {
    return atMargin;
  }

  /**
   * The read ended, having read {@code [offset, offset + length)} of its block of {@code
   * blockLength} bytes (what clienttrace logs): the policy hears it. Once per read.
   */
  public void ended(long offset, long length, long blockLength) {
    if (read != null) {
      read.ended(offset, length, blockLength);
    }
  }

  @Override
  public String toString() {
    return outcome + (atMargin ? " at the margin" : "");
  }
}
