package io.hdfslocalcache.datanode.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.dir.DirectoryFixture;
import io.hdfslocalcache.time.FakeClock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Blocks go to directories in proportion to their capacities, and stay put. */
class PlacementTest {
  private static final int BLOCKS = 20_000;
  private static final long MIB = 1 << 20;

  @TempDir Path root;
  private final FakeClock clock = new FakeClock(1_000_000);
  private final List<DirectoryFixture> open = new ArrayList<>();

  @AfterEach
  void close() {
    open.forEach(DirectoryFixture::close);
  }

  /** Directories {@code a}, {@code b}, ... with these capacities in MiB. */
  private List<CacheDirectory> dirs(long... mib) throws Exception {
    List<CacheDirectory> out = new ArrayList<>();
    for (int i = 0; i < mib.length; i++) {
      DirectoryFixture f =
          new DirectoryFixture(
              i, root.resolve(String.valueOf((char) ('a' + i))), mib[i] * MIB, 10, clock);
      open.add(f);
      out.add(f.dir);
    }
    return out;
  }

  private static BlockId block(int i) {
    return new BlockId("BP-1", 1_073_741_825L + i);
  }

  private static int[] counts(List<CacheDirectory> dirs) {
    int[] n = new int[dirs.size()];
    for (int i = 0; i < BLOCKS; i++) {
      n[dirs.indexOf(Placement.of(block(i), dirs))]++;
    }
    return n;
  }

  @Test
  void of_capacitiesOneToThree_blocksOneToThree() throws Exception {
    int[] n = counts(dirs(1, 3));
    double large = (double) n[1] / BLOCKS;
    // Binomial spread at 20,000 blocks: 0.75 +- 0.003 (one sigma); an even hash gives 0.5.
    assertTrue(large > 0.73 && large < 0.77, "share of the 3x directory: " + large);
  }

  @Test
  void of_equalCapacities_even() throws Exception {
    int[] n = counts(dirs(4, 4, 4, 4));
    for (int c : n) {
      double share = (double) c / BLOCKS;
      assertTrue(share > 0.23 && share < 0.27, "share " + share);
    }
  }

  @Test
  void of_sameDirectoriesAfterRestart_samePlacement() throws Exception {
    List<CacheDirectory> before = dirs(1, 3, 2);
    List<Integer> placed = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      placed.add(before.indexOf(Placement.of(block(i), before)));
    }
    close();
    open.clear();
    List<CacheDirectory> after = dirs(1, 3, 2); // new objects, the same paths and capacities
    for (int i = 0; i < 1000; i++) {
      assertEquals(placed.get(i), after.indexOf(Placement.of(block(i), after)), "block " + i);
    }
  }

  @Test
  void of_oneDirectoryOutOfService_onlyItsBlocksMove() throws Exception {
    List<CacheDirectory> dirs = dirs(1, 3, 2);
    List<CacheDirectory> placed = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      placed.add(Placement.of(block(i), dirs));
    }
    dirs.get(1).health().takeOutOfService("test");
    for (int i = 0; i < 2000; i++) {
      CacheDirectory now = Placement.of(block(i), dirs);
      if (placed.get(i) == dirs.get(1)) {
        assertNotSame(dirs.get(1), now);
      } else {
        assertSame(placed.get(i), now, "block " + i + " stays");
      }
    }
  }

  @Test
  void of_noneInService_null() throws Exception {
    List<CacheDirectory> dirs = dirs(1);
    dirs.get(0).health().takeOutOfService("test");
    assertNull(Placement.of(block(0), dirs));
    assertNull(Placement.of(block(0), List.of()));
  }
}
