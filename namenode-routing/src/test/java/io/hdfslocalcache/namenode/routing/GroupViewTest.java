package io.hdfslocalcache.namenode.routing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class GroupViewTest {
  /** An element with a sort key that ties often, and an identity to see stability by. */
  private static final class Item {
    final int key;
    final int id;

    Item(int key, int id) {
      this.key = key;
      this.id = id;
    }

    @Override
    public String toString() {
      return key + "#" + id;
    }
  }

  private static final Comparator<Item> BY_KEY = Comparator.comparingInt(i -> i.key);

  private static Item[] items(Random random, int n, int keys) {
    Item[] items = new Item[n];
    for (int i = 0; i < n; i++) {
      items[i] = new Item(random.nextInt(keys), i);
    }
    return items;
  }

  /** What stock does with a group: copy it into an ArrayList and Collections.sort that. */
  private static Item[] stockSorted(Item[] items, int from, int to) {
    Item[] expected = items.clone();
    List<Item> group = new ArrayList<>(Arrays.asList(items).subList(from, to));
    Collections.sort(group, BY_KEY);
    for (int i = from; i < to; i++) {
      expected[i] = group.get(i - from);
    }
    return expected;
  }

  private static void assertSortsAsStock(int maxGroup) {
    Random random = new Random(7);
    for (int trial = 0; trial < 2000; trial++) {
      Item[] items = items(random, 2 + maxGroup, 1 + random.nextInt(4));
      int from = random.nextInt(3);
      int to = from + random.nextInt(maxGroup + 1);
      Item[] expected = stockSorted(items, from, to);
      Collections.sort(new GroupView<>(items, from, to), BY_KEY);
      assertArrayEquals(expected, items, "trial " + trial + ", group [" + from + ", " + to + ")");
    }
  }

  @Test
  void sort_smallGroupsWithTies_sameOrderAsStockArrayListSort() {
    assertSortsAsStock(8);
  }

  @Test
  void sort_largeGroupsWithTies_sameOrderAsStockArrayListSort() {
    assertSortsAsStock(80);
  }

  @Test
  void set_inRange_writesThroughToTheArray() {
    Item[] items = items(new Random(1), 5, 3);
    Item replacement = new Item(9, 99);
    Item old = items[3];
    assertEquals(old, new GroupView<>(items, 2, 4).set(1, replacement));
    assertEquals(replacement, items[3]);
  }

  @Test
  void get_outsideTheGroup_throwsIndexOutOfBounds() {
    GroupView<Item> view = new GroupView<>(items(new Random(1), 5, 3), 1, 3);
    assertThrows(IndexOutOfBoundsException.class, () -> view.get(2));
    assertThrows(IndexOutOfBoundsException.class, () -> view.get(-1));
  }

  @Test
  void add_anyElement_throwsUnsupported() {
    GroupView<Item> view = new GroupView<>(items(new Random(1), 3, 3), 0, 3);
    assertThrows(UnsupportedOperationException.class, () -> view.add(new Item(0, 9)));
  }
}
