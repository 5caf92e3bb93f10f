package io.hdfslocalcache.datanode.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.verify.ChecksumLayout;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.BitSet;
import org.junit.jupiter.api.Test;

/**
 * Records of format 3 carry the page size and the block's pages; records written before (format 2)
 * are still read, with the pages unknown, so the restart lists those blocks' pages instead.
 */
class IndexCodecTest {
  private static final ChecksumLayout LAYOUT = new ChecksumLayout(2, 512, 4, 7);
  private static final long META = LAYOUT.expectedMetaLength(300_000);

  private static IndexRecord record(int pageSize, long[] pages) {
    return new IndexRecord(
        new BlockId("BP-1", 42),
        7,
        9,
        300_000,
        META,
        LAYOUT,
        new int[io.hdfslocalcache.datanode.verify.SegmentCrcs.segmentCount(META)],
        1000,
        2000,
        pageSize,
        pages);
  }

  @Test
  void decode_recordWithPages_pageSizeAndPagesBack() throws Exception {
    BitSet pages = new BitSet();
    pages.set(0);
    pages.set(3);
    IndexRecord back = IndexCodec.decode(IndexCodec.encode(record(65536, pages.toLongArray())));
    assertEquals(65536, back.pageSize());
    assertArrayEquals(pages.toLongArray(), back.pages());
    assertEquals(2000, back.lastAccessMillis());
  }

  @Test
  void decode_recordWithoutPages_pagesUnknown() throws Exception {
    IndexRecord back = IndexCodec.decode(IndexCodec.encode(record(0, null)));
    assertNull(back.pages());
  }

  @Test
  void decode_formatTwoRecord_readWithPagesUnknown() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeInt(2);
    out.writeUTF("BP-1");
    out.writeLong(42);
    out.writeLong(7);
    out.writeLong(9);
    out.writeLong(300_000);
    out.writeLong(META);
    out.writeInt(2);
    out.writeInt(512);
    out.writeInt(4);
    out.writeInt(7);
    out.writeLong(1000);
    out.writeLong(2000);
    int n = io.hdfslocalcache.datanode.verify.SegmentCrcs.segmentCount(META);
    out.writeInt(n);
    for (int i = 0; i < n; i++) {
      out.writeInt(i);
    }
    IndexRecord back = IndexCodec.decode(bytes.toByteArray());
    assertEquals(9, back.fillId());
    assertEquals(0, back.pageSize());
    assertNull(back.pages(), "unknown: the restart lists this block's pages");
    assertEquals(n - 1, back.metaSegmentCrcs()[n - 1]);
  }

  @Test
  void decode_morePageWordsThanTheBlockHasPages_refused() {
    byte[] b = IndexCodec.encode(record(65536, new long[64]));
    assertThrows(IOException.class, () -> IndexCodec.decode(b));
  }
}
