package io.hdfslocalcache.simulator.trace;

import java.util.Random;

/**
 * One DataNode's events as a fleet's ({@code --spread N}): each block on {@link Placement}'s
 * DataNodes, a write or a deletion to every replica (the write pipeline; the NameNode invalidates
 * each), a read to one replica picked at random, as a client off the DataNodes' racks reads under
 * the NameNode's shuffle of equally distant replicas. The same spreading as {@code generate
 * --datanodes}, on a parsed trace of any format.
 */
final class SpreadSink implements TraceSink {
  private final TraceBuilder[] dataNodes;
  private final int replicas;
  private final Random reader;

  SpreadSink(TraceBuilder[] dataNodes, long seed) {
    this.dataNodes = dataNodes;
    this.replicas = Placement.replicas(dataNodes.length);
    this.reader = new Random(seed);
  }

  @Override
  public void add(
      long timeMs,
      byte[] line,
      int poolFrom,
      int poolTo,
      long blockId,
      long genStamp,
      Op op,
      long offset,
      long length) {
    int n = dataNodes.length;
    int first = Placement.first(blockId, n);
    if (op == Op.READ) {
      int d = (first + reader.nextInt(replicas)) % n;
      dataNodes[d].add(timeMs, line, poolFrom, poolTo, blockId, genStamp, op, offset, length);
      return;
    }
    for (int r = 0; r < replicas; r++) {
      dataNodes[(first + r) % n].add(
          timeMs, line, poolFrom, poolTo, blockId, genStamp, op, offset, length);
    }
  }
}
