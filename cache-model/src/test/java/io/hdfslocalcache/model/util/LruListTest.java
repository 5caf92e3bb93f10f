package io.hdfslocalcache.model.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The list against an access-ordered {@link LinkedHashMap}: the same ids leave in the same order
 * under any mix of adds, touches and removes, over ids that span the short first chunk and later
 * ones.
 */
class LruListTest {
  @Test
  void randomOps_sameOrderAsAnAccessOrderedMap() {
    Random random = new Random(31);
    LruList list = new LruList();
    LinkedHashMap<Integer, Boolean> reference = new LinkedHashMap<>(16, 0.75f, true);
    int ids = 40_000;
    list.ensure(10);
    for (int op = 0; op < 300_000; op++) {
      // Few ids first (the first chunk grows by copying), then ids past 16,384 (whole chunks).
      int id = random.nextInt(op < 1_000 ? 10 + op : ids);
      list.ensure(id + 1);
      int kind = random.nextInt(10);
      if (kind < 4) {
        list.addNewest(id);
        reference.put(id, true);
      } else if (kind < 7) {
        list.touch(id);
        reference.get(id);
      } else if (kind < 9) {
        list.remove(id);
        reference.remove(id);
      } else if (!reference.isEmpty()) {
        Iterator<Integer> it = reference.keySet().iterator();
        int expected = it.next();
        it.remove();
        assertEquals(expected, list.oldest(), "op " + op);
        list.remove(expected);
      } else {
        assertEquals(LruList.NIL, list.oldest());
      }
      assertEquals(reference.size(), list.size(), "op " + op);
      assertEquals(reference.containsKey(id), list.contains(id), "op " + op);
    }
    while (!reference.isEmpty()) {
      int expected = reference.keySet().iterator().next();
      reference.remove(expected);
      assertEquals(expected, list.oldest());
      list.remove(expected);
    }
    assertEquals(LruList.NIL, list.oldest());
  }

  @Test
  void ensure_smallList_firstChunkStaysSmall() {
    LruList list = new LruList();
    list.ensure(5);
    assertTrue(list.capacity() >= 5 && list.capacity() <= 16, "capacity " + list.capacity());
    assertFalse(list.contains(4));
    list.ensure(20_000);
    assertEquals(2 * 16_384, list.capacity());
    assertFalse(list.contains(19_999));
  }
}
