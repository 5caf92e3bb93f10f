package io.hdfslocalcache.guard;

/**
 * A write budget's level at one moment, as the DataNode persists it so a restart (a kill -9
 * included) does not hand a spent budget back as a whole capacity: the bytes left at {@code
 * atMillis} (the guard's wall clock), and whether fills were paused on it (with the refused fill's
 * bytes). Restored, it refills for the time since {@code atMillis} as if the DataNode had run on.
 * Immutable; a final class, not a record: the DataNode side is compiled for Java 8.
 */
public final class WriteBudgetState {
  private final long availableBytes;
  private final boolean exhausted;
  private final long neededBytes;
  private final long atMillis;

  public WriteBudgetState(long availableBytes, boolean exhausted, long neededBytes, long atMillis) {
    if (availableBytes < 0 || neededBytes < 0) {
      throw new IllegalArgumentException(
          "negative write budget: " + availableBytes + " bytes left, " + neededBytes + " needed");
    }
    this.availableBytes = availableBytes;
    this.exhausted = exhausted;
    this.neededBytes = neededBytes;
    this.atMillis = atMillis;
  }

  public long availableBytes() {
    return availableBytes;
  }

  public boolean exhausted() {
    return exhausted;
  }

  /** The refused fill's SSD bytes while exhausted, else 0. */
  public long neededBytes() {
    return neededBytes;
  }

  public long atMillis() {
    return atMillis;
  }

  /** The same level and pause, whenever taken: a change worth persisting is one this differs in. */
  public boolean sameLevel(WriteBudgetState o) {
    return o != null
        && availableBytes == o.availableBytes
        && exhausted == o.exhausted
        && neededBytes == o.neededBytes;
  }

  @Override
  public String toString() {
    return availableBytes
        + " bytes left"
        + (exhausted ? ", exhausted (needs " + neededBytes + ")" : "")
        + " at "
        + atMillis;
  }
}
