package io.hdfslocalcache.simulator.trace;

/** Receives the events a {@link TraceReader} parses. */
public interface TraceSink {
  /**
   * One event. The block pool is passed as a byte range of the line (empty when the format has
   * none) so the common case, the same pool as the previous line, allocates nothing.
   */
  void add(
      long timeMs,
      byte[] line,
      int poolFrom,
      int poolTo,
      long blockId,
      long genStamp,
      Op op,
      long offset,
      long length);
}
