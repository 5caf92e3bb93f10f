package io.hdfslocalcache.datanode.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {
  @Test
  void parse_nestedValues_mapsListsNumbersStrings() {
    Object v =
        Json.parse(
            " {\"beans\" : [ {\"a\": 1, \"b\": -2.5e3, \"c\": \"x\\\"y\\u00e9\\n\","
                + " \"d\": true, \"e\": null, \"f\": [], \"g\": {}} ], \"big\": 12345678901234567890 } ");
    Map<?, ?> root = (Map<?, ?>) v;
    Map<?, ?> bean = (Map<?, ?>) ((List<?>) root.get("beans")).get(0);
    assertEquals(1L, bean.get("a"));
    assertEquals(-2500.0, bean.get("b"));
    assertEquals("x\"y\u00e9\n", bean.get("c"));
    assertEquals(true, bean.get("d"));
    assertEquals(null, bean.get("e"));
    assertEquals(List.of(), bean.get("f"));
    assertEquals(Map.of(), bean.get("g"));
    assertEquals(1.2345678901234567e19, (Double) root.get("big"), 1e5);
  }

  @Test
  void parse_malformed_illegalArgument() {
    for (String bad :
        Arrays.asList(
            "",
            "{",
            "{\"a\" 1}",
            "[1,]",
            "{\"a\":1} x",
            "<html>",
            "\"abc",
            "{\"a\":tru}",
            "[\"\\u12\"]")) {
      assertThrows(IllegalArgumentException.class, () -> Json.parse(bad), bad);
    }
  }
}
