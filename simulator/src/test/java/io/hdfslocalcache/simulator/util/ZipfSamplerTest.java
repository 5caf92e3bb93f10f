package io.hdfslocalcache.simulator.util;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class ZipfSamplerTest {
  private static final int DRAWS = 200_000;

  private static int[] countsByRank(ZipfSampler z, long seed) {
    int[] byItem = new int[z.items()];
    Random rnd = new Random(seed);
    for (int i = 0; i < DRAWS; i++) {
      byItem[z.nextItem(rnd)]++;
    }
    int[] byRank = new int[z.items()];
    for (int r = 0; r < z.items(); r++) {
      byRank[r] = byItem[z.itemOfRank(r)];
    }
    return byRank;
  }

  /** A generator whose nextDouble() is always {@code u}, to hit the ends of [0, 1). */
  private static RandomGenerator constant(double u) {
    return new RandomGenerator() {
      @Override
      public long nextLong() {
        throw new UnsupportedOperationException();
      }

      @Override
      public double nextDouble() {
        return u;
      }
    };
  }

  @Test
  void nextItem_exponent1point1_rankFrequencyFollowsPowerLaw() {
    int items = 100;
    int[] c = countsByRank(new ZipfSampler(items, 1.1, new Random(7)), 1);

    double h = 0;
    for (int r = 1; r <= items; r++) {
      h += Math.pow(r, -1.1);
    }
    for (int r = 0; r < 20; r++) {
      double expected = DRAWS * Math.pow(r + 1, -1.1) / h;
      // 5 binomial standard deviations: a fixed seed, so this is a check of the shape, not luck
      double sd = Math.sqrt(expected * (1 - expected / DRAWS));
      assertEquals(expected, c[r], 5 * sd, "draws of rank " + r);
    }
    // rank 10 is drawn 10^1.1 = 12.6x less often than rank 1
    assertEquals(Math.pow(10, 1.1), (double) c[0] / c[9], 1.5);
    int top10 = 0;
    for (int r = 0; r < 10; r++) {
      top10 += c[r];
    }
    assertTrue(top10 > DRAWS / 2, "top 10% of items take most draws, got " + top10);
  }

  @Test
  void nextItem_exponentZero_uniform() {
    int items = 10;
    int[] c = countsByRank(new ZipfSampler(items, 0, new Random(7)), 1);

    for (int n : c) {
      assertEquals(DRAWS / items, n, 0.05 * DRAWS / items);
    }
  }

  @Test
  void rankProbability_isNormalisedPowerLaw() {
    ZipfSampler z = new ZipfSampler(1000, 1.1);

    double sum = 0;
    for (int r = 0; r < z.items(); r++) {
      sum += z.rankProbability(r);
    }
    assertEquals(1.0, sum, 1e-12);
    assertEquals(Math.pow(10, 1.1), z.rankProbability(0) / z.rankProbability(9), 1e-9);
    assertEquals(0.25, new ZipfSampler(4, 0).rankProbability(3), 1e-15);
  }

  @Test
  void nextRank_endsOfUnitInterval_firstAndLastRank() {
    ZipfSampler z = new ZipfSampler(100, 1.1);

    assertEquals(0, z.nextRank(constant(0.0)));
    assertEquals(99, z.nextRank(constant(Math.nextDown(1.0))));
    assertEquals(0, new ZipfSampler(1, 1.1).nextRank(constant(Math.nextDown(1.0))));
  }

  @Test
  void nextItem_manyDraws_staysInRange() {
    for (int items : new int[] {1, 2, 3, 1000}) {
      ZipfSampler z = new ZipfSampler(items, 2.5, new Random(1));
      SplittableRandom rnd = new SplittableRandom(9);
      for (int i = 0; i < 10_000; i++) {
        int item = z.nextItem(rnd);
        assertTrue(item >= 0 && item < items, "item " + item + " of " + items);
      }
    }
  }

  @Test
  void constructor_badArguments_rejected() {
    assertThrows(IllegalArgumentException.class, () -> new ZipfSampler(0, 1.1));
    assertThrows(IllegalArgumentException.class, () -> new ZipfSampler(10, -0.1));
    assertThrows(IllegalArgumentException.class, () -> new ZipfSampler(10, Double.NaN));
    assertThrows(
        IllegalArgumentException.class,
        () -> new ZipfSampler(10, Double.POSITIVE_INFINITY, new Random(1)));
    assertThrows(IndexOutOfBoundsException.class, () -> new ZipfSampler(10, 1.1).itemOfRank(10));
  }

  @Test
  void itemOfRank_noShuffle_identity() {
    ZipfSampler z = new ZipfSampler(50, 1.1);
    for (int r = 0; r < 50; r++) {
      assertEquals(r, z.itemOfRank(r));
    }
  }

  @Test
  void itemOfRank_sameSeed_samePermutationDifferentSeedOther() {
    ZipfSampler a = new ZipfSampler(50, 1.1, new Random(3));
    ZipfSampler b = new ZipfSampler(50, 1.1, new Random(3));
    ZipfSampler c = new ZipfSampler(50, 1.1, new Random(4));
    boolean differs = false;
    boolean[] seen = new boolean[50];
    for (int r = 0; r < 50; r++) {
      assertEquals(a.itemOfRank(r), b.itemOfRank(r));
      differs |= a.itemOfRank(r) != c.itemOfRank(r);
      seen[a.itemOfRank(r)] = true;
    }
    assertTrue(differs);
    for (int i = 0; i < 50; i++) {
      assertTrue(seen[i], "item " + i + " has no rank");
    }
  }

  /**
   * Pins the draws per seed: the synthetic trace (SimulatorBench) and the rate-limiter key stream
   * behind the figures in docs/benchmarks.md come from this sampler, so a change here is a change
   * of those workloads and must be a deliberate one.
   */
  @Test
  void nextItem_fixedSeeds_sameDrawsAsTheMeasuredWorkloads() {
    ZipfSampler trace = new ZipfSampler(1000, 1.1);
    SplittableRandom split = new SplittableRandom(42);
    int[] traceRanks = new int[8];
    for (int i = 0; i < traceRanks.length; i++) {
      traceRanks[i] = trace.nextItem(split);
    }
    Random rnd = new Random(42);
    ZipfSampler keys = new ZipfSampler(1000, 1.1, rnd);
    int[] keyItems = new int[8];
    for (int i = 0; i < keyItems.length; i++) {
      keyItems[i] = keys.nextItem(rnd);
    }

    // Computed with the samplers this class replaced (SyntheticTrace's, ZipfKeys').
    assertArrayEquals(new int[] {79, 0, 2, 3, 0, 254, 1, 134}, traceRanks);
    assertArrayEquals(new int[] {101, 853, 653, 854, 933, 371, 572, 893}, keyItems);
  }
}
