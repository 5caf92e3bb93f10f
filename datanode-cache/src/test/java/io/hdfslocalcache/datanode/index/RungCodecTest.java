package io.hdfslocalcache.datanode.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.model.policy.LiveRung;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Outcome admission's rung record: its codec, and in a real RocksDB block index. */
class RungCodecTest {
  @TempDir Path dir;

  private static final LiveRung RUNG = new LiveRung(15, 63, 1_764_000_000_000L, 1_763_000_000_000L);

  @Test
  void decode_encoded_sameRung() throws Exception {
    assertEquals(RUNG, RungCodec.decode(RungCodec.encode(RUNG)));
  }

  @Test
  void decode_encoded_sinceKept() throws Exception {
    // the rung's since was not saved: admission.threshold.since reset at every restart
    assertEquals(1_763_000_000_000L, RungCodec.decode(RungCodec.encode(RUNG)).sinceMillis());
  }

  @Test
  void decode_formatOneRecord_theRungWithSinceUnknown() throws Exception {
    byte[] one = Arrays.copyOf(RungCodec.encode(RUNG), 20);
    one[3] = 1;
    LiveRung r = RungCodec.decode(one);
    assertTrue(r.sameRung(RUNG) && r.savedAtMillis() == RUNG.savedAtMillis(), r.toString());
    assertEquals(-1, r.sinceMillis());
  }

  @Test
  void decode_cutShortUnknownOrOffTheLadder_errorNamingIt() {
    byte[] good = RungCodec.encode(RUNG);
    IOException cut =
        assertThrows(
            IOException.class, () -> RungCodec.decode(Arrays.copyOf(good, good.length - 1)));
    assertTrue(cut.getMessage().contains("of 27 bytes"), cut.getMessage());
    byte[] format = good.clone();
    format[3] = 7;
    IOException unknown = assertThrows(IOException.class, () -> RungCodec.decode(format));
    assertTrue(
        unknown.getMessage().contains("unknown outcome rung format 7"), unknown.getMessage());
    byte[] off = good.clone();
    off[11] = 62; // threshold 62: not a rung around 15
    IOException notRung = assertThrows(IOException.class, () -> RungCodec.decode(off));
    assertTrue(notRung.getMessage().contains("not a rung"), notRung.getMessage());
  }

  @Test
  void loadLiveRung_afterReopen_theRungLastPutAndNoBlock() throws Exception {
    try (BlockIndex index = BlockIndex.open(dir)) {
      assertFalse(index.loadOwn(OwnRecord.LIVE_RUNG).isPresent(), "none before the first save");
      index.putOwn(OwnRecord.LIVE_RUNG, new LiveRung(15, 7, 100));
      index.putOwn(OwnRecord.LIVE_RUNG, RUNG);
    }
    try (BlockIndex index = BlockIndex.open(dir)) {
      assertEquals(Optional.of(RUNG), index.loadOwn(OwnRecord.LIVE_RUNG));
      assertEquals(0, index.loadAll().size(), "not a block");
      assertFalse(
          index.loadOwn(OwnRecord.TUNED_THRESHOLD).isPresent(), "not the tuned threshold's record");
    }
  }
}
