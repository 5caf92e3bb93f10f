package io.hdfslocalcache.simulator.workload;

import io.hdfslocalcache.config.SizeValue;
import java.util.Locale;
import java.util.Map;

/**
 * What a day-long DataNode workload looks like (docs/simulator.md, "Generating a day-long trace").
 * Immutable and valid once built: every bad value is an exception naming the parameter and the
 * value.
 *
 * @param blocks blocks that exist all day, read with Zipf popularity
 * @param reads reads in the day
 * @param zipf the Zipf exponent of their popularity (the paper's Figure 2: up to 1.39)
 * @param drift share of popularity ranks that trade places every hour
 * @param partitionBlocks blocks a new partition writes at the start of every hour
 * @param partitionShare share of reads that go to the partitions
 * @param halfLifeHours a partition's share of those reads halves every this many hours
 * @param retentionHours a partition is deleted at this age (yesterday's exist at the start)
 * @param appendsPerHour appends to the newest partition's short blocks, each hour
 * @param tiny share of reads under 10 KiB, at a block's few hot offsets (footers, indexes)
 * @param small share of reads of 10 KiB to 1 MiB, at random offsets
 * @param scan share of reads of a whole block; the rest read 1 to 16 MiB
 * @param blockSize a full block
 * @param hours the trace's length
 * @param partitionMinutes a new partition every this many minutes (the hot set rotates)
 * @param driftMinutes popularity ranks trade places every this many minutes
 * @param dailyCycle the read rate's daily swing: 0 flat, 0.6 from 40% of the mean at 04:00 to 160%
 *     at 16:00
 * @param stormEveryHours a scan storm every this many hours (0: none), the first half-way into the
 *     first period
 * @param stormMinutes a storm's length (0: none)
 * @param stormShare share of a storm's reads that are whole-block scans of random blocks
 */
