package io.hdfslocalcache.simulator.trace;

import java.util.Arrays;
import java.util.List;

/**
 * Meta's block storage trace (CacheLib {@code trace_replay/block_chunk}, the Baleen/Tectonic
 * schema): columns found by name from the header; {@code op_time} in seconds, {@code block_id} a
 * hex string (its 128 bits folded into one long), {@code io_offset}, {@code io_size}, {@code
 * op_name} (getChunkData.* = read, putChunk* = write, other ops skipped) and {@code op_count} (the
 * record stands for that many identical operations). There are no block pools or generation stamps:
 * all blocks share the empty pool and generation stamp 0.
 */
final class CachelibBlockReader implements TraceReader {
  static final String HEADER_START = "op_time,";
  private static final byte[] GET_CHUNK = Ascii.bytes("getChunkData");
  private static final byte[] PUT_CHUNK = Ascii.bytes("putChunk");

  /**
   * Most operations one record may stand for: Meta's traces hold at most 3; a corrupt count would
   * expand into billions of events (a hang, then out of memory), so it is a malformed line.
   */
  static final long MAX_OP_COUNT = 1 << 20;

  private static final List<String> REQUIRED =
      List.of("op_time", "block_id", "io_size", "io_offset", "op_name");

  private final CsvFields fields = new CsvFields(64);
  private int time = -1;
  private int block;
  private int size;
  private int offset;
  private int opName;
  private int opCount = -1;
  private int columns;

  @Override
  public boolean parse(byte[] b, int from, int to, TraceSink sink) throws MalformedLineException {
    int start = Ascii.trimStart(b, from, to);
    if (start == Ascii.trimEnd(b, start, to)) {
      return false;
    }
    int n = fields.split(b, from, to);
    if (time < 0) {
      readHeader(b, n);
      return false;
    }
    if (n != columns) {
      throw new MalformedLineException("expected " + columns + " fields, got " + n);
    }
    Op op;
    if (Ascii.startsWith(b, fields.starts[opName], fields.ends[opName], GET_CHUNK)) {
      op = Op.READ;
    } else if (Ascii.startsWith(b, fields.starts[opName], fields.ends[opName], PUT_CHUNK)) {
      op = Op.WRITE;
    } else {
      return false;
    }
    long seconds = fields.nonNegative(b, time, "op_time");
    long id = hexBlockId(b, fields.starts[block], fields.ends[block]);
    long length = fields.nonNegative(b, size, "io_size");
    long off = fields.nonNegative(b, offset, "io_offset");
    long count = opCount < 0 ? 1 : fields.nonNegative(b, opCount, "op_count");
    if (count > MAX_OP_COUNT) {
      throw new MalformedLineException(
          "op_count " + count + " is over " + MAX_OP_COUNT + " (a corrupt record?)");
    }
    for (long i = 0; i < count; i++) {
      sink.add(seconds * 1000, b, 0, 0, id, 0, op, off, length);
    }
    return true;
  }

  private void readHeader(byte[] b, int n) throws MalformedLineException {
    String[] names = new String[Math.min(n, fields.starts.length)];
    for (int i = 0; i < names.length; i++) {
      names[i] = fields.string(b, i);
    }
    List<String> header = Arrays.asList(names);
    for (String r : REQUIRED) {
      if (!header.contains(r)) {
        throw new MalformedLineException("cachelib-block header has no '" + r + "' column");
      }
    }
    columns = n;
    block = header.indexOf("block_id");
    size = header.indexOf("io_size");
    offset = header.indexOf("io_offset");
    opName = header.indexOf("op_name");
    opCount = header.indexOf("op_count");
    time = header.indexOf("op_time");
  }

  /** Folds a hex id of up to 128 bits (dashes ignored) into a long: two 64-bit halves mixed. */
  static long hexBlockId(byte[] b, int from, int to) throws MalformedLineException {
    long hi = 0;
    long lo = 0;
    int digits = 0;
    for (int i = from; i < to; i++) {
      if (b[i] == '-') {
        continue;
      }
      int d = Ascii.hexDigit(b[i]);
      if (d < 0 || ++digits > 32) {
        throw new MalformedLineException("block_id is not a hex id: " + Ascii.string(b, from, to));
      }
      hi = (hi << 4) | (lo >>> 60);
      lo = (lo << 4) | d;
    }
    if (digits == 0) {
      throw new MalformedLineException("empty block_id");
    }
    return hi * 0x9E3779B97F4A7C15L ^ lo;
  }
}
