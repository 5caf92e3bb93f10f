package io.hdfslocalcache.datanode.hdd;

/** What the cache needs to know of an HDD replica: its state, generation stamp and length. */
public final class ReplicaVersion {
  private final boolean finalized;
  private final long genStamp;
  private final long length;

  public ReplicaVersion(boolean finalized, long genStamp, long length) {
    this.finalized = finalized;
    this.genStamp = genStamp;
    this.length = length;
  }

  /** A FINALIZED replica at exactly this generation stamp: the only kind the cache holds. */
  public boolean finalizedAt(long gs) {
    return finalized && genStamp == gs;
  }

  /** {@link #finalizedAt} with this length too: nothing was appended or truncated. */
  public boolean finalizedAt(long gs, long len) {
    return finalizedAt(gs) && length == len;
  }

  public long genStamp() {
    return genStamp;
  }

  public long length() {
    return length;
  }

  /** Null-safe {@link #finalizedAt(long)}. */
  public static boolean isFinalized(ReplicaVersion r, long gs) {
    return r != null && r.finalizedAt(gs);
  }

  @Override
  public String toString() {
    return (finalized ? "FINALIZED" : "not finalized") + " gs=" + genStamp + " len=" + length;
  }
}
