package io.hdfslocalcache.datanode.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.store.CacheException;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.metrics.CacheFailure;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.junit.jupiter.api.Test;

/**
 * The switch that picks each window's source: which source serves which bytes, what it reports to
 * the session and the ledger, and that a cache failure sends every later byte to the HDD. The cache
 * is an in-memory {@link CacheWindows} whose pages can be left out or made to fail, the HDD a byte
 * array; the session is real.
 */
class WindowSwitchTest {
  private static final int PAGE = 1024;
  private static final int LENGTH = 8 * PAGE;

  private final byte[] data = new byte[LENGTH];
  private final ReadPathStats stats = new ReadPathStats(new MetricRegistry());
  private final List<CacheFailure> blamed = new ArrayList<>();
  private final ReadSession session =
      new ReadSession(
          null, // no entry: the switch never touches it
          new ExtendedBlock("BP-1", 7, LENGTH, 1001),
          null,
          stats,
          (entry, e) -> blamed.add(e.failure()),
          null,
          null,
          null,
          CacheFaultInjector.NONE);
  private final MemoryWindows cache = new MemoryWindows();
  private final List<Long> hddOpens = new ArrayList<>();
  private final List<String> ledger = new ArrayList<>();

  /** How many bytes the HDD copy holds (shorter than LENGTH: a truncated replica). */
  private int hddLength = LENGTH;

  WindowSwitchTest() {
    new Random(3).nextBytes(data);
  }

  /** The cached copy: pages in {@code uncached} are not held; reads of {@code failing} fail. */
  private final class MemoryWindows implements CacheWindows {
    final BitSet uncached = new BitSet();
    CacheFailure failing;
    int failAtPage = -1;

    /** The failing page leaves the cache as it is read: evicted under the reader. */
    boolean evictOnFail;

    int reads;
    boolean closed;

    @Override
    public long uncachedUntil(long pos) {
      int p = (int) (pos / PAGE);
      if (!uncached.get(p)) {
        return pos;
      }
      return Math.min(LENGTH, (long) uncached.nextClearBit(p) * PAGE);
    }

    @Override
    public boolean evictedAt(CacheException e, long pos) {
      return e.failure() == CacheFailure.MISSING_PAGE && uncached.get((int) (pos / PAGE));
    }

