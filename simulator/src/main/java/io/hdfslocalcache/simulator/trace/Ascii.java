package io.hdfslocalcache.simulator.trace;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Byte-level scanning of ASCII log lines: decoding every line to a String would halve the speed.
 */
final class Ascii {
  static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private Ascii() {}

  static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  /** First index of {@code needle} in {@code b[from, to)}, or -1. */
  static int indexOf(byte[] b, int from, int to, byte[] needle) {
    byte first = needle[0];
    int last = to - needle.length;
    outer:
    for (int i = from; i <= last; i++) {
      if (b[i] != first) {
        continue;
      }
      for (int j = 1; j < needle.length; j++) {
        if (b[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  /** First index of {@code c}: 8 bytes per step (SWAR), since every line is scanned for '\n'. */
  static int indexOf(byte[] b, int from, int to, byte c) {
    long pattern = (c & 0xffL) * 0x0101010101010101L;
    int i = from;
    for (; i + Long.BYTES <= to; i += Long.BYTES) {
      long word = (long) LONGS.get(b, i) ^ pattern;
      // A zero byte in word is a match; the lowest flagged byte is always a true one.
      long found = (word - 0x0101010101010101L) & ~word & 0x8080808080808080L;
      if (found != 0) {
        return i + (Long.numberOfTrailingZeros(found) >>> 3);
      }
    }
    for (; i < to; i++) {
      if (b[i] == c) {
        return i;
      }
    }
    return -1;
  }

  static boolean startsWith(byte[] b, int from, int to, byte[] prefix) {
    if (to - from < prefix.length) {
      return false;
    }
    for (int j = 0; j < prefix.length; j++) {
      if (b[from + j] != prefix[j]) {
        return false;
      }
    }
    return true;
  }

  static boolean equals(byte[] b, int from, int to, byte[] other) {
    return to - from == other.length && startsWith(b, from, to, other);
  }

  /** End of the token starting at {@code from}: the next {@code stop} byte, or {@code to}. */
  static int tokenEnd(byte[] b, int from, int to, byte stop) {
    int i = indexOf(b, from, to, stop);
    return i < 0 ? to : i;
  }

  /** A signed decimal long occupying exactly {@code b[from, to)}. */
  static long parseLong(byte[] b, int from, int to, String field) throws MalformedLineException {
    int i = from;
    boolean negative = false;
    if (i < to && b[i] == '-') {
      negative = true;
      i++;
    }
    if (i >= to) {
      throw new MalformedLineException("empty " + field);
    }
    if (to - i > 19) {
      throw new MalformedLineException(field + " is not a number: " + string(b, from, to));
    }
    long v = 0;
    for (; i < to; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        throw new MalformedLineException(field + " is not a number: " + string(b, from, to));
      }
      v = v * 10 + d;
      if (v < 0) {
        throw new MalformedLineException(field + " out of range: " + string(b, from, to));
      }
    }
    return negative ? -v : v;
  }

  /** A non-negative decimal long that must not be negative. */
  static long parseNonNegative(byte[] b, int from, int to, String field)
      throws MalformedLineException {
    long v = parseLong(b, from, to, field);
    if (v < 0) {
      throw new MalformedLineException(field + " is negative: " + v);
    }
    return v;
  }

  static int hexDigit(byte c) {
    if (c >= '0' && c <= '9') {
      return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
      return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
      return c - 'A' + 10;
    }
    return -1;
  }

  static String string(byte[] b, int from, int to) {
    return new String(b, from, to - from, StandardCharsets.ISO_8859_1);
  }

  /** Trims ASCII spaces and tabs: returns the new end. */
  static int trimEnd(byte[] b, int from, int to) {
    while (to > from && (b[to - 1] == ' ' || b[to - 1] == '\t' || b[to - 1] == '\r')) {
      to--;
    }
    return to;
  }

  static int trimStart(byte[] b, int from, int to) {
    while (from < to && (b[from] == ' ' || b[from] == '\t')) {
      from++;
    }
    return from;
  }
}
