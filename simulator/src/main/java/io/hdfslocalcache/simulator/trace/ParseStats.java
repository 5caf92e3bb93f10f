package io.hdfslocalcache.simulator.trace;

import java.util.List;

/**
 * What a parse saw.
 *
 * @param lines lines in the file
 * @param events events kept (reads + writes + deletes)
 * @param sampledOutEvents events of the blocks a block sample left out ({@code --sample-blocks})
 * @param skippedLines lines that are not records of the format (other loggers, other ops, headers)
 * @param malformedLines lines that look like records but do not parse
 * @param firstMalformed the first few malformed lines, with line number and reason
 * @param parseSeconds wall time of the parse
 */
public record ParseStats(
    long lines,
    long events,
    long reads,
    long writes,
    long deletes,
    long sampledOutEvents,
    long skippedLines,
    long malformedLines,
    List<Malformed> firstMalformed,
    double parseSeconds) {

  /** How many malformed lines are kept for the report. */
  public static final int KEPT_MALFORMED = 5;

  /**
   * @param source the file, when the trace spans several; empty otherwise
   */
  public record Malformed(String source, long lineNumber, String reason) {
    @Override
    public String toString() {
      return (source.isEmpty() ? "" : source + " ") + "line " + lineNumber + ": " + reason;
    }
  }
}
