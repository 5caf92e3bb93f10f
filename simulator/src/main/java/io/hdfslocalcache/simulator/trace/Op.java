package io.hdfslocalcache.simulator.trace;

/** What a trace event did to a block. Stored as its ordinal in a byte per event. */
public enum Op {
  READ,
  WRITE,
  DELETE;

  private static final Op[] VALUES = values();

  public static Op of(byte code) {
    return VALUES[code];
  }

  public byte code() {
    return (byte) ordinal();
  }
}
