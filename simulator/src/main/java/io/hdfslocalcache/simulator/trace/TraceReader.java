package io.hdfslocalcache.simulator.trace;

/**
 * Parses one line of one trace format. Instances may keep state across lines (a CSV header), so
 * each parse gets a fresh reader from {@link TraceFormat#newReader()}.
 */
public interface TraceReader {
  /**
   * Parses {@code line[from, to)} (no line terminator) and passes any event to {@code sink}.
   *
   * @return true if the line was a record of this format, false if it is something else to skip
   * @throws MalformedLineException if the line looks like a record but does not parse
   */
  boolean parse(byte[] line, int from, int to, TraceSink sink) throws MalformedLineException;
}
