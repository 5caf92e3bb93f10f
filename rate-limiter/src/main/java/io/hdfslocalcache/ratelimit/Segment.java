package io.hdfslocalcache.ratelimit;

/**
 * One lock stripe of a {@link BucketTimeRateLimit}. All methods run under the segment's monitor.
 *
 * <p>The table is open addressing with linear probing over {@code long[2 * slots]} (any size, grown
 * 1.5x): {@code table[2i]} is the key, {@code table[2i + 1]} packs {@code total << 32 | position},
 * where position is the key's index in the log of the newest bucket it was seen in. A slot is empty
 * iff its packed word is 0 (a present key has total >= 1), so every long is a valid key. The stored
 * position is validated by reading the current log at that index: a key occurs at most once per
 * log, so a match proves the key is in the current bucket.
 */
final class Segment {
  private static final int MIN_SLOTS = 16;
  private static final double MAX_LOAD = 0.8;

  private final int bucketCount;
  private final int countCap;
  private final int maxKeys;
  private final BucketLog[] ring;

  private long[] table = new long[2 * MIN_SLOTS];
  private int slots = MIN_SLOTS;
  private int size;
  private long current = Long.MIN_VALUE;
  private long earlyBucketDrops;
  private long untrackedAccesses;

  Segment(int bucketCount, int countCap, int maxKeys) {
    this.bucketCount = bucketCount;
    this.countCap = countCap;
    this.maxKeys = maxKeys;
    this.ring = new BucketLog[bucketCount];
    for (int i = 0; i < bucketCount; i++) {
      ring[i] = new BucketLog();
    }
  }

  /** MurmurHash3's 64-bit finalizer: a bijection, so distinct keys never share a hash. */
  static long mix(long k) {
    k ^= k >>> 33;
    k *= 0xff51afd7ed558ccdL;
    k ^= k >>> 33;
    k *= 0xc4ceb9fe1a85ec53L;
    k ^= k >>> 33;
    return k;
  }

  /** Counts one access and returns the key's window total (saturated per bucket). */
  synchronized int record(long key, long hash, long bucket) {
    advanceTo(bucket);
    BucketLog log = ring[ringIndex(current)];
    int slot = find(key, hash);
    if (slot >= 0) {
      long packed = table[2 * slot + 1];
      int total = (int) (packed >>> 32);
      int pos = (int) packed;
      if (pos < log.size && log.keys[pos] == key) {
        if (log.counts[pos] < countCap) {
          log.counts[pos]++;
          total++;
        }
      } else {
        pos = log.append(key);
        total++;
      }
      table[2 * slot + 1] = pack(total, pos);
      return total;
    }
    if (size >= maxKeys && !makeRoom()) {
      untrackedAccesses++;
      return 1;
    }
    insert(key, hash, pack(1, log.append(key)));
    return 1;
  }

  /** Moves the window forward to {@code bucket}, dropping what leaves it. */
  synchronized void advance(long bucket) {
    advanceTo(bucket);
  }

  private void advanceTo(long bucket) {
    if (current == Long.MIN_VALUE) {
      current = bucket;
      return;
    }
    if (bucket <= current) {
      return; // same bucket, or a clock that went backwards: count in the newest bucket
    }
    if (bucket - current >= bucketCount) {
      for (BucketLog log : ring) {
        log.clear();
      }
      table = new long[2 * MIN_SLOTS];
      slots = MIN_SLOTS;
      size = 0;
    } else {
      ring[ringIndex(current)].trim();
      // Ring slot of bucket x held bucket x - bucketCount, which leaves the window at x.
      for (long x = current + 1; x <= bucket; x++) {
        expireLog(ring[ringIndex(x)]);
      }
      maybeShrink();
    }
    current = bucket;
  }

  /** Forgets the oldest non-current buckets until one key fits; false if none could be freed. */
  private boolean makeRoom() {
    for (long x = current - bucketCount + 1; x < current && size >= maxKeys; x++) {
      BucketLog log = ring[ringIndex(x)];
      if (log.size > 0) {
        expireLog(log);
        earlyBucketDrops++;
      }
    }
    return size < maxKeys;
  }

  private void expireLog(BucketLog log) {
    int n = log.size;
    for (int i = 0; i < n; i++) {
      long key = log.keys[i];
      int slot = find(key, mix(key));
      if (slot < 0) {
        continue; // cannot happen while table and logs agree; tolerate rather than corrupt
      }
      long packed = table[2 * slot + 1];
      int total = (int) (packed >>> 32) - log.counts[i];
      if (total <= 0) {
        removeSlot(slot);
      } else {
        table[2 * slot + 1] = pack(total, (int) packed);
      }
    }
    log.clear();
  }

  private int ringIndex(long bucket) {
    return (int) Math.floorMod(bucket, (long) bucketCount);
  }

  private static long pack(int total, int pos) {
    return ((long) total << 32) | (pos & 0xffffffffL);
  }

  /** Home slot: Lemire's multiply-shift range reduction, so the table need not be 2^n. */
  private int home(long hash) {
    return (int) (((hash & 0xffffffffL) * slots) >>> 32);
  }

  private int next(int i) {
    return i + 1 == slots ? 0 : i + 1;
  }

  private int find(long key, long hash) {
    int i = home(hash);
    while (true) {
      if (table[2 * i + 1] == 0) {
        return -1;
      }
      if (table[2 * i] == key) {
        return i;
      }
      i = next(i);
    }
  }

  private void insert(long key, long hash, long packed) {
    if (size + 1 > slots * MAX_LOAD) {
      rehash(slots + slots / 2); // 1.5x keeps the mean load near 2/3 rather than 0.6 with 2x
    }
    int i = home(hash);
    while (table[2 * i + 1] != 0) {
      i = next(i);
    }
    table[2 * i] = key;
    table[2 * i + 1] = packed;
    size++;
  }

  /** Backward-shift deletion keeps probe chains intact without tombstones. */
  private void removeSlot(int slot) {
    int hole = slot;
    int i = slot;
    while (true) {
      i = next(i);
      long packed = table[2 * i + 1];
      if (packed == 0) {
        break;
      }
      long key = table[2 * i];
      int home = home(mix(key));
      // Move the entry into the hole unless its home lies cyclically in (hole, i].
      boolean stays = hole <= i ? (home > hole && home <= i) : (home > hole || home <= i);
      if (!stays) {
        table[2 * hole] = key;
        table[2 * hole + 1] = packed;
        hole = i;
      }
    }
    table[2 * hole] = 0;
    table[2 * hole + 1] = 0;
    size--;
  }

  private void maybeShrink() {
    if (slots > MIN_SLOTS && size < slots / 8) {
      rehash(Math.max(MIN_SLOTS, (int) (size * 2 / MAX_LOAD)));
    }
  }

  private void rehash(int newSlots) {
    long[] old = table;
    table = new long[2 * newSlots];
    slots = newSlots;
    for (int j = 0; j < old.length; j += 2) {
      if (old[j + 1] != 0) {
        int i = home(mix(old[j]));
        while (table[2 * i + 1] != 0) {
          i = next(i);
        }
        table[2 * i] = old[j];
        table[2 * i + 1] = old[j + 1];
      }
    }
  }

  int size() {
    return size;
  }

  long earlyBucketDrops() {
    return earlyBucketDrops;
  }

  long untrackedAccesses() {
    return untrackedAccesses;
  }
}
