package io.hdfslocalcache.demo.hdd;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ThrottledInputStreamTest {
  private static final int MB = 1 << 20;

  private static long readAll(InputStream in, int chunk) throws Exception {
    byte[] buf = new byte[chunk];
    long total = 0;
    int n;
    while ((n = in.read(buf, 0, chunk)) > 0) {
      total += n;
    }
    return total;
  }

  @Test
  void read_sequentialWithReadahead_fewGrowingRequestsOneSeek() throws Exception {
    Spindle s = new Spindle(new HddModel(10, 10, 100L * MB, MB), n -> {});
    AtomicLong counted = new AtomicLong();
    InputStream in =
        new ThrottledInputStream(
            new ByteArrayInputStream(new byte[4 * MB]), s, MB, 0, counted::addAndGet);

    long read = readAll(in, 64 << 10);

    // 64K, 128K, 256K, 512K, 1M, 1M, 1M, then the last 64K: readahead stops at the end.
    assertEquals(8, s.requests());
    assertEquals(1, s.seeks());
    assertEquals(4 * MB, read);
    assertEquals(4 * MB, counted.get());
  }

  @Test
  void read_sequentialWithoutReadahead_oneRequestPerReadOneSeek() throws Exception {
    Spindle s = new Spindle(new HddModel(10, 10, 100L * MB, 0), n -> {});
    InputStream in =
        new ThrottledInputStream(new ByteArrayInputStream(new byte[MB]), s, 0, 0, null);

    readAll(in, 64 << 10);

    assertEquals(16, s.requests());
    assertEquals(1, s.seeks());
  }

  @Test
  void read_afterSkipPastFetchedBytes_seeksAgain() throws Exception {
    Spindle s = new Spindle(new HddModel(10, 10, 100L * MB, MB), n -> {});
    InputStream in =
        new ThrottledInputStream(new ByteArrayInputStream(new byte[4 * MB]), s, MB, 0, null);

    in.readNBytes(4096);
    in.skip(2 * MB);
    in.readNBytes(4096);

    assertEquals(2, s.requests());
    assertEquals(2, s.seeks());
  }

  @Test
  void read_withinAlreadyFetchedBytes_costsNothing() throws Exception {
    Spindle s = new Spindle(new HddModel(10, 10, 100L * MB, MB), n -> {});
    InputStream in =
        new ThrottledInputStream(new ByteArrayInputStream(new byte[4 * MB]), s, MB, 0, null);

    byte[] buf = new byte[64 << 10];
    in.read(buf, 0, buf.length);
    in.read(buf, 0, buf.length); // fetches 128K: up to 192K
    in.read(buf, 0, buf.length); // inside the fetched range

    assertEquals(2, s.requests());
  }

  @Test
  void countData_onFillThread_countsAsFillElseClient() throws Exception {
    Spindle s = new Spindle(new HddModel(10, 10, 100L * MB, 0), n -> {});
    Thread fill = new Thread(() -> HddEmulator.countData(s, 300), "local-cache-fill-1");
    fill.start();
    fill.join();
    HddEmulator.countData(s, 200);

    assertEquals(300, s.fillBytes());
    assertEquals(200, s.clientBytes());
  }
}
