package io.hdfslocalcache.ops.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hdfslocalcache.admin.CacheListing;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What {@code admin list} prints for a listing, in text and JSON. */
class ListingViewTest {
  private static final CacheListing LISTING =
      new CacheListing(
          List.of("/ssd1/c/uuid", "/ssd2/c/uuid", "/ssd3/c/uuid"),
          List.of(
              new CacheListing.Block("/ssd1/c/uuid", "BP-1", 11, 1001, 1000, 1, 16, 1_000),
              new CacheListing.Block("/ssd1/c/uuid", "BP-1", 12, 1002, 3000, 3, 16, 2_000),
              new CacheListing.Block("/ssd2/c/uuid", "BP-1", 13, 1003, 70_000, 16, 16, 0)));

  @Test
  void text_threeDirectories_perDirectoryTotalsThenBlocksMostRecentFirst() {
    String want =
        String.join(
            System.lineSeparator(),
            "3 block(s) cached, 74000 bytes, in 3 directories",
            "/ssd1/c/uuid: 2 block(s), 4000 bytes, 4 page(s)",
            "  BLOCK                                                     BYTES         PAGES  LAST READ",
            "  BP-1:blk_12_1002                                           3000          3/16  1970-01-01T00:00:02Z",
            "  BP-1:blk_11_1001                                           1000          1/16  1970-01-01T00:00:01Z",
            "/ssd2/c/uuid: 1 block(s), 70000 bytes, 16 page(s)",
            "  BLOCK                                                     BYTES         PAGES  LAST READ",
            "  BP-1:blk_13_1003                                          70000         16/16  1970-01-01T00:00:00Z",
            "/ssd3/c/uuid: 0 block(s), 0 bytes, 0 page(s)",
            "");
    assertEquals(want, ListingView.text(LISTING));
  }

  @Test
  void json_threeDirectories_sameFiguresStableNames() throws Exception {
    JsonNode n = new ObjectMapper().readTree(ListingView.json(LISTING));
    assertEquals(3, n.get("blocks").asInt());
    assertEquals(74_000, n.get("bytes").asLong());
    JsonNode ssd1 = n.get("directories").get(0);
    assertEquals("/ssd1/c/uuid", ssd1.get("directory").asText());
    assertEquals(2, ssd1.get("blocks").asInt());
    assertEquals(4, ssd1.get("pages").asInt());
    JsonNode first = ssd1.get("cached").get(0);
    assertEquals(12, first.get("blockId").asLong());
    assertEquals("BP-1", first.get("blockPoolId").asText());
    assertEquals(1002, first.get("genStamp").asLong());
    assertEquals(3000, first.get("bytes").asLong());
    assertEquals(3, first.get("pages").asInt());
    assertEquals(16, first.get("pagesOfBlock").asInt());
    assertEquals("1970-01-01T00:00:02Z", first.get("lastRead").asText());
    assertEquals(0, n.get("directories").get(2).get("cached").size());
  }
}
