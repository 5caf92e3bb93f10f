package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.hdfslocalcache.metrics.ReadPathMetrics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.io.IOUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client that does not verify checksums ({@code FileSystem.setVerifyChecksum(false)}: HBase's
 * HFile reads with its default {@code hbase.regionserver.checksum.verify=true}, {@code -ignoreCrc})
 * asks the DataNode for no checksums, and BlockSender then opens only the data stream. Such reads
 * are served from the cache, counted for admission, and still get only verified cached bytes: a
 * corrupt page met mid-block falls back to the HDD (h51review found them all going to the HDD).
 */
class UnverifiedReadIT {
  @TempDir static Path base;
  static CacheCluster c;
  static FileSystem noChecksums;

  @BeforeAll
  static void start() throws Exception {
    c = CacheCluster.start(CacheCluster.conf(base), 1);
    noChecksums = FileSystem.newInstance(c.fs.getUri(), c.fs.getConf());
    noChecksums.setVerifyChecksum(false);
  }

  @AfterAll
  static void stop() throws Exception {
    if (noChecksums != null) {
      noChecksums.close();
    }
    if (c != null) {
      c.close();
    }
  }

  /** The whole file, read by the client that asks for no checksums. */
  private static byte[] readUnverified(org.apache.hadoop.fs.Path p, int length) throws Exception {
    byte[] got = new byte[length];
    try (FSDataInputStream in = noChecksums.open(p)) {
      IOUtils.readFully(in, got, 0, got.length);
    }
    return got;
  }

  @Test
  void read_clientVerifiesNoChecksums_servedFromTheCacheItHolds() throws Exception {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/unverified.bin");
    byte[] data = c.write(p, CacheCluster.BLOCK, (short) 1, 7);
    c.readAll(p);
    c.readAll(p); // admitted
    c.awaitCached(p);
    long hits = c.counter(ReadPathMetrics.HITS);
    assertArrayEquals(data, readUnverified(p, data.length));
    assertEquals(hits + 1, c.counter(ReadPathMetrics.HITS), "the cached block served");
    byte[] part = new byte[70_000];
    try (FSDataInputStream in = noChecksums.open(p)) {
      in.readFully(100_001, part); // a pread, unaligned
    }
    assertArrayEquals(Arrays.copyOfRange(data, 100_001, 170_001), part);
    assertEquals(hits + 2, c.counter(ReadPathMetrics.HITS), "the pread served too");
  }

  @Test
  void read_clientVerifiesNoChecksums_countedForAdmission() throws Exception {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/unverified-admitted.bin");
    byte[] data = c.write(p, 3 * 65536 + 1000, (short) 1, 8);
    assertArrayEquals(data, readUnverified(p, data.length));
    assertArrayEquals(data, readUnverified(p, data.length)); // admitted: threshold 1
    c.awaitCached(p);
  }

  @Test
  void read_clientVerifiesNoChecksumsCorruptPageMidBlock_sameBytesFromTheHdd() throws Exception {
    byte[] data = c.cachedFile("/unverified-corrupt.bin", 3 * 65536 + 1000);
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/unverified-corrupt.bin");
    ExtendedBlock b = c.blocks(p).get(0);
    List<Path> pages = SsdFiles.pages(base.resolve("ssd"), b, ".data");
    assertEquals(4, pages.size(), "page files of " + b);
    CacheCluster.flip(pages.get(2), Files.size(pages.get(2)) / 2);
    long mismatches = c.counter("read.fallback.checksum_mismatch");
    long hits = c.counter(ReadPathMetrics.HITS);
    assertArrayEquals(data, readUnverified(p, data.length), "no corrupt byte reached the client");
    assertEquals(hits + 1, c.counter(ReadPathMetrics.HITS), "served from the cache at first");
    assertEquals(mismatches + 1, c.counter("read.fallback.checksum_mismatch"));
    assertFalse(c.cache(0).isCached(b));
  }
}
