package io.hdfslocalcache.simulator.trace;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Collects parsed events into the compact form of a {@link Trace}. Not thread-safe. */
final class TraceBuilder implements TraceSink {
  private final List<String> pools = new ArrayList<>();
  private final Map<String, Integer> poolIndex = new HashMap<>();
  private final PairIndex blocks = new PairIndex();
  private final PairIndex versions = new PairIndex();
  private final EventLog events;

  /** Per version: largest offset + length written (-1 if never written) and read. */
  private long[] written = new long[1 << 10];

  private long[] read = new long[1 << 10];

  /** Per block: 1 + its most recently used version, 0 if none yet. */
  private int[] latestVersion = new int[1 << 10];

  private byte[] lastPool = new byte[0];
  private int lastPoolIndex = -1;
  private long firstTime = Long.MAX_VALUE;
  private long lastTime = Long.MIN_VALUE;
  private long reads;

  TraceBuilder(EventLog events) {
    this.events = events;
    Arrays.fill(written, -1);
  }

  private long writes;
  private long deletes;

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
    int pool = pool(line, poolFrom, poolTo);
    int block = blocks.intern(pool, blockId);
    int version = lastVersion(block, genStamp);
    if (version == written.length) {
      int n = written.length * 2;
      written = Arrays.copyOf(written, n);
      read = Arrays.copyOf(read, n);
      Arrays.fill(written, version, n, -1);
    }
    long end = offset + length;
    switch (op) {
      case READ -> {
        read[version] = Math.max(read[version], end);
        reads++;
      }
      case WRITE -> {
        written[version] = Math.max(written[version], end);
        writes++;
      }
      case DELETE -> deletes++;
    }
    firstTime = Math.min(firstTime, timeMs);
    lastTime = Math.max(lastTime, timeMs);
    events.add(timeMs, version, op, offset, (int) Math.min(length, Integer.MAX_VALUE));
  }

  /** The block's version of {@code genStamp}: its latest version first, a hash probe otherwise. */
  private int lastVersion(int block, long genStamp) {
    if (block == latestVersion.length) {
      latestVersion = Arrays.copyOf(latestVersion, block * 2);
    }
    int v = latestVersion[block] - 1;
    if (v >= 0 && versionGenStamp(v) == genStamp) {
      return v;
    }
    v = versions.intern(block, genStamp);
    latestVersion[block] = v + 1;
    return v;
  }

  private long versionGenStamp(int version) {
    return versions.second(version);
  }

  /** Pool index of the bytes; the previous line's pool is checked first (one pool per DataNode). */
  private int pool(byte[] line, int from, int to) {
    if (lastPoolIndex >= 0 && Ascii.equals(line, from, to, lastPool)) {
      return lastPoolIndex;
    }
    String name = new String(line, from, to - from, StandardCharsets.ISO_8859_1);
    Integer index = poolIndex.get(name);
    if (index == null) {
      index = pools.size();
      pools.add(name);
      poolIndex.put(name, index);
    }
    lastPool = Arrays.copyOfRange(line, from, to);
    lastPoolIndex = index;
    return index;
  }

  Trace build(TraceFormat format, ParseStats stats) {
    int n = versions.size();
    long[] length = new long[n];
    for (int v = 0; v < n; v++) {
      length[v] = Math.max(written[v], read[v]);
    }
    events.seal();
    boolean empty = events.size() == 0;
    return new Trace(
        format,
        List.copyOf(pools),
        blocks.firsts(),
        blocks.seconds(),
        versions.firsts(),
        versions.seconds(),
        length,
        events,
        empty ? 0 : firstTime,
        empty ? 0 : lastTime,
        stats);
  }

  long reads() {
    return reads;
  }

  long writes() {
    return writes;
  }

  long deletes() {
    return deletes;
  }

  long events() {
    return events.size();
  }
}
