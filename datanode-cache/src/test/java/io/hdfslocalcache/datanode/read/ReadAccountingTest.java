package io.hdfslocalcache.datanode.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReadAccountingTest {
  @TempDir Path dir;
  final MetricRegistry registry = new MetricRegistry();
  final ReadPathStats stats = new ReadPathStats(registry);
  final ExtendedBlock block = new ExtendedBlock("BP-1", 42, 1000, 7);
  byte[] data;
  Path file;

  @BeforeEach
  void setUp() throws IOException {
    data = new byte[100_000];
    new Random(1).nextBytes(data);
    file = dir.resolve("blk_42");
    Files.write(file, data);
  }

  private long counter(String name) {
    return registry.counter(name).getCount();
  }

  private Object gauge(String name) {
    return registry.getGauges().get(name).getValue();
  }

  @Test
  void hddData_clientRead_countsBytesAndStaysFileStreamOnSameFd() throws Exception {
    FileInputStream raw = new FileInputStream(file.toFile());
    InputStream in = ReadAccounting.hddData(stats, raw);
    // BlockSender uses transferTo and fadvise only on a FileInputStream with a descriptor.
    FileInputStream f = assertInstanceOf(in);
    assertSame(raw.getFD(), f.getFD());
    assertEquals(1, gauge(ReadPathMetrics.HDD_STREAMS_OPEN));
    byte[] got = in.readAllBytes();
    assertArrayEquals(data, got);
    assertEquals(data.length, counter(ReadPathMetrics.BYTES_HDD));
    assertEquals(1, counter(ReadPathMetrics.HDD_READS));
    assertTrue(registry.histogram(ReadPathMetrics.LATENCY_HDD).getCount() > 0);
    in.close();
    assertEquals(0, gauge(ReadPathMetrics.HDD_STREAMS_OPEN));
    assertThrows(IOException.class, raw::read, "closing the wrapper closes the HDD file");
    in.close(); // idempotent
    assertEquals(0, gauge(ReadPathMetrics.HDD_STREAMS_OPEN));
  }

  @Test
  void hddData_transferToThroughChannel_countsBytesMoved() throws Exception {
    try (FileInputStream in =
        (FileInputStream) ReadAccounting.hddData(stats, new FileInputStream(file.toFile()))) {
      FileChannel ch = in.getChannel();
      assertSame(ch, in.getChannel(), "one channel per stream");
      ByteArrayOutputStream sink = new ByteArrayOutputStream();
      long pos = 1000;
      while (pos < data.length) {
        pos += ch.transferTo(pos, 30_000, Channels.newChannel(sink));
      }
      assertArrayEquals(Arrays.copyOfRange(data, 1000, data.length), sink.toByteArray());
      assertEquals(data.length - 1000, counter(ReadPathMetrics.BYTES_HDD));
      assertEquals(0, gauge(ReadPathMetrics.HDD_INFLIGHT));
    }
  }

  @Test
  void hddMeta_clientRead_countsBytesKeepsLength() throws Exception {
    LengthInputStream meta =
        ReadAccounting.hddMeta(
            stats, new LengthInputStream(new ByteArrayInputStream(new byte[1234]), 1234));
    assertEquals(1234, meta.getLength());
    assertEquals(1234, meta.readAllBytes().length);
    assertEquals(1234, counter(ReadPathMetrics.BYTES_HDD));
    assertEquals(
        0, gauge(ReadPathMetrics.HDD_STREAMS_OPEN), "meta streams are not counted as reads");
    meta.close();
  }

  @Test
  void hddData_nonFileStream_countedThroughFilter() throws Exception {
    InputStream in = ReadAccounting.hddData(stats, new ByteArrayInputStream(data));
    assertArrayEquals(data, in.readAllBytes());
    assertEquals(data.length, counter(ReadPathMetrics.BYTES_HDD));
    in.close();
    assertEquals(0, gauge(ReadPathMetrics.HDD_STREAMS_OPEN));
  }

  @Test
  void cachedData_readCalls_timed() throws Exception {
    InputStream in = ReadAccounting.cachedData(stats, new ByteArrayInputStream(data));
    byte[] buf = new byte[64 * 1024];
    int calls = 0;
    while (in.read(buf, 0, buf.length) > 0) {
      calls++;
    }
    assertEquals(calls + 1, registry.histogram(ReadPathMetrics.LATENCY_CACHE).getCount());
    assertEquals(0, counter(ReadPathMetrics.BYTES_HDD));
  }

  @Test
  void ratios_countersMove_gaugesFollow() {
    assertEquals(0.0, gauge(ReadPathMetrics.HIT_RATIO), "no reads yet");
    stats.hits.inc(3);
    stats.misses.inc(1);
    stats.bytesFromCache.inc(700);
    stats.bytesFromHdd.inc(200);
    stats.bytesFallbackFromHdd.inc(100);
    assertEquals(0.75, gauge(ReadPathMetrics.HIT_RATIO));
    assertEquals(0.7, (Double) gauge(ReadPathMetrics.BYTES_CACHE_RATIO), 1e-9);
    // A pages-mode gap's bytes came from the HDD: they count against the ratio.
    stats.bytesUncachedFromHdd.inc(400);
    assertEquals(0.5, (Double) gauge(ReadPathMetrics.BYTES_CACHE_RATIO), 1e-9);
  }

  private static FileInputStream assertInstanceOf(InputStream in) {
    assertTrue(in instanceof FileInputStream, in.getClass().getName());
    return (FileInputStream) in;
  }
}
