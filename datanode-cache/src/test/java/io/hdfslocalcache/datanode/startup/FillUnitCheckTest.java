package io.hdfslocalcache.datanode.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.model.MetaFile;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class FillUnitCheckTest {
  private static final long BLOCK = 128L << 20;
  private static final int PAGE = 1 << 20;

  @Test
  void problems_blockModeDirectoryUnderTwoBlocks_warnsNamingKeyAndBothNumbers() {
    List<String> p =
        FillUnitCheck.problems(
            FillMode.BLOCK,
            PAGE,
            BLOCK,
            Arrays.asList("/ssd0", "/ssd1"),
            Arrays.asList(300L << 20, 40L << 20));
    assertEquals(1, p.size(), "only the 40 MB directory: " + p);
    String m = p.get(0);
    long unit = BLOCK + MetaFile.length(BLOCK);
    assertTrue(m.contains("/ssd1"), m);
    assertTrue(m.contains(CacheKeys.CAPACITY), m);
    assertTrue(m.contains(Long.toString(40L << 20)), m);
    assertTrue(m.contains(Long.toString(unit)), m);
    assertTrue(m.contains(CacheKeys.FILL_MODE + "=pages"), "suggests pages mode: " + m);
  }

  @Test
  void problems_pagesModeSameDirectory_noWarning() {
    assertEquals(
        Collections.emptyList(),
        FillUnitCheck.problems(
            FillMode.PAGES,
            PAGE,
            BLOCK,
            Collections.singletonList("/ssd1"),
            Collections.singletonList(40L << 20)));
  }

  @Test
  void problems_pagesModeTinyDirectory_warns() {
    assertEquals(
        1,
        FillUnitCheck.problems(
                FillMode.PAGES,
                PAGE,
                BLOCK,
                Collections.singletonList("/ssd1"),
                Collections.singletonList(3L << 20))
            .size());
  }
}
