package io.hdfslocalcache.datanode.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.model.policy.TunedThreshold;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.RocksDB;

/** The admission threshold's record: its codec, and in a real RocksDB block index. */
class ThresholdCodecTest {
  @TempDir Path dir;

  private static final TunedThreshold TUNED = new TunedThreshold(3, 11, 1.5e9, 1_764_000_000_000L);

  @Test
  void decode_encoded_sameState() throws Exception {
    assertEquals(TUNED, ThresholdCodec.decode(ThresholdCodec.encode(TUNED)));
  }

  @Test
  void decode_cutShortOrTooLong_errorNamingTheLength() {
    byte[] good = ThresholdCodec.encode(TUNED);
    IOException shortOne =
        assertThrows(
            IOException.class, () -> ThresholdCodec.decode(Arrays.copyOf(good, good.length - 3)));
    assertTrue(shortOne.getMessage().contains("of 25 bytes"), shortOne.getMessage());
    IOException longOne =
        assertThrows(
            IOException.class, () -> ThresholdCodec.decode(Arrays.copyOf(good, good.length + 1)));
    assertTrue(longOne.getMessage().contains("of 29 bytes"), longOne.getMessage());
    assertThrows(IOException.class, () -> ThresholdCodec.decode(new byte[] {0, 0}));
    assertThrows(IOException.class, () -> ThresholdCodec.decode(new byte[0]));
  }

  @Test
  void decode_unknownFormat_errorNamingIt() {
    byte[] b = ThresholdCodec.encode(TUNED);
    b[3] = 9;
    IOException e = assertThrows(IOException.class, () -> ThresholdCodec.decode(b));
    assertTrue(e.getMessage().contains("unknown admission threshold format 9"), e.getMessage());
  }

  @Test
  void decode_valuesNoTunerHolds_errorNamingThem() throws Exception {
    IOException below =
        assertThrows(IOException.class, () -> ThresholdCodec.decode(record(15, 2, 0, 0)));
    assertTrue(below.getMessage().contains("threshold 2 is outside"), below.getMessage());
    assertThrows(IOException.class, () -> ThresholdCodec.decode(record(3, 9_999, 0, 0)));
    assertThrows(IOException.class, () -> ThresholdCodec.decode(record(3, 5, Double.NaN, 0)));
    assertThrows(IOException.class, () -> ThresholdCodec.decode(record(3, 5, 0, -7)));
  }

  @Test
  void loadTunedThreshold_afterReopen_theStateLastPut() throws Exception {
    try (BlockIndex index = BlockIndex.open(dir)) {
      assertFalse(
          index.loadOwn(OwnRecord.TUNED_THRESHOLD).isPresent(), "none before the first save");
      index.putOwn(OwnRecord.TUNED_THRESHOLD, new TunedThreshold(3, 5, 0, 100));
      index.putOwn(OwnRecord.TUNED_THRESHOLD, TUNED);
    }
    try (BlockIndex index = BlockIndex.open(dir)) {
      assertEquals(Optional.of(TUNED), index.loadOwn(OwnRecord.TUNED_THRESHOLD));
      assertEquals(0, index.loadAll().size(), "not a block");
      assertEquals(
          Optional.of(TUNED), index.loadOwn(OwnRecord.TUNED_THRESHOLD), "not deleted by loadAll");
    }
  }

  @Test
  void loadTunedThreshold_damagedRecord_emptyAndTheBlocksStillLoad() throws Exception {
    try (BlockIndex index = BlockIndex.open(dir)) {
      index.putOwn(OwnRecord.TUNED_THRESHOLD, TUNED);
    }
    try (RocksDB db = RocksDB.open(dir.toString())) {
      db.put(ThresholdCodec.KEY, record(15, 2, 0, 0)); // below its range
    }
    try (BlockIndex index = BlockIndex.open(dir)) {
      assertEquals(Optional.empty(), index.loadOwn(OwnRecord.TUNED_THRESHOLD));
      assertEquals(0, index.loadAll().size());
    }
    try (RocksDB db = RocksDB.open(dir.toString())) {
      db.put(ThresholdCodec.KEY, new byte[] {1, 2, 3});
    }
    try (BlockIndex index = BlockIndex.open(dir)) {
      assertEquals(Optional.empty(), index.loadOwn(OwnRecord.TUNED_THRESHOLD));
    }
  }

  /** A format 1 record with any values, as a damaged or foreign writer may have left it. */
  private static byte[] record(int configured, int threshold, double demand, long at)
      throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeInt(1);
    out.writeInt(configured);
    out.writeInt(threshold);
    out.writeDouble(demand);
    out.writeLong(at);
    return bytes.toByteArray();
  }
}
