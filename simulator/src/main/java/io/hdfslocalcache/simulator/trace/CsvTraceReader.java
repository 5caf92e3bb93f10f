package io.hdfslocalcache.simulator.trace;

/**
 * The project's own CSV: {@code timestamp_ms,block_pool,block_id,gen_stamp,op,offset,length}, op
 * READ, WRITE or DELETE. The header, blank lines and {@code #} comments are skipped.
 */
final class CsvTraceReader implements TraceReader {
  static final String HEADER = "timestamp_ms,block_pool,block_id,gen_stamp,op,offset,length";
  private static final byte[] HEADER_START = Ascii.bytes("timestamp_ms");
  private static final byte[] READ = Ascii.bytes("READ");
  private static final byte[] WRITE = Ascii.bytes("WRITE");
  private static final byte[] DELETE = Ascii.bytes("DELETE");
  private static final int FIELDS = 7;

  private final CsvFields fields = new CsvFields(FIELDS);

  @Override
  public boolean parse(byte[] b, int from, int to, TraceSink sink) throws MalformedLineException {
    int start = Ascii.trimStart(b, from, to);
    if (start == Ascii.trimEnd(b, start, to)
        || b[start] == '#'
        || Ascii.startsWith(b, start, to, HEADER_START)) {
      return false;
    }
    int n = fields.split(b, from, to);
    if (n != FIELDS) {
      throw new MalformedLineException(
          "expected "
              + FIELDS
              + " fields ("
              + HEADER
              + "), got "
              + (n > FIELDS ? "more" : String.valueOf(n)));
    }
    long time = fields.number(b, 0, "timestamp_ms");
    long blockId = fields.number(b, 2, "block_id");
    long genStamp = fields.nonNegative(b, 3, "gen_stamp");
    Op op = op(b, fields.starts[4], fields.ends[4]);
    long offset = fields.nonNegative(b, 5, "offset");
    long length = fields.nonNegative(b, 6, "length");
    sink.add(time, b, fields.starts[1], fields.ends[1], blockId, genStamp, op, offset, length);
    return true;
  }

  private static Op op(byte[] b, int from, int to) throws MalformedLineException {
    if (Ascii.equals(b, from, to, READ)) {
      return Op.READ;
    }
    if (Ascii.equals(b, from, to, WRITE)) {
      return Op.WRITE;
    }
    if (Ascii.equals(b, from, to, DELETE)) {
      return Op.DELETE;
    }
    throw new MalformedLineException(
        "op must be READ, WRITE or DELETE, got '" + Ascii.string(b, from, to) + "'");
  }
}
