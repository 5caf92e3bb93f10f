package io.hdfslocalcache.simulator.model;

import java.util.ArrayList;
import java.util.List;

/**
 * The fill guard's rules (io.hdfslocalcache.guard.FillGuard's class comment), written again the
 * naive way for {@link ReferenceModel}: every fill and saving kept in a list with its bucket, the
 * window summed by scanning. Shares no code with the guard.
 */
final class ReferenceGuard {
  private static final int FILLING = 0;
  private static final int PAUSED_COST = 1;
  private static final int PAUSED_BUDGET = 2;

  private final boolean enabled;
  private final long windowMs;
  private final long bucketMs;
  private final int buckets;
  private final boolean budget;
  private final double bytesPerMs;
  private final double burst;

  private final List<long[]> fills = new ArrayList<>(); // {bucket, micros}
  private final List<long[]> saves = new ArrayList<>();
  private final long allowance;
  private long now;
  private boolean costPaused;
  private long pausedBucket;
  private long minPause; // buckets: none for a first pause
  private Long resumedAt;
  private double tokens;
  private long refilledAt;
  private boolean exhausted;
  private double needed;

  long deniedCost;
  long deniedBudget;
  long transitions;
  private long pausedMs;
  private long pausedSince;

  ReferenceGuard(
      boolean enabled,
      long windowMs,
      int buckets,
      double allowanceFraction,
      double dwpd,
      long capacity,
      long start) {
    this.enabled = enabled;
    this.windowMs = windowMs;
    this.buckets = buckets;
    this.bucketMs = windowMs / buckets;
    this.allowance = Math.round(allowanceFraction * bucketMs * buckets * 1000.0);
    this.budget = enabled && dwpd > 0 && capacity > 0;
    this.bytesPerMs = dwpd * capacity / 86_400_000.0;
    this.burst = capacity;
    this.tokens = capacity;
    this.refilledAt = start;
    this.now = start;
  }

  static long micros(long ios, long bytes) {
    return Math.round(ios * 11_500.0 + bytes * 1e6 / 143_000_000L);
  }

  private long bucket() {
    return Math.floorDiv(now, bucketMs);
  }

  private long window(List<long[]> entries) {
    entries.removeIf(e -> e[0] <= bucket() - buckets); // time never goes back: gone for good
    long sum = 0;
    for (long[] e : entries) {
      if (e[0] > bucket() - buckets) {
        sum += e[1];
      }
    }
    return sum;
  }

  private int state() {
    return costPaused ? PAUSED_COST : exhausted ? PAUSED_BUDGET : FILLING;
  }

  private void changed(int before) {
    int after = state();
    if (after == before) {
      return;
    }
    transitions++;
    if (before == FILLING) {
      pausedSince = now;
    } else if (after == FILLING) {
      pausedMs += now - pausedSince;
    }
  }

  private double resumeLevel() {
    return Math.min(burst, Math.max(Math.min(burst, bytesPerMs * windowMs), needed));
  }

  void at(long time) {
    now = Math.max(now, time);
    if (budget && now > refilledAt) {
      tokens = Math.min(burst, tokens + (now - refilledAt) * bytesPerMs);
      refilledAt = now;
    }
    if (costPaused
        && bucket() >= pausedBucket + minPause
        && window(fills) <= window(saves) + allowance / 2) {
      int before = state();
      costPaused = false;
      resumedAt = now;
      changed(before);
    }
    if (exhausted && tokens >= resumeLevel()) {
      int before = state();
      exhausted = false;
      needed = 0;
      changed(before);
    }
  }

  void read(long time, long readBytes, long hddIos, long hddBytes) {
    at(time);
    saves.add(new long[] {bucket(), micros(1, readBytes) - micros(hddIos, hddBytes)});
  }

  /** A read of no cached version: it only moves time (its cost is a metric, not compared). */
  void miss(long time) {
    at(time);
  }

  boolean fill(long time, long ios, long bytes, long ssdBytes) {
    at(time);
    long cost = micros(ios, bytes);
    if (enabled) {
      if (costPaused) {
        deniedCost++;
        return false;
      }
      if (window(fills) + cost > window(saves) + allowance) {
        if (window(fills) == 0) {
          deniedCost++; // one fill larger than the allowance alone: refused, no pause
          return false;
        }
        int before = state();
        costPaused = true;
        pausedBucket = bucket();
        boolean soon = resumedAt != null && now - resumedAt < windowMs;
        minPause = soon ? Math.min(buckets, Math.max(1, minPause * 2)) : 0;
        changed(before);
        deniedCost++;
        return false;
      }
      if (budget && (exhausted || ssdBytes > burst)) {
        deniedBudget++;
        return false;
      }
      if (budget && tokens < ssdBytes) {
        int before = state();
        exhausted = true;
        needed = ssdBytes;
        changed(before);
        deniedBudget++;
        return false;
      }
      if (budget) {
        tokens -= ssdBytes;
      }
    }
    fills.add(new long[] {bucket(), cost});
    return true;
  }

  double pausedSeconds(long end) {
    at(end);
    return (pausedMs + (state() != FILLING ? end - pausedSince : 0)) / 1000.0;
  }
}
