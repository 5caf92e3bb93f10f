package io.hdfslocalcache.datanode.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The direct windows' pool: sizes, the bound, and what the gauge counts. */
class DirectWindowsTest {
  private final AtomicLong held = new AtomicLong();
  private final WindowBuffers heap = new WindowBuffers();

  /** Room for one 1 MiB window and a 64 KiB one. */
  private final DirectWindows windows = new DirectWindows(heap, held, (1 << 20) + (64 << 10));

  @Test
  void take_withinTheBound_directCountedAndReusedOnceGivenBack() {
    ByteBuffer b = windows.take(66_048);
    assertTrue(b.isDirect());
    assertEquals(128 << 10, b.capacity());
    assertEquals(128 << 10, held.get());
    b.position(100);
    windows.give(b);
    assertEquals(1, windows.spares());
    assertEquals(128 << 10, held.get(), "a spare is still held");
    ByteBuffer again = windows.take(70_000);
    assertSame(b, again);
    assertEquals(0, again.position(), "cleared for its next use");
    assertEquals(again.capacity(), again.limit());
  }

  @Test
  void take_beyondTheBound_heapWindowNotCounted() {
    ByteBuffer page = windows.take(1 << 20);
    assertTrue(page.isDirect());
    ByteBuffer second = windows.take(1 << 20);
    assertFalse(second.isDirect(), "the bound is full: a heap window");
    assertEquals(1 << 20, held.get());
    windows.give(second);
    assertEquals(0, windows.spares(), "a heap window goes to the heap spares");
    assertEquals(1, heap.spares());
    ByteBuffer small = windows.take(64 << 10);
    assertTrue(small.isDirect(), "what the bound still has room for is direct");
    assertEquals((1 << 20) + (64 << 10), held.get());
  }

  @Test
  void take_largerThanAnyPooledSize_heapAndNotCounted() {
    ByteBuffer b = windows.take(WindowBuffers.MAX_BYTES + 1);
    assertFalse(b.isDirect());
    assertEquals(0, held.get());
    windows.give(b);
    assertEquals(0, windows.spares());
    assertEquals(0, held.get());
  }

  @Test
  void give_foreignBuffers_ignored() {
    windows.give(ByteBuffer.allocateDirect(100_000));
    windows.give(ByteBuffer.allocateDirect(0));
    assertEquals(0, windows.spares());
    assertEquals(0, held.get());
  }
}
