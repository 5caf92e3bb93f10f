package io.hdfslocalcache.model.policy;

import java.util.Arrays;

/**
 * TinyLFU's frequency history (Einziger, Friedman, Manes, "TinyLFU: A Highly Efficient Cache
 * Admission Policy", ACM ToS 2017; Caffeine's {@code FrequencySketch}): a count-min sketch of four
 * rows over one array of saturating counters, with every count halved once every W recorded reads
 * (the reset), so a frequency is an exponentially aged count over about the last W reads. W is
 * {@code sampleFactor} times the blocks the cache holds (TinyLFU takes 10): the horizon grows with
 * the cache, so a large cache remembers long enough to tell a block read every few hours from one a
 * scan read once.
 *
 * <p>Counters are 8 bits, not TinyLFU's 4: a block is read in many requests (a client reading a 128
 * MiB block through in 4 MiB reads counts 32), so 4-bit counters saturate at 15 on every block
 * worth caching and a candidate could never beat its victim. An increment is conservative (only the
 * counters at the minimum move, TinyLFU's "minimal increment"), which keeps the overestimate of
 * rare keys low.
 *
 * <p><b>Size.</b> {@link #COUNTERS_PER_BLOCK} counters (bytes) per block held, a power of two,
 * grown as the cache holds more blocks (doubling copies each counter to both halves, so estimates
 * stay upper bounds: no history is lost) and at most {@code maxBytes}. A 4 TB cache of 128 MiB
 * blocks holds 32,768: 512 KiB. <b>Cost per read.</b> Four array reads and at most four writes; a
 * reset walks the array once every W reads, {@link #COUNTERS_PER_BLOCK} / {@code sampleFactor} byte
 * operations a read amortized. Not thread-safe.
 */
final class FrequencySketch {
  /** TinyLFU's and Caffeine's width: 16 counters for each item the cache holds. */
  static final int COUNTERS_PER_BLOCK = 16;

  private static final int MIN_BLOCKS = 64;
  private static final int MAX_COUNT = 255;

  private final int sampleFactor;
  private final int maxBytes;
  private byte[] table;
  private int mask;
  private long sampleSize;
  private long size; // reads recorded since the last reset, halved by it

  /**
   * @param sampleFactor W over the blocks held
   * @param maxBytes the largest array, a power of two
   */
  FrequencySketch(int sampleFactor, int maxBytes) {
    if (sampleFactor < 1 || Integer.bitCount(maxBytes) != 1) {
      throw new IllegalArgumentException(
          "sample factor must be >= 1 and the size a power of two, got "
              + sampleFactor
              + ", "
              + maxBytes);
    }
    this.sampleFactor = sampleFactor;
    this.maxBytes = maxBytes;
    this.table = new byte[Math.min(maxBytes, MIN_BLOCKS * COUNTERS_PER_BLOCK)];
    this.mask = table.length - 1;
    this.sampleSize = (long) sampleFactor * MIN_BLOCKS;
  }

  /** Scales the history to a cache holding {@code blocks}: width and reset period. */
  void ensureBlocks(int blocks) {
    long b = Math.max(MIN_BLOCKS, blocks);
    sampleSize = Math.max(sampleSize, sampleFactor * b);
    while (table.length < maxBytes && table.length < b * COUNTERS_PER_BLOCK) {
      byte[] wider = Arrays.copyOf(table, table.length * 2);
      System.arraycopy(table, 0, wider, table.length, table.length);
      table = wider;
      mask = table.length - 1;
    }
  }

  /** The estimated reads of {@code key} over the horizon (aged). */
  int frequency(long key) {
    long h = spread(key);
    long step = rehash(h);
    int min = MAX_COUNT;
    for (int i = 0; i < 4; i++) {
      min = Math.min(min, table[(int) (h + i * step) & mask] & 0xff);
    }
    return min;
  }

  /** Records one read of {@code key}; every {@link #sampleSize} reads, halves every count. */
  void increment(long key) {
    long h = spread(key);
    long step = rehash(h);
    int min = frequency(key);
    if (min < MAX_COUNT) {
      for (int i = 0; i < 4; i++) {
        int at = (int) (h + i * step) & mask;
        if ((table[at] & 0xff) == min) {
          table[at] = (byte) (min + 1);
        }
      }
    }
    if (++size >= sampleSize) {
      reset();
    }
  }

  private void reset() {
    for (int i = 0; i < table.length; i++) {
      table[i] = (byte) ((table[i] & 0xff) >>> 1);
    }
    size >>>= 1;
  }

  /** Bytes of history held now. */
  int bytes() {
    return table.length;
  }

  /** The reset period W, in reads. */
  long sampleSize() {
    return sampleSize;
  }

  private static long spread(long key) {
    long h = key * 0x9E3779B97F4A7C15L;
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    return h;
  }

  private static long rehash(long h) {
    long x = h * 0xc4ceb9fe1a85ec53L;
    return (x ^ (x >>> 29)) | 1;
  }
}
