package io.hdfslocalcache.simulator.model;

import io.hdfslocalcache.model.EventRules;

/**
 * SSD bytes the fleet's caches hold twice: per block version (pool, block id, generation stamp)
 * held by more than one DataNode, per unit (a block's meta or a data page; the whole entry in block
 * fill), every copy but one. Compared unit by unit, so two DataNodes holding different pages of one
 * block duplicate only their meta; different generation stamps of one block are different data and
 * never duplicates.
 */
final class DuplicatedBytes {
  private final FleetBlocks blocks;
  private final EventRules[] dataNodes;
  private final long[] stamp; // per entry of one fleet block: the held version's stamp
  private final boolean[] done;

  DuplicatedBytes(FleetBlocks blocks, EventRules[] dataNodes) {
    this.blocks = blocks;
    this.dataNodes = dataNodes;
    this.stamp = new long[dataNodes.length];
    this.done = new boolean[dataNodes.length];
  }

  /** The bytes now held more than once. */
  long now() {
    long duplicated = 0;
    for (int f = 0; f < blocks.count(); f++) {
      int first = blocks.first(f);
      int n = blocks.end(f) - first;
      if (n >= 2) {
        duplicated += ofBlock(first, n);
      }
    }
    return duplicated;
  }

  /** A block's duplicates: its DataNodes grouped by the version they hold, each group compared. */
  private long ofBlock(int first, int n) {
    for (int i = 0; i < n; i++) {
      int e = first + i;
      EventRules r = dataNodes[blocks.dataNode(e)];
      int b = blocks.dataNodeBlock(e);
      done[i] = !r.holds(b);
      stamp[i] = done[i] ? 0 : r.heldGenStamp(b);
    }
    long duplicated = 0;
    for (int i = 0; i < n; i++) {
      if (done[i]) {
        continue;
      }
      done[i] = true;
      int span = unitSpan(first + i);
      int copies = 1;
      for (int j = i + 1; j < n; j++) {
        if (!done[j] && stamp[j] == stamp[i]) {
          span = Math.max(span, unitSpan(first + j));
          copies++;
        }
      }
      if (copies >= 2) {
        duplicated += ofVersion(first, n, i, span);
      }
    }
    return duplicated;
  }

  /** Per unit, the bytes of every copy but the largest, over the entries holding {@code i}'s. */
  private long ofVersion(int first, int n, int i, int span) {
    long duplicated = 0;
    for (int u = 0; u < span; u++) {
      long sum = 0;
      long max = 0;
      for (int j = i; j < n; j++) {
        if (j == i || (!done[j] && stamp[j] == stamp[i])) {
          long bytes = unitBytes(first + j, u);
          sum += bytes;
          max = Math.max(max, bytes);
        }
      }
      duplicated += sum - max;
    }
    for (int j = i + 1; j < n; j++) {
      if (stamp[j] == stamp[i]) {
        done[j] = true;
      }
    }
    return duplicated;
  }

  private int unitSpan(int entry) {
    return dataNodes[blocks.dataNode(entry)].unitSpan(blocks.dataNodeBlock(entry));
  }

  private long unitBytes(int entry, int unit) {
    return dataNodes[blocks.dataNode(entry)].unitBytes(blocks.dataNodeBlock(entry), unit);
  }
}