    @Override
    public int read(long pos, byte[] b, int off, int len) throws CacheException {
      reads++;
      int p = (int) (pos / PAGE);
      if (p == failAtPage) {
        if (evictOnFail) {
          uncached.set(p);
        }
        throw new CacheException(failing, "page " + p + " (test)");
      }
      int n = (int) Math.min(len, (long) (p + 1) * PAGE - pos); // one page at most, as windows
      System.arraycopy(data, (int) pos, b, off, n);
      return n;
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  private final ServedLedger recording =
      new ServedLedger() {
        @Override
        public void cached(long from, int n) {
          ledger.add("cache " + from + "+" + n);
        }

        @Override
        public void hdd(long from, int n, boolean newRun, boolean gap) {
          ledger.add((gap ? "gap " : "hdd ") + from + "+" + n + (newRun ? " new" : ""));
        }

        @Override
        public void close() {
          ledger.add("closed");
        }
      };

  private InputStream hdd(long offset) {
    hddOpens.add(offset);
    ByteArrayInputStream in = new ByteArrayInputStream(data, 0, hddLength);
    in.skip(offset);
    return in;
  }

  private WindowSwitch open(long pos) {
    return new WindowSwitch(session, cache, this::hdd, LENGTH, pos, recording);
  }

  /** Reads everything left, in {@code chunk}-byte calls. */
  private static byte[] readAll(WindowSwitch w, int chunk) throws IOException {
    byte[] out = new byte[(int) (w.length() - w.position())];
    int off = 0;
    int n;
    while ((n = w.read(out, off, Math.min(chunk, out.length - off))) > 0) {
      off += n;
    }
    assertEquals(out.length, off);
    return out;
  }

  @Test
  void read_everyPageCached_allFromCacheAndNoHddOpen() throws Exception {
    WindowSwitch w = open(0);
    assertArrayEquals(data, readAll(w, 700));
    assertEquals(-1, w.read(new byte[1], 0, 1));
    assertEquals(LENGTH, stats.bytesFromCache.getCount());
    assertEquals(List.of(), hddOpens);
    assertEquals(List.of(), blamed);
  }

  @Test
  void source_uncachedPages_gapThereCacheElsewhere() {
    cache.uncached.set(2, 4);
    WindowSwitch w = open(0);
    assertEquals(WindowSwitch.Source.CACHE, w.source());
    w.skip(2 * PAGE);
    assertEquals(WindowSwitch.Source.GAP, w.source());
    w.skip(2 * PAGE - 1);
    assertEquals(WindowSwitch.Source.GAP, w.source());
    w.skip(1);
    assertEquals(WindowSwitch.Source.CACHE, w.source());
  }

  @Test
  void read_alternatingUncachedPages_gapsFromOneHddStreamSkippedForward() throws Exception {
    cache.uncached.set(1);
    cache.uncached.set(3);
    cache.uncached.set(6, 8);
    WindowSwitch w = open(0);
    assertArrayEquals(data, readAll(w, PAGE));
    assertEquals(List.of(1L * PAGE), hddOpens, "one open, skipped forward over cached pages");
    assertEquals(4L * PAGE, stats.bytesUncachedFromHdd.getCount());
    assertEquals(4L * PAGE, stats.bytesFromCache.getCount());
    assertEquals(0, stats.bytesFallbackFromHdd.getCount());
    assertTrue(ledger.contains("gap 1024+1024 new"));
    assertTrue(ledger.contains("gap 3072+1024 new"));
    assertTrue(ledger.contains("gap 7168+1024"), "6 and 7 are one run: " + ledger);
    assertEquals(List.of(), blamed);
  }

  @Test
  void read_gapBehindTheGapStream_reopenedAtTheEarlierOffset() throws Exception {
    cache.uncached.set(0, LENGTH / PAGE);
    WindowSwitch w = open(4 * PAGE);
    byte[] b = new byte[PAGE];
    w.read(b, 0, PAGE);
    WindowSwitch back = open(0); // a second stream: the first cannot seek back
    back.read(b, 0, PAGE);
    assertArrayEquals(Arrays.copyOfRange(data, 0, PAGE), b);
    assertEquals(List.of(4L * PAGE, 0L), hddOpens);
  }

  @Test
  void read_cacheFailsMidStream_restFromHddAtThatOffsetAndCacheNeverAgain() throws Exception {
    cache.failing = CacheFailure.CHECKSUM_MISMATCH;
    cache.failAtPage = 3;
    WindowSwitch w = open(0);
    assertArrayEquals(data, readAll(w, PAGE));
    assertEquals(List.of(CacheFailure.CHECKSUM_MISMATCH), blamed);
    assertTrue(session.fellBack());
    assertEquals(List.of(3L * PAGE), hddOpens);
    assertEquals(4, cache.reads, "pages 0-2, and the failed read of 3");
    assertEquals(3L * PAGE, stats.bytesFromCache.getCount());
    assertEquals(5L * PAGE, stats.bytesFallbackFromHdd.getCount());
    assertEquals(1, stats.fallbacks.get(CacheFailure.CHECKSUM_MISMATCH).getCount());
    assertEquals(WindowSwitch.Source.FALLBACK, w.source());
    assertEquals(0, w.available(), "on the HDD now");
  }

  @Test
  void read_cacheFailsInsideAGapRun_gapStreamClosedAndFallbackOpened() throws Exception {
    cache.uncached.set(1);
    cache.failing = CacheFailure.IO_ERROR;
    cache.failAtPage = 2;
    WindowSwitch w = open(0);
    assertArrayEquals(data, readAll(w, PAGE));
    assertEquals(List.of(1L * PAGE, 2L * PAGE), hddOpens, "the gap's, then the fallback's");
    assertEquals(PAGE, stats.bytesUncachedFromHdd.getCount());
    assertEquals(6L * PAGE, stats.bytesFallbackFromHdd.getCount());
    assertTrue(ledger.contains("hdd 2048+1024 new"), ledger.toString());
  }

  @Test
  void read_pageEvictedUnderTheReader_fromGapAndNotBlamed() throws Exception {
    cache.failing = CacheFailure.MISSING_PAGE;
    cache.failAtPage = 2;
    cache.evictOnFail = true;
    WindowSwitch w = open(2 * PAGE);
    assertEquals(WindowSwitch.Source.CACHE, w.source());
    assertArrayEquals(Arrays.copyOfRange(data, 2 * PAGE, 3 * PAGE), readN(w, PAGE));
    assertEquals(List.of(), blamed);
    assertFalse(session.fellBack());
    cache.failAtPage = -1;
    assertArrayEquals(Arrays.copyOfRange(data, 3 * PAGE, 4 * PAGE), readN(w, PAGE));
    assertEquals(WindowSwitch.Source.CACHE, w.source(), "back to the cache after the gap");
  }

  @Test
  void read_missingPageStillListedAsCached_blamedAndFallsBack() throws Exception {
    cache.failing = CacheFailure.MISSING_PAGE;
    cache.failAtPage = 0;
    WindowSwitch w = open(0);
    assertArrayEquals(data, readAll(w, PAGE));
    assertEquals(List.of(CacheFailure.MISSING_PAGE), blamed);
  }

  @Test
  void read_sessionFellBackOnTheOtherStream_hddWithoutAskingTheCache() throws Exception {
    session.fallBack(new CacheException(CacheFailure.TIMEOUT, "meta stream (test)"));
    WindowSwitch w = open(PAGE);
    assertArrayEquals(Arrays.copyOfRange(data, PAGE, LENGTH), readAll(w, 4096));
    assertEquals(0, cache.reads);
    assertEquals(List.of((long) PAGE), hddOpens);
  }

  @Test
  void read_hddCopyShorterThanLength_eofNamingTheBlock() throws Exception {
    hddLength = 5 * PAGE;
    cache.uncached.set(4, LENGTH / PAGE);
    WindowSwitch w = open(0);
    EOFException e = assertThrows(EOFException.class, () -> readAll(w, PAGE));
    assertTrue(e.getMessage().contains("EOF reached at 5120 of 8192 bytes"), e.getMessage());
    assertTrue(e.getMessage().contains("blk_7_1001"), e.getMessage());
  }

  @Test
  void skip_onTheFallback_hddSkipsForwardAtTheNextRead() throws Exception {
    cache.failing = CacheFailure.IO_ERROR;
    cache.failAtPage = 0;
    WindowSwitch w = open(0);
    readN(w, 100);
    assertEquals(3 * PAGE, w.skip(3 * PAGE));
    assertArrayEquals(Arrays.copyOfRange(data, 3 * PAGE + 100, 4 * PAGE), readN(w, PAGE - 100));
    assertEquals(List.of(0L), hddOpens);
    assertEquals(LENGTH - 4 * PAGE, w.skip(LENGTH), "not past the length");
  }

  @Test
  void close_openHddStreams_cacheClosedAndLedgerToldLast() throws Exception {
    cache.uncached.set(0);
    WindowSwitch w = open(0);
    readN(w, 10);
    w.close();
    assertTrue(cache.closed);
    assertEquals("closed", ledger.get(ledger.size() - 1));
  }

  private static byte[] readN(WindowSwitch w, int n) throws IOException {
    byte[] b = new byte[n];
    for (int off = 0; off < n; ) {
      off += w.read(b, off, n - off);
    }
    return b;
  }
}
