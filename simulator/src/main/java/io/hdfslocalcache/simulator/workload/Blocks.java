package io.hdfslocalcache.simulator.workload;

import java.util.Arrays;

/** The generated blocks by index: each one's length and generation stamp now. */
final class Blocks {
  private long[] length;
  private long[] genStamp;
  private int size;
  private long nextGenStamp = 1001;

  Blocks(int expected) {
    length = new long[Math.max(16, expected)];
    genStamp = new long[length.length];
  }

  /** A new block of {@code bytes}; its index. */
  int add(long bytes) {
    if (size == length.length) {
      length = Arrays.copyOf(length, size * 2);
      genStamp = Arrays.copyOf(genStamp, size * 2);
    }
    length[size] = bytes;
    genStamp[size] = nextGenStamp++;
    return size++;
  }

  /** An append: the block is {@code bytes} long under a new generation stamp. */
  void append(int block, long bytes) {
    length[block] = bytes;
    genStamp[block] = nextGenStamp++;
  }

  long length(int block) {
    return length[block];
  }

  long genStamp(int block) {
    return genStamp[block];
  }
}
