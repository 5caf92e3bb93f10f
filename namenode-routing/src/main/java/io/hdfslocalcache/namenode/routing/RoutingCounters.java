package io.hdfslocalcache.namenode.routing;

import java.util.EnumMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How many equal-distance groups the topology routed, escaped or left unkeyed, and the periodic
 * INFO line that shows them. Cheap on the NameNode's read path: a LongAdder per outcome (many
 * handler threads sort at once), and the clock is read on about one sort in 1024, so the line comes
 * at least one interval apart, on the first sample after the interval.
 */
final class RoutingCounters {
  private static final Logger LOG = LoggerFactory.getLogger(RendezvousTopology.class);
  private static final int CLOCK_SAMPLE_MASK = 1023;

  private final EnumMap<GroupOutcome, LongAdder> counts = new EnumMap<>(GroupOutcome.class);
  private final long intervalMs;
  private final LongSupplier clockMs;
  private final AtomicLong nextLogMs;

  RoutingCounters(long intervalMs, LongSupplier clockMs) {
    for (GroupOutcome outcome : GroupOutcome.values()) {
      counts.put(outcome, new LongAdder());
    }
    this.intervalMs = intervalMs;
    this.clockMs = clockMs;
    this.nextLogMs = new AtomicLong(clockMs.getAsLong() + intervalMs);
  }

  void count(GroupOutcome outcome) {
    counts.get(outcome).increment();
  }

  long get(GroupOutcome outcome) {
    return counts.get(outcome).sum();
  }

  /** Called once per sort; logs when an interval has passed (one thread wins the line). */
  void maybeLog() {
    if ((ThreadLocalRandom.current().nextInt() & CLOCK_SAMPLE_MASK) != 0) {
      return;
    }
    long now = clockMs.getAsLong();
    long due = nextLogMs.get();
    if (now >= due && nextLogMs.compareAndSet(due, now + intervalMs)) {
      LOG.info(line());
    }
  }

  String line() {
    return "Replica routing since start: routed="
        + get(GroupOutcome.ROUTED)
        + " escaped="
        + get(GroupOutcome.ESCAPED)
        + " unkeyed="
        + get(GroupOutcome.UNKEYED)
        + " (groups of equal-distance replicas)";
  }
}
