package io.hdfslocalcache.simulator.trace;

import java.time.DateTimeException;
import java.time.LocalDate;

/**
 * Finds a log4j timestamp {@code yyyy-MM-dd HH:mm:ss,SSS} (ISO8601 layout; 'T' and '.' accepted
 * too) anywhere in a line's prefix and converts it to epoch millis, taking it as UTC: DataNode logs
 * carry no zone and the model only needs differences. Keeps the last date's epoch day, since a
 * day's log changes date once.
 */
final class LogTimestamp {
  static final long NONE = Long.MIN_VALUE;
  private static final int LENGTH = 23;

  private int lastYear = -1;
  private int lastMonth = -1;
  private int lastDay = -1;
  private long lastEpochDay;
  private long lastHead;
  private long lastTail;
  private long lastMinuteMs = NONE;

  /** Epoch millis of the first timestamp in {@code b[from, to)}, or {@link #NONE}. */
  long find(byte[] b, int from, int to) {
    for (int i = from; i + LENGTH <= to; i++) {
      if (isDigit(b[i]) && b[i + 4] == '-' && looksLikeAt(b, i)) {
        long t = parseAt(b, i);
        if (t != NONE) {
          return t;
        }
      }
    }
    return NONE;
  }

  private static boolean looksLikeAt(byte[] b, int i) {
    return b[i + 7] == '-'
        && (b[i + 10] == ' ' || b[i + 10] == 'T')
        && b[i + 13] == ':'
        && b[i + 16] == ':'
        && (b[i + 19] == ',' || b[i + 19] == '.');
  }

  private long parseAt(byte[] b, int i) {
    // Lines of the same minute share "yyyy-MM-dd HH:mm": compare 16 bytes instead of parsing.
    long head = (long) Ascii.LONGS.get(b, i);
    long tail = (long) Ascii.LONGS.get(b, i + 8);
    if (lastMinuteMs != NONE && head == lastHead && tail == lastTail) {
      int second = digits(b, i + 17, 2);
      int milli = digits(b, i + 20, 3);
      if ((second | milli) >= 0 && second <= 60) {
        return lastMinuteMs + second * 1000L + milli;
      }
      return NONE;
    }
    long t = parseFull(b, i);
    if (t != NONE) {
      lastHead = head;
      lastTail = tail;
      lastMinuteMs = t - Math.floorMod(t, 60_000L);
    }
    return t;
  }

  private long parseFull(byte[] b, int i) {
    int year = digits(b, i, 4);
    int month = digits(b, i + 5, 2);
    int day = digits(b, i + 8, 2);
    int hour = digits(b, i + 11, 2);
    int minute = digits(b, i + 14, 2);
    int second = digits(b, i + 17, 2);
    int milli = digits(b, i + 20, 3);
    if ((year | month | day | hour | minute | second | milli) < 0
        || hour > 23
        || minute > 59
        || second > 60) {
      return NONE;
    }
    if (year != lastYear || month != lastMonth || day != lastDay) {
      try {
        lastEpochDay = LocalDate.of(year, month, day).toEpochDay();
      } catch (DateTimeException e) {
        return NONE;
      }
      lastYear = year;
      lastMonth = month;
      lastDay = day;
    }
    return ((lastEpochDay * 24 + hour) * 60 + minute) * 60_000L + second * 1000L + milli;
  }

  private static boolean isDigit(byte c) {
    return c >= '0' && c <= '9';
  }

  /** The value of {@code n} decimal digits, or -1 if any is not a digit. */
  private static int digits(byte[] b, int from, int n) {
    int v = 0;
    for (int i = from; i < from + n; i++) {
      if (!isDigit(b[i])) {
        return -1;
      }
      v = v * 10 + (b[i] - '0');
    }
    return v;
  }
}
