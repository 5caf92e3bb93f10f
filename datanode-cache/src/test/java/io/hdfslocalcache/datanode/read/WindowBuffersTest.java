package io.hdfslocalcache.datanode.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The shared spares: one queue per power-of-two size, as many as a busy DataNode's streams. */
class WindowBuffersTest {
  private final WindowBuffers buffers = new WindowBuffers();

  @Test
  void take_afterGiveOfItsSize_sameBuffer() {
    byte[] b = buffers.take(66_048); // a pread's first window: 64 KB and a chunk
    assertEquals(128 << 10, b.length);
    buffers.give(b);
    assertSame(b, buffers.take(70_000));
  }

  @Test
  void take_smallSpareKept_largerRequestLeavesIt() {
    byte[] meta = buffers.take(4096);
    buffers.give(meta);
    byte[] window = buffers.take(65536);
    assertTrue(window.length >= 65536);
    assertEquals(1, buffers.spares(), "the meta window's spare is still there");
    assertSame(meta, buffers.take(512));
  }

  @Test
  void give_asManyAsHundredsOfStreams_allKept() {
    // 256 concurrent preads' windows: all come back for the next 256.
    List<byte[]> taken = new ArrayList<>();
    for (int i = 0; i < 256; i++) {
      taken.add(buffers.take(66_048));
    }
    taken.forEach(buffers::give);
    assertEquals(256, buffers.spares());
  }

  @Test
  void give_pastTheByteBound_leftToTheCollector() {
    int n = (int) (WindowBuffers.MAX_SPARE_BYTES / WindowBuffers.MAX_BYTES);
    for (int i = 0; i < n + 5; i++) {
      buffers.give(new byte[WindowBuffers.MAX_BYTES]);
    }
    assertEquals(n, buffers.spares());
  }

  @Test
  void give_notOneOfItsSizes_notKept() {
    buffers.give(new byte[0]);
    buffers.give(new byte[100_000]);
    buffers.give(new byte[2 << 20]);
    assertEquals(0, buffers.spares());
  }
}
