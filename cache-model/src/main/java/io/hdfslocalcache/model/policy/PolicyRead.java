package io.hdfslocalcache.model.policy;

/**
 * A read a policy decided at its start and hears the end of ({@link AdmissionPolicy#startRead}):
 * the DataNode decides when BlockSender opens a block, before it knows how many bytes the client
 * will take, and learns the range when the data stream closes (the offset and bytes clienttrace
 * logs, which the simulator replays). {@code onRead(key, offset, length, blockLength)} is the two
 * halves at one instant. A policy that does not model the bytes hands out one shared instance per
 * decision, whose end does nothing: no allocation per read.
 */
public interface PolicyRead {
  /** What the policy decided at the read's start. */
  AdmissionDecision decision();

  /**
   * The read of {@code [offset, offset + length)} of a block of {@code blockLength} bytes ended
   * now; called at most once.
   */
  void ended(long offset, long length, long blockLength);

  /** The shared read of {@code d} whose end tells the policy nothing. */
  static PolicyRead decided(AdmissionDecision d) {
    return Decided.ALL[d.ordinal()];
  }

  /** A decision with nothing to hear at the end. */
  final class Decided implements PolicyRead {
    private static final Decided[] ALL = new Decided[AdmissionDecision.values().length];

    static {
      for (AdmissionDecision d : AdmissionDecision.values()) {
        ALL[d.ordinal()] = new Decided(d);
      }
    }

    private final AdmissionDecision decision;

    private Decided(AdmissionDecision decision) {
      this.decision = decision;
    }

    @Override
    public AdmissionDecision decision() {
      return decision;
    }

    @Override
    public void ended(long offset, long length, long blockLength) {}
  }
}
