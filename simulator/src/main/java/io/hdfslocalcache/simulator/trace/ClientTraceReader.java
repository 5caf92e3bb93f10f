package io.hdfslocalcache.simulator.trace;

/**
 * The DataNode's {@code clienttrace} log (Hadoop's {@code DataNode.DN_CLIENTTRACE_FORMAT}): {@code
 * src: %s, dest: %s, [volume: %s, ]bytes: %s, op: %s, cliID: %s, offset: %s, srvID: %s, blockid:
 * BP-...:blk_<id>_<genstamp>[, duration(ns)|duration: %s]} after any log4j prefix that holds the
 * timestamp.
 *
 * <p>Only HDFS_READ and HDFS_WRITE are events; other ops (short-circuit FD requests, block copies)
 * and other loggers' lines are skipped. A read logs the checksum-chunk-aligned range with 4
 * checksum bytes per 512-byte chunk included, so its data length is {@code bytes - 4 * ceil(bytes /
 * 516)}. A write logs the finalized block's length in {@code bytes} and offset 0.
 */
final class ClientTraceReader implements TraceReader {
  static final int CHUNK = 512;
  static final int CHECKSUM_BYTES = 4;

  private static final byte[] SRC = Ascii.bytes("src: ");
  private static final byte[] BYTES = Ascii.bytes(", bytes: ");
  private static final byte[] OP = Ascii.bytes(", op: ");
  private static final byte[] OFFSET = Ascii.bytes(", offset: ");
  private static final byte[] BLOCKID = Ascii.bytes(", blockid: ");
  private static final byte[] BLK = Ascii.bytes(":blk_");
  private static final byte[] HDFS_READ = Ascii.bytes("HDFS_READ");
  private static final byte[] HDFS_WRITE = Ascii.bytes("HDFS_WRITE");
  private static final byte[] SRV_ID = Ascii.bytes("srvID: ");
  private static final byte[] DELETED = Ascii.bytes(" Deleted BP-");
  private static final byte[] BLK_DELETED = Ascii.bytes(" blk_");

  private final LogTimestamp timestamps = new LogTimestamp();

  @Override
  public boolean parse(byte[] b, int from, int to, TraceSink sink) throws MalformedLineException {
    int src = Ascii.indexOf(b, from, to, SRC);
    if (src < 0) {
      int deleted = Ascii.indexOf(b, from, to, DELETED);
      return deleted >= 0
          ? deletion(b, from, deleted, to, sink)
          : skipOrMalformed(b, from, to, "no 'src:' field");
    }
    // Fields are searched in the format's order, each after the previous one, so a line is
    // scanned about once; find() falls back to the whole message if a field is out of order.
    int bytesKey = Ascii.indexOf(b, src, to, BYTES); // absent on short-circuit lines
    int op = find(b, bytesKey < 0 ? src : bytesKey, src, to, OP, "op");
    Op kind;
    if (Ascii.startsWith(b, op, to, HDFS_READ) && opEnds(b, op + HDFS_READ.length, to)) {
      kind = Op.READ;
    } else if (Ascii.startsWith(b, op, to, HDFS_WRITE) && opEnds(b, op + HDFS_WRITE.length, to)) {
      kind = Op.WRITE;
    } else {
      return false; // another op: REQUEST_SHORT_CIRCUIT_FDS, HDFS_COPY, ...
    }
    long time = timestamps.find(b, from, src);
    if (time == LogTimestamp.NONE) {
      throw new MalformedLineException("no yyyy-MM-dd HH:mm:ss,SSS timestamp before 'src:'");
    }
    if (bytesKey < 0) {
      throw new MalformedLineException("no 'bytes:' field");
    }
    long bytes = number(b, bytesKey + BYTES.length, to, "bytes");
    int offsetAt = find(b, op, src, to, OFFSET, "offset");
    long offset = number(b, offsetAt, to, "offset");
    int block = find(b, offsetAt, src, to, BLOCKID, "blockid");
    int blockEnd = Ascii.tokenEnd(b, block, to, (byte) ',');
    int blk = Ascii.indexOf(b, block, blockEnd, BLK);
    if (blk < 0) {
      throw new MalformedLineException(
          "blockid is not BP-...:blk_<id>_<genstamp>: " + Ascii.string(b, block, blockEnd));
    }
    int idStart = blk + BLK.length;
    // Striped (erasure-coded) block ids are negative, so the id may start with '-'.
    int sep = Ascii.indexOf(b, idStart + 1, blockEnd, (byte) '_');
    if (sep < 0) {
      throw new MalformedLineException(
          "blockid has no generation stamp: " + Ascii.string(b, block, blockEnd));
    }
    long blockId = Ascii.parseLong(b, idStart, sep, "block id");
    long genStamp = Ascii.parseNonNegative(b, sep + 1, blockEnd, "generation stamp");
    if (kind == Op.READ) {
      sink.add(time, b, block, blk, blockId, genStamp, Op.READ, offset, dataBytes(bytes));
    } else {
      sink.add(time, b, block, blk, blockId, genStamp, Op.WRITE, offset, bytes);
    }
    return true;
  }