public record DayParams(
    int blocks,
    long reads,
    double zipf,
    double drift,
    int partitionBlocks,
    double partitionShare,
    double halfLifeHours,
    int retentionHours,
    int appendsPerHour,
    double tiny,
    double small,
    double scan,
    long blockSize,
    int hours,
    int partitionMinutes,
    int driftMinutes,
    double dailyCycle,
    int stormEveryHours,
    int stormMinutes,
    double stormShare) {

  /** A day with a partition and a drift every hour, a flat read rate and no storm. */
  public DayParams(
      int blocks,
      long reads,
      double zipf,
      double drift,
      int partitionBlocks,
      double partitionShare,
      double halfLifeHours,
      int retentionHours,
      int appendsPerHour,
      double tiny,
      double small,
      double scan,
      long blockSize) {
    this(
        blocks,
        reads,
        zipf,
        drift,
        partitionBlocks,
        partitionShare,
        halfLifeHours,
        retentionHours,
        appendsPerHour,
        tiny,
        small,
        scan,
        blockSize,
        24,
        60,
        60,
        0,
        0,
        0,
        0);
  }

  public DayParams {
    positive("blocks", blocks);
    positive("reads", reads);
    if (!(zipf >= 0) || zipf > 10) {
      throw bad("zipf", zipf, "a number from 0 to 10");
    }
    share("drift", drift);
    positive("partitionBlocks", partitionBlocks);
    share("partitionShare", partitionShare);
    if (!(halfLifeHours > 0) || halfLifeHours > 1000) {
      throw bad("halfLife", halfLifeHours, "hours, above 0 and at most 1000");
    }
    positive("retention", retentionHours);
    if (appendsPerHour < 0) {
      throw bad("appends", appendsPerHour, ">= 0");
    }
    share("tiny", tiny);
    share("small", small);
    share("scan", scan);
    if (tiny + small + scan > 1 + 1e-9) {
      throw bad("tiny + small + scan", tiny + small + scan, "at most 1");
    }
    if (blockSize < (1 << 20) || blockSize % ClientTraceLines.CHUNK != 0) {
      throw bad("blockSize", blockSize, "at least 1 MiB, a multiple of 512");
    }
    if (hours < 1 || hours > 24 * 31) {
      throw bad("hours", hours, "from 1 to 744");
    }
    if (partitionMinutes < 1 || 60 % partitionMinutes != 0 && partitionMinutes % 60 != 0) {
      throw bad("partitionMinutes", partitionMinutes, "a divisor or a multiple of 60");
    }
    positive("driftMinutes", driftMinutes);
    if (!(dailyCycle >= 0 && dailyCycle < 1)) {
      throw bad("dailyCycle", dailyCycle, "from 0 to below 1");
    }
    if (stormEveryHours < 0) {
      throw bad("stormEvery", stormEveryHours, ">= 0");
    }
    if (stormMinutes < 0 || stormEveryHours > 0 && stormMinutes > 60 * stormEveryHours) {
      throw bad("stormMinutes", stormMinutes, "from 0 (no storm) to the storms' period");
    }
    share("stormShare", stormShare);
  }

  /**
   * These parameters with {@code overrides} ({@code name -> value}, the names of the docs: blocks,
   * reads, zipf, drift, partitionBlocks, partitionShare, halfLife, retention, appends, tiny, small,
   * scan, blockSize, hours, partitionMinutes, driftMinutes, dailyCycle, stormEvery, stormMinutes,
   * stormShare).
   */
  public DayParams with(Map<String, String> overrides) {
    DayParams p = this;
    for (Map.Entry<String, String> e : overrides.entrySet()) {
      p = p.with(e.getKey().trim(), e.getValue().trim());
    }
    return p;
  }

  private DayParams with(String name, String v) {
    int blocks = this.blocks;
    long reads = this.reads;
    double zipf = this.zipf;
    double drift = this.drift;
    int partitionBlocks = this.partitionBlocks;
    double partitionShare = this.partitionShare;
    double halfLife = this.halfLifeHours;
    int retention = this.retentionHours;
    int appends = this.appendsPerHour;
    double tiny = this.tiny;
    double small = this.small;
    double scan = this.scan;
    long blockSize = this.blockSize;
    int hours = this.hours;
    int partitionMinutes = this.partitionMinutes;
    int driftMinutes = this.driftMinutes;
    double dailyCycle = this.dailyCycle;
    int stormEvery = this.stormEveryHours;
    int stormMinutes = this.stormMinutes;
    double stormShare = this.stormShare;
    switch (name) {
      case "blocks" -> blocks = (int) number(name, v, Integer.MAX_VALUE);
      case "reads" -> reads = number(name, v, Long.MAX_VALUE);
      case "zipf" -> zipf = fraction(name, v);
      case "drift" -> drift = fraction(name, v);
      case "partitionBlocks" -> partitionBlocks = (int) number(name, v, Integer.MAX_VALUE);
      case "partitionShare" -> partitionShare = fraction(name, v);
      case "halfLife" -> halfLife = fraction(name, v);
      case "retention" -> retention = (int) number(name, v, Integer.MAX_VALUE);
      case "appends" -> appends = (int) number(name, v, Integer.MAX_VALUE);
      case "tiny" -> tiny = fraction(name, v);
      case "small" -> small = fraction(name, v);
      case "scan" -> scan = fraction(name, v);
      case "blockSize" -> blockSize = SizeValue.parse(v);
      case "hours" -> hours = (int) number(name, v, Integer.MAX_VALUE);
      case "partitionMinutes" -> partitionMinutes = (int) number(name, v, Integer.MAX_VALUE);
      case "driftMinutes" -> driftMinutes = (int) number(name, v, Integer.MAX_VALUE);
      case "dailyCycle" -> dailyCycle = fraction(name, v);
      case "stormEvery" -> stormEvery = (int) number(name, v, Integer.MAX_VALUE);
      case "stormMinutes" -> stormMinutes = (int) number(name, v, Integer.MAX_VALUE);
      case "stormShare" -> stormShare = fraction(name, v);
      default ->
          throw new IllegalArgumentException(
              "unknown workload parameter '"
                  + name
                  + "' (known: blocks, reads, zipf, drift, partitionBlocks, partitionShare,"
                  + " halfLife, retention, appends, tiny, small, scan, blockSize, hours,"
                  + " partitionMinutes, driftMinutes, dailyCycle, stormEvery, stormMinutes,"
                  + " stormShare)");
    }
    return new DayParams(
        blocks,
        reads,
        zipf,
        drift,
        partitionBlocks,
        partitionShare,
        halfLife,
        retention,
        appends,
        tiny,
        small,
        scan,
        blockSize,
        hours,
        partitionMinutes,
        driftMinutes,
        dailyCycle,
        stormEvery,
        stormMinutes,
        stormShare);
  }

  private static long number(String name, String v, long max) {
    try {
      long n = Long.parseLong(v.replace("_", ""));
      if (n > max) {
        throw bad(name, v, "at most " + max);
      }
      return n;
    } catch (NumberFormatException e) {
      throw bad(name, v, "a whole number");
    }
  }

  private static double fraction(String name, String v) {
    try {
      return Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw bad(name, v, "a number");
    }
  }

  private static void positive(String name, long v) {
    if (v < 1) {
      throw bad(name, v, ">= 1");
    }
  }

  private static void share(String name, double v) {
    if (!(v >= 0 && v <= 1)) {
      throw bad(name, v, "a share from 0 to 1");
    }
  }

  private static IllegalArgumentException bad(String name, Object v, String expected) {
    return new IllegalArgumentException(
        String.format(Locale.ROOT, "workload: %s must be %s, got '%s'", name, expected, v));
  }
}
