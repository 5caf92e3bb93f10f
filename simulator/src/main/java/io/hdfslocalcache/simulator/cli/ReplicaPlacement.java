package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.simulator.trace.Placement;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Spreads one generated DataNode log over a fleet the way HDFS places and reads replicas. Each
 * block has replicas on {@code min(3, N)} of the N DataNodes ({@code dfs.replication}'s default),
 * chosen by its id ({@link Placement}); a write reaches every replica (the write pipeline) and so
 * does a replica's deletion (the NameNode invalidates every one); a read goes to one replica picked
 * at random, as a DFSClient outside the DataNodes' racks does (the NameNode sorts replicas by
 * network distance and shuffles the ties). Each DataNode's lines name it ({@code srvID});
 * everything else is copied.
 */
final class ReplicaPlacement extends OutputStream {
  private static final byte[] BLOCK = "blk_".getBytes(StandardCharsets.ISO_8859_1);
  private static final byte[] READ = "op: HDFS_READ".getBytes(StandardCharsets.ISO_8859_1);
  private static final byte[] SRV_ID = "srvID: ".getBytes(StandardCharsets.ISO_8859_1);

  private final List<OutputStream> dataNodes;
  private final byte[][] ids;
  private final int replication;
  private final Random reader;
  private byte[] line = new byte[512];
  private int length;

  ReplicaPlacement(List<OutputStream> dataNodes, long seed) {
    this.dataNodes = List.copyOf(dataNodes);
    this.replication = Placement.replicas(dataNodes.size());
    this.reader = new Random(seed);
    this.ids = new byte[dataNodes.size()][];
    for (int d = 0; d < ids.length; d++) {
      ids[d] = Placement.id(d).getBytes(StandardCharsets.ISO_8859_1);
    }
  }

  @Override
  public void write(int b) throws IOException {
    if (length == line.length) {
      line = Arrays.copyOf(line, length * 2);
    }
    line[length++] = (byte) b;
    if (b == '\n') {
      route();
      length = 0;
    }
  }

  private void route() throws IOException {
    int at = indexOf(BLOCK, 0);
    if (at < 0) {
      for (int d = 0; d < dataNodes.size(); d++) {
        dataNodes.get(d).write(line, 0, length); // not a block's line: every DataNode logs it
      }
      return;
    }
    int first = Placement.first(blockId(at + BLOCK.length), dataNodes.size());
    if (indexOf(READ, 0) >= 0) {
      send((first + reader.nextInt(replication)) % dataNodes.size());
    } else {
      for (int r = 0; r < replication; r++) {
        send((first + r) % dataNodes.size());
      }
    }
  }

  /** The line to DataNode {@code d}, its srvID (when it has one) naming that DataNode. */
  private void send(int d) throws IOException {
    OutputStream out = dataNodes.get(d);
    int at = indexOf(SRV_ID, 0);
    if (at < 0) {
      out.write(line, 0, length);
      return;
    }
    int from = at + SRV_ID.length;
    int to = from;
    while (to < length && line[to] != ',') {
      to++;
    }
    out.write(line, 0, from);
    out.write(ids[d]);
    out.write(line, to, length - to);
  }

  private long blockId(int from) {
    long id = 0;
    boolean negative = from < length && line[from] == '-';
    for (int i = negative ? from + 1 : from; i < length && line[i] >= '0' && line[i] <= '9'; i++) {
      id = id * 10 + (line[i] - '0');
    }
    return negative ? -id : id;
  }

  private int indexOf(byte[] what, int from) {
    outer:
    for (int i = from; i + what.length <= length; i++) {
      for (int j = 0; j < what.length; j++) {
        if (line[i + j] != what[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  @Override
  public void flush() throws IOException {
    for (OutputStream out : dataNodes) {
      out.flush();
    }
  }

  @Override
  public void close() throws IOException {
    if (length > 0) {
      route();
      length = 0;
    }
    IOException failed = null;
    for (OutputStream out : dataNodes) {
      try {
        out.close();
      } catch (IOException e) {
        failed = failed == null ? e : failed;
      }
    }
    if (failed != null) {
      throw failed;
    }
  }
}
