package io.hdfslocalcache.simulator.trace;

/**
 * Splits one unquoted CSV line into field boundaries without allocating per line. The trace formats
 * here never quote (ids, numbers, op names), so a quoted field is reported as malformed by the
 * caller's field parsers rather than mis-split silently.
 */
final class CsvFields {
  final int[] starts;
  final int[] ends;
  int count;

  CsvFields(int max) {
    starts = new int[max];
    ends = new int[max];
  }

  /** Splits {@code b[from, to)}; returns the number of fields (capped at the capacity + 1). */
  int split(byte[] b, int from, int to) {
    count = 0;
    int start = from;
    for (int i = from; i <= to; i++) {
      if (i == to || b[i] == ',') {
        if (count == starts.length) {
          return ++count; // too many: the caller reports the count
        }
        starts[count] = Ascii.trimStart(b, start, i);
        ends[count] = Ascii.trimEnd(b, starts[count], i);
        count++;
        start = i + 1;
      }
    }
    return count;
  }

  long number(byte[] b, int field, String name) throws MalformedLineException {
    return Ascii.parseLong(b, starts[field], ends[field], name);
  }

  long nonNegative(byte[] b, int field, String name) throws MalformedLineException {
    return Ascii.parseNonNegative(b, starts[field], ends[field], name);
  }

  String string(byte[] b, int field) {
    return Ascii.string(b, starts[field], ends[field]);
  }
}
