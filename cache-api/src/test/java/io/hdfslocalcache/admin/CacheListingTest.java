package io.hdfslocalcache.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class CacheListingTest {
  private static final CacheListing LISTING =
      new CacheListing(
          List.of("/ssd1/c/uuid", "/ssd2/c/uuid"),
          List.of(
              new CacheListing.Block(
                  "/ssd2/c/uuid", "BP-1-127.0.0.1-1", 1073741825L, 1001, 70_000, 1, 16, 42L)));

  @Test
  void parse_formatted_sameListing() {
    CacheListing back = CacheListing.parse(LISTING.format());
    assertEquals(LISTING.directories, back.directories);
    assertEquals(1, back.blocks.size());
    CacheListing.Block b = back.blocks.get(0);
    assertEquals("/ssd2/c/uuid", b.directory);
    assertEquals("BP-1-127.0.0.1-1", b.blockPoolId);
    assertEquals(1073741825L, b.blockId);
    assertEquals(1001, b.genStamp);
    assertEquals(70_000, b.bytes);
    assertEquals(1, b.pages);
    assertEquals(16, b.pagesOfBlock);
    assertEquals(42L, b.lastReadMillis);
  }

  @Test
  void parse_cutOffOrForeign_refusedNamingWhy() {
    String text = LISTING.format();
    IllegalArgumentException cut =
        assertThrows(
            IllegalArgumentException.class,
            () -> CacheListing.parse(text.substring(0, text.length() - 4)));
    assertTrue(cut.getMessage().contains("incomplete"), cut.getMessage());
    IllegalArgumentException foreign =
        assertThrows(IllegalArgumentException.class, () -> CacheListing.parse("hello\nend\n"));
    assertTrue(foreign.getMessage().contains("not a listing"), foreign.getMessage());
    IllegalArgumentException bad =
        assertThrows(
            IllegalArgumentException.class,
            () -> CacheListing.parse(CacheListing.HEADER + "\nblock\tx\tBP\tnan\nend\n"));
    assertTrue(bad.getMessage().contains("line 2"), bad.getMessage());
  }
}
