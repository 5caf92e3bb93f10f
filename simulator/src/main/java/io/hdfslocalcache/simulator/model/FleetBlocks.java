package io.hdfslocalcache.simulator.model;

import io.hdfslocalcache.simulator.trace.Trace;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The fleet's blocks: each DataNode's trace numbers its blocks densely on its own, so the same
 * block (pool, id) has one index per DataNode that read it and one fleet index. Per fleet block,
 * its DataNodes' indexes are kept side by side (a compressed row per fleet block), so the replicas
 * of a block are found without a search.
 */
final class FleetBlocks {
  private final int[][] fleetIndex; // [dataNode][its block] -> fleet block
  private final int[][] entryIndex; // [dataNode][its block] -> its entry
  private final String[] pool; // per fleet block
  private final long[] blockId;
  private final int[] start; // per fleet block, its first entry in dataNode/dataNodeBlock
  private final int[] dataNode;
  private final int[] dataNodeBlock;

  FleetBlocks(List<Trace> dataNodes) {
    Map<Key, Integer> index = new HashMap<>();
    fleetIndex = new int[dataNodes.size()][];
    int[] replicas = new int[16];
    int entries = 0;
    for (int d = 0; d < dataNodes.size(); d++) {
      Trace t = dataNodes.get(d);
      fleetIndex[d] = new int[t.blockCount()];
      for (int b = 0; b < t.blockCount(); b++) {
        Integer f = index.putIfAbsent(new Key(t.pool(b), t.blockId()[b]), index.size());
        int at = f == null ? index.size() - 1 : f;
        fleetIndex[d][b] = at;
        if (at >= replicas.length) {
          replicas = Arrays.copyOf(replicas, Math.max(at + 1, replicas.length * 2));
        }
        replicas[at]++;
        entries++;
      }
    }
    int n = index.size();
    pool = new String[n];
    blockId = new long[n];
    for (Map.Entry<Key, Integer> e : index.entrySet()) {
      pool[e.getValue()] = e.getKey().pool();
      blockId[e.getValue()] = e.getKey().id();
    }
    start = new int[n + 1];
    for (int f = 0; f < n; f++) {
      start[f + 1] = start[f] + replicas[f];
    }
    dataNode = new int[entries];
    dataNodeBlock = new int[entries];
    entryIndex = new int[fleetIndex.length][];
    int[] next = Arrays.copyOf(start, n);
    for (int d = 0; d < fleetIndex.length; d++) {
      entryIndex[d] = new int[fleetIndex[d].length];
      for (int b = 0; b < fleetIndex[d].length; b++) {
        int e = next[fleetIndex[d][b]]++;
        entryIndex[d][b] = e;
        dataNode[e] = d;
        dataNodeBlock[e] = b;
      }
    }
  }

  private record Key(String pool, long id) {}

  int count() {
    return pool.length;
  }

  /** The fleet index of block {@code block} of DataNode {@code dataNode}. */
  int of(int dataNode, int block) {
    return fleetIndex[dataNode][block];
  }

  /** The entry of block {@code block} of DataNode {@code dataNode} among its fleet block's. */
  int entry(int dataNode, int block) {
    return entryIndex[dataNode][block];
  }

  String pool(int fleetBlock) {
    return pool[fleetBlock];
  }

  long blockId(int fleetBlock) {
    return blockId[fleetBlock];
  }

  /** Entries {@code [first(f), end(f))} are the DataNodes that have block {@code f}. */
  int first(int fleetBlock) {
    return start[fleetBlock];
  }

  int end(int fleetBlock) {
    return start[fleetBlock + 1];
  }

  int dataNode(int entry) {
    return dataNode[entry];
  }

  int dataNodeBlock(int entry) {
    return dataNodeBlock[entry];
  }
}
