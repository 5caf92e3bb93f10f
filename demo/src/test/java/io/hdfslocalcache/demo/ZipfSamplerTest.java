package io.hdfslocalcache.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class ZipfSamplerTest {
  private static final int DRAWS = 200_000;

  private static int[] countsByRank(ZipfSampler z, int items, long seed) {
    int[] byItem = new int[items];
    Random rnd = new Random(seed);
    for (int i = 0; i < DRAWS; i++) {
      byItem[z.next(rnd)]++;
    }
    int[] byRank = new int[items];
    for (int r = 0; r < items; r++) {
      byRank[r] = byItem[z.itemOfRank(r)];
    }
    return byRank;
  }

  @Test
  void next_exponent1point1_frequencyFollowsRankPowerLaw() {
    int items = 100;
    int[] c = countsByRank(new ZipfSampler(items, 1.1, 7), items, 1);

    double h = 0;
    for (int r = 1; r <= items; r++) {
      h += Math.pow(r, -1.1);
    }
    assertEquals(DRAWS / h, c[0], 0.03 * DRAWS / h, "hottest item share");
    // rank 10 is drawn 10^1.1 = 12.6x less often than rank 1
    assertEquals(Math.pow(10, 1.1), (double) c[0] / c[9], 1.5);
    int top10 = 0;
    for (int r = 0; r < 10; r++) {
      top10 += c[r];
    }
    assertTrue(top10 > DRAWS / 2, "top 10% of items take most draws, got " + top10);
  }

  @Test
  void next_exponentZero_uniform() {
    int items = 10;
    int[] c = countsByRank(new ZipfSampler(items, 0, 7), items, 1);

    for (int n : c) {
      assertEquals(DRAWS / items, n, 0.05 * DRAWS / items);
    }
  }

  @Test
  void itemOfRank_sameSeed_samePermutationDifferentSeedOther() {
    ZipfSampler a = new ZipfSampler(50, 1.1, 3);
    ZipfSampler b = new ZipfSampler(50, 1.1, 3);
    ZipfSampler c = new ZipfSampler(50, 1.1, 4);
    boolean differs = false;
    for (int r = 0; r < 50; r++) {
      assertEquals(a.itemOfRank(r), b.itemOfRank(r));
      differs |= a.itemOfRank(r) != c.itemOfRank(r);
    }
    assertTrue(differs);
  }
}
