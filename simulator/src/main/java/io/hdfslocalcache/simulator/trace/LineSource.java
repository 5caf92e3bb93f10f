package io.hdfslocalcache.simulator.trace;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Splits a byte stream into lines inside one reusable buffer: no String, no copy per line. A line
 * longer than the buffer (a huge stack trace line) grows it, up to {@link #MAX_LINE}: a longer one
 * (a binary file, a torn log with no newline) is read past and passed on empty, so the readers
 * count it skipped, where it once grew the buffer until the heap ran out.
 */
final class LineSource {
  private static final int INITIAL = 1 << 22;

  /** Longest line passed on: no trace record comes near it. */
  static final int MAX_LINE = 1 << 26;

  private final InputStream in;
  private final int maxLine;
  private byte[] buf;
  private int start;
  private int end;
  private boolean eof;
  private boolean discarding;

  LineSource(InputStream in) {
    this(in, MAX_LINE);
  }

  LineSource(InputStream in, int maxLine) {
    this.in = in;
    this.maxLine = maxLine;
    this.buf = new byte[Math.min(INITIAL, maxLine + 1)];
  }

  /** Fills the buffer and returns the first bytes of the stream, for format detection. */
  int peek(byte[] into) throws IOException {
    fill();
    int n = Math.min(into.length, end - start);
    System.arraycopy(buf, start, into, 0, n);
    return n;
  }

  /** Passes every line to {@code handler}; returns the number of lines. */
  long forEach(LineHandler handler) throws IOException, TraceFormatException {
    return scan(
        (buf, from, to, lineNumber) -> {
          handler.line(buf, from, to, lineNumber);
          return false;
        },
        Long.MAX_VALUE);
  }

  /** Whether a line is the one looked for. */
  interface LineTest {
    boolean found(byte[] buf, int from, int to, long lineNumber) throws TraceFormatException;
  }

  /**
   * Passes lines to {@code test} until it finds one, the stream ends or {@code maxLines} were seen;
   * returns the number of lines passed.
   */
  long scan(LineTest test, long maxLines) throws IOException, TraceFormatException {
    long lineNumber = 0;
    while (lineNumber < maxLines) {
      int nl = Ascii.indexOf(buf, start, end, (byte) '\n');
      if (nl < 0) {
        if (eof) {
          if (end > start || discarding) {
            int from = discarding ? end : start;
            start = end;
            discarding = false;
            test.found(buf, from, stripCr(from, end), ++lineNumber);
          }
          return lineNumber;
        }
        if (end - start > maxLine) {
          discarding = true; // too long: drop what is read of it, and the rest up to its end
          start = end;
        }
        fill();
        continue;
      }
      int from = discarding ? nl : start;
      start = nl + 1;
      discarding = false;
      if (test.found(buf, from, stripCr(from, nl), ++lineNumber)) {
        return lineNumber;
      }
    }
    return lineNumber;
  }

  private int stripCr(int from, int to) {
    return to > from && buf[to - 1] == '\r' ? to - 1 : to;
  }

  /** Moves the partial line to the front and reads more behind it. */
  private void fill() throws IOException {
    if (eof) {
      return;
    }
    if (start > 0) {
      System.arraycopy(buf, start, buf, 0, end - start);
      end -= start;
      start = 0;
    }
    if (end == buf.length) {
      buf = Arrays.copyOf(buf, buf.length * 2);
    }
    int n = in.read(buf, end, buf.length - end);
    if (n < 0) {
      eof = true;
    } else {
      end += n;
    }
  }
}
