package io.hdfslocalcache.datanode.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real Alluxio store: the facts the cache's own space budget relies on. */
class AlluxioPageStoreTest {
  private static final int PAGE = 64 * 1024;

  @TempDir Path dir;

  @Test
  void write_upToCapacityBytes_evictsNothingAndOnePageMoreEvicts() throws Exception {
    long configured = 100L * PAGE;
    try (AlluxioPageStore s = AlluxioPageStore.open(dir, configured, PAGE)) {
      // Alluxio keeps back ~5% for overhead: the budget must use what it reports, not the config.
      assertTrue(s.capacityBytes() < configured, "effective capacity " + s.capacityBytes());
      int fit = (int) (s.capacityBytes() / PAGE);
      byte[] page = new byte[PAGE];
      for (int i = 0; i < fit; i++) {
        s.write("f", i, page, 0, PAGE);
      }
      assertEquals(fit, s.pageCount("f", (long) fit * PAGE), "a full budget: nothing evicted");
      s.write("f", fit, page, 0, PAGE);
      assertEquals(fit, s.pageCount("f", (fit + 1L) * PAGE), "one page past it: Alluxio evicts");
    }
  }
}
