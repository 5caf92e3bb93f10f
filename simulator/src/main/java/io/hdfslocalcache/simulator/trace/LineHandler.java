package io.hdfslocalcache.simulator.trace;

/** Receives each line of a {@link LineSource}, without its terminator. */
interface LineHandler {
  void line(byte[] buf, int from, int to, long lineNumber) throws TraceFormatException;
}