  /**
   * The line the DataNode logs when it has deleted a replica ({@code FsDatasetAsyncDiskService}:
   * {@code Deleted BP-... blk_<id>_<genstamp> URI ...}), a DELETE of the block. Another line that
   * happens to say "Deleted BP-" without a block after it is skipped.
   */
  private boolean deletion(byte[] b, int from, int deleted, int to, TraceSink sink)
      throws MalformedLineException {
    int pool = deleted + DELETED.length - 3; // at "BP-"
    int poolEnd = Ascii.tokenEnd(b, pool, to, (byte) ' ');
    if (poolEnd >= to || !Ascii.startsWith(b, poolEnd, to, BLK_DELETED)) {
      return false;
    }
    int idStart = poolEnd + BLK_DELETED.length;
    int blockEnd = Ascii.tokenEnd(b, idStart, to, (byte) ' ');
    int sep = Ascii.indexOf(b, idStart + 1, blockEnd, (byte) '_');
    if (sep < 0) {
      throw new MalformedLineException(
          "deleted block has no generation stamp: " + Ascii.string(b, idStart, blockEnd));
    }
    long time = timestamps.find(b, from, deleted);
    if (time == LogTimestamp.NONE) {
      throw new MalformedLineException("no yyyy-MM-dd HH:mm:ss,SSS timestamp before 'Deleted'");
    }
    long blockId = Ascii.parseLong(b, idStart, sep, "block id");
    long genStamp = Ascii.parseNonNegative(b, sep + 1, blockEnd, "generation stamp");
    sink.add(time, b, pool, poolEnd, blockId, genStamp, Op.DELETE, 0, 0);
    return true;
  }

  /**
   * The DataNode that logged a record line: its {@code srvID} (the DataNode's UUID), or empty when
   * the line has none.
   */
  static String dataNodeId(byte[] b, int from, int to) {
    int i = Ascii.indexOf(b, from, to, SRV_ID);
    if (i < 0) {
      return "";
    }
    int start = i + SRV_ID.length;
    return Ascii.string(
        b, start, Ascii.trimEnd(b, start, Ascii.tokenEnd(b, start, to, (byte) ',')));
  }

  /** Data bytes of a read whose logged byte count includes 4 checksum bytes per 512-byte chunk. */
  static long dataBytes(long loggedBytes) {
    long chunks = (loggedBytes + CHUNK + CHECKSUM_BYTES - 1) / (CHUNK + CHECKSUM_BYTES);
    return loggedBytes - CHECKSUM_BYTES * chunks;
  }

  private static boolean opEnds(byte[] b, int i, int to) {
    return i == to || b[i] == ',' || b[i] == ' ';
  }

  private static boolean skipOrMalformed(byte[] b, int from, int to, String reason)
      throws MalformedLineException {
    if (Ascii.indexOf(b, from, to, HDFS_READ) >= 0 || Ascii.indexOf(b, from, to, HDFS_WRITE) >= 0) {
      throw new MalformedLineException("mentions HDFS_READ/HDFS_WRITE but has " + reason);
    }
    return false;
  }

  /** Start of the value of {@code key}: searched after {@code from}, then after {@code src}. */
  private static int find(byte[] b, int from, int src, int to, byte[] key, String name)
      throws MalformedLineException {
    int i = Ascii.indexOf(b, from, to, key);
    if (i < 0 && from > src) {
      i = Ascii.indexOf(b, src, to, key);
    }
    if (i < 0) {
      if (name.equals("op")) {
        skipOrMalformed(b, from, to, "no 'op:' field");
        return to; // no op and no HDFS_ mention: parse() sees an unknown op and skips
      }
      throw new MalformedLineException("no '" + name + ":' field");
    }
    return i + key.length;
  }

  /** The digits from {@code from} up to the next ',' (or the end), read in one pass. */
  private static long number(byte[] b, int from, int to, String name)
      throws MalformedLineException {
    long v = 0;
    int i = from;
    for (; i < to && i - from < 19; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        break;
      }
      v = v * 10 + d;
    }
    if (i == from || (i < to && b[i] != ',')) {
      // Not plain digits: let the general parser name the problem.
      return Ascii.parseNonNegative(b, from, Ascii.tokenEnd(b, from, to, (byte) ','), name);
    }
    return v;
  }
}
