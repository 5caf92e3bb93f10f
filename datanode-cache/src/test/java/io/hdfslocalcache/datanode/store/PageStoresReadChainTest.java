package io.hdfslocalcache.datanode.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hdfslocalcache.time.CacheClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A page read through a directory's whole wrapper chain ({@link PageStores#wrap}) meets only the
 * wrappers that do something to reads: the no-space classification, which only looks at writes, is
 * not on its way. Observed from the stack of the thread that reaches the store below: a wrapper
 * that only passes a read on runs {@link ForwardingPageStore}'s own {@code read}.
 */
class PageStoresReadChainTest {
  @TempDir Path dir;

  @Test
  void read_throughWrappedStore_takesNoPassOnlyHop() throws Exception {
    MemoryPageStore memory = new MemoryPageStore(1 << 20);
    memory.write("f", 0, new byte[] {1, 2, 3}, 0, 3);
    List<StackTraceElement> frames = new ArrayList<>();
    PageStore below =
        new ForwardingPageStore(memory) {
          @Override
          public void read(String fileId, long pageIndex, int pageOffset, java.nio.ByteBuffer dst)
              throws CacheException {
            frames.addAll(java.util.Arrays.asList(new Throwable().getStackTrace()));
            super.read(fileId, pageIndex, pageOffset, dst);
          }
        };
    DirectoryHealth health =
        new DirectoryHealth(dir, 10, Duration.ofMinutes(10), CacheClock.SYSTEM, h -> {});
    PageStore store =
        PageStores.wrap(
            below,
            dir,
            health,
            Duration.ofSeconds(10),
            2,
            0,
            0,
            "t",
            ReadBound.STRICT,
            CacheClock.SYSTEM,
            CacheFaultInjector.NONE);
    byte[] dst = new byte[3];
    try {
      store.read("f", 0, 0, java.nio.ByteBuffer.wrap(dst, 0, 3));
    } finally {
      store.close();
    }
    assertArrayEquals(new byte[] {1, 2, 3}, dst);
    long passOnly =
        frames.stream()
            .filter(f -> f.getClassName().equals(ForwardingPageStore.class.getName()))
            .filter(f -> f.getMethodName().equals("read"))
            .count();
    assertEquals(0, passOnly, frames.toString());
  }
}
