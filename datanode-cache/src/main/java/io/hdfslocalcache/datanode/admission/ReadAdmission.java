package io.hdfslocalcache.datanode.admission;

/**
 * What admission did with one client read ({@link AdmissionOutcome}, counted) and whether the
 * policy admitted it at the tuner's margin: the fill it asks for, now or when the read ends ({@link
 * AdmissionOutcome#FILL_ON_CLOSE}), flags the entry it creates. One shared instance per pair: no
 * allocation per read. Immutable.
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

  private ReadAdmission(AdmissionOutcome outcome, boolean atMargin) {
    this.outcome = outcome;
    this.atMargin = atMargin;
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

  @Override
  public String toString() {
    return outcome + (atMargin ? " at the margin" : "");
  }
}
