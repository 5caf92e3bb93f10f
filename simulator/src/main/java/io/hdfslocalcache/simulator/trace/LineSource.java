package io.hdfslocalcache.simulator.trace;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Splits a byte stream into lines inside one reusable buffer: no String, no copy per line. A line
 * longer than the buffer (a huge stack trace line) grows it.
 */
final class LineSource {
  private static final int INITIAL = 1 << 22;

  private final InputStream in;
  private byte[] buf = new byte[INITIAL];
  private int start;
  private int end;
  private boolean eof;

  LineSource(InputStream in) {
    this.in = in;
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
          if (end > start) {
            int from = start;
            start = end;
            test.found(buf, from, stripCr(from, end), ++lineNumber);
          }
          return lineNumber;
        }
        fill();
        continue;
      }
      int from = start;
      start = nl + 1;
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
