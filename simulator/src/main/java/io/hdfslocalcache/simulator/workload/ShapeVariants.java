package io.hdfslocalcache.simulator.workload;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Shapes unlike the day the three base shapes stand for, each a base shape with a few parameters
 * changed, so admission is tuned and checked on more than one kind of trace: short horizons whose
 * hot set rotates, several days with a daily load cycle, flatter and steeper popularity, scan
 * storms, and a steady workload from an empty cache for a few hours (cold start) or for three days
 * (warm: the first hours' fill is a small part of it). Reads per day as in the base shape.
 */
final class ShapeVariants {
  private ShapeVariants() {}

  /** 6 hours; a partition every 20 minutes taking half the reads, ranks reshuffled every 15. */
  static DayParams rotating() {
    return scaled(
        InteractiveDay.params(),
        "hours=6,partitionMinutes=20,driftMinutes=15,drift=0.2,partitionShare=0.5,halfLife=0.5");
  }

  /** 3 days, the read rate from 40% of its mean at 04:00 to 160% at 16:00. */
  static DayParams multiday() {
    return scaled(InteractiveDay.params(), "hours=72,dailyCycle=0.6");
  }

  /** 2 days, Zipf(0.7), a partition every 2 hours. */
  static DayParams flat() {
    return scaled(BatchDay.params(), "hours=48,zipf=0.7,partitionMinutes=120");
  }

  /** Zipf(1.6): a few blocks take most reads. */
  static DayParams steep() {
    return scaled(SkewedDay.params(), "zipf=1.6");
  }

  /** Every 4 hours, 30 minutes in which half the reads scan whole random blocks. */
  static DayParams storms() {
    return scaled(InteractiveDay.params(), "stormEvery=4,stormMinutes=30,stormShare=0.5");
  }

  /** 3 hours of a steady workload (little drift, few partitions) from an empty cache. */
  static DayParams coldstart() {
    return scaled(SkewedDay.params(), "hours=3,drift=0.01,partitionShare=0.05");
  }

  /** The cold start's workload for 3 days. */
  static DayParams warm() {
    return scaled(SkewedDay.params(), "hours=72,drift=0.01,partitionShare=0.05");
  }

  /**
   * 2 days, flatter popularity (Zipf 0.8), a partition every 2 hours taking 40% of the reads whose
   * heat fades over hours (6-hour half-life): yesterday's hot data stays warm.
   */
  static DayParams fading() {
    return scaled(
        InteractiveDay.params(),
        "hours=48,zipf=0.8,partitionMinutes=120,halfLife=6,partitionShare=0.4");
  }

  /** 6 hours; an hourly partition taking half the reads, cooling with a 1-hour half-life. */
  static DayParams hourly() {
    return scaled(InteractiveDay.params(), "hours=6,partitionShare=0.5,halfLife=1");
  }

  /** A day of half-hour partitions taking half the reads, ranks reshuffled every 15 minutes. */
  static DayParams reranked() {
    return scaled(
        InteractiveDay.params(),
        "partitionMinutes=30,driftMinutes=15,drift=0.2,partitionShare=0.5,halfLife=1");
  }

  /** {@code base} with {@code changes}, its reads scaled to the new length at the same rate. */
  private static DayParams scaled(DayParams base, String changes) {
    Map<String, String> m = new LinkedHashMap<>();
    for (String kv : changes.split(",")) {
      int eq = kv.indexOf('=');
      m.put(kv.substring(0, eq), kv.substring(eq + 1));
    }
    DayParams p = base.with(m);
    return p.with(Map.of("reads", Long.toString(base.reads() * p.hours() / base.hours())));
  }
}
