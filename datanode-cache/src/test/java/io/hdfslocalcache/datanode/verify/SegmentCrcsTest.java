package io.hdfslocalcache.datanode.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import java.util.zip.CRC32C;
import org.apache.hadoop.util.PureJavaCrc32C;
import org.junit.jupiter.api.Test;

class SegmentCrcsTest {
  /**
   * The segment CRCs are persisted in the block index by earlier versions (java.util.zip.CRC32C):
   * the Java 8 path must give the same bits, on the JDK's CRC32C and on Hadoop's pure-Java one.
   */
  @Test
  void crcOf_equalsJdkAndPureJavaCrc32c() {
    Random r = new Random(42);
    byte[] b = new byte[SegmentCrcs.SEGMENT_BYTES + 100];
    r.nextBytes(b);
    for (int len : new int[] {0, 1, 7, 511, 4095, SegmentCrcs.SEGMENT_BYTES}) {
      for (int off : new int[] {0, 3, 100}) {
        CRC32C jdk = new CRC32C();
        jdk.update(b, off, len);
        PureJavaCrc32C pure = new PureJavaCrc32C();
        pure.update(b, off, len);
        assertEquals((int) jdk.getValue(), SegmentCrcs.crcOf(b, off, len), len + "@" + off);
        assertEquals((int) pure.getValue(), SegmentCrcs.crcOf(b, off, len), len + "@" + off);
      }
    }
  }
}
