package io.hdfslocalcache.simulator.workload;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * The live hourly partitions, oldest first, and their share of the partitions' reads: a partition
 * of age a hours weighs 2^(-a / half-life), so it starts hot and cools. The weights are recomputed
 * once a minute of trace time.
 */
final class Partitions {
  private static final long MINUTE_MS = 60_000;

  private record Partition(long createdMs, int[] blocks) {}

  private final double halfLifeHours;
  private final Deque<Partition> live = new ArrayDeque<>();
  private Partition[] byIndex = new Partition[0];
  private double[] cumulative = new double[0];
  private long refreshedMinute = Long.MIN_VALUE;

  Partitions(double halfLifeHours) {
    this.halfLifeHours = halfLifeHours;
  }

  void add(long timeMs, int[] blocks) {
    live.addLast(new Partition(timeMs, blocks));
    refreshedMinute = Long.MIN_VALUE;
  }

  /** Removes the partitions created before {@code cutoffMs}; their blocks. */
  int[] removeOlderThan(long cutoffMs) {
    IntStream gone = IntStream.empty();
    while (!live.isEmpty() && live.peekFirst().createdMs() < cutoffMs) {
      gone = IntStream.concat(gone, Arrays.stream(live.removeFirst().blocks()));
    }
    refreshedMinute = Long.MIN_VALUE;
    return gone.toArray();
  }

  void refresh(long nowMs) {
    long minute = Math.floorDiv(nowMs, MINUTE_MS);
    if (minute == refreshedMinute) {
      return;
    }
    refreshedMinute = minute;
    byIndex = live.toArray(new Partition[0]);
    cumulative = new double[byIndex.length];
    double sum = 0;
    for (int i = 0; i < byIndex.length; i++) {
      double ageHours = Math.max(0, nowMs - byIndex[i].createdMs()) / (double) DayWorkload.HOUR_MS;
      sum += Math.pow(2, -ageHours / halfLifeHours);
      cumulative[i] = sum;
    }
  }

  /** A block of a partition drawn by weight, uniformly within it. */
  int pick(SplittableRandom random) {
    double u = random.nextDouble() * cumulative[cumulative.length - 1];
    int i = 0;
    while (i < cumulative.length - 1 && cumulative[i] < u) {
      i++;
    }
    int[] m = byIndex[i].blocks();
    return m[random.nextInt(m.length)];
  }

  /** A block of the newest partition, uniformly. */
  int newestBlock(SplittableRandom random) {
    int[] m = live.peekLast().blocks();
    return m[random.nextInt(m.length)];
  }
}
