package io.hdfslocalcache.datanode;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.ratelimit.BucketTimeRateLimit;

/** Metrics of the admission gate; each named and documented here once. */
final class AdmissionStats {
  static final String PREFIX = "admission.";

  /** Client reads of uncached blocks the limiter judged hot enough to cache. */
  final Counter admits;
  /** Client reads of uncached blocks not (yet) hot enough. */
  final Counter rejects;

  AdmissionStats(MetricRegistry registry, BucketTimeRateLimit limiter) {
    admits = registry.counter(PREFIX + "admit");
    rejects = registry.counter(PREFIX + "reject");
    /* Blocks with at least one read in the window. */
    registry.register(PREFIX + "tracked.keys",
        (Gauge<Long>) () -> limiter.stats().trackedKeys());
    /* Window buckets forgotten early because the key cap was reached. */
    registry.register(PREFIX + "early.bucket.drops",
        (Gauge<Long>) () -> limiter.stats().earlyBucketDrops());
    /* Reads not recorded because the current bucket alone filled the key cap. */
    registry.register(PREFIX + "untracked.accesses",
        (Gauge<Long>) () -> limiter.stats().untrackedAccesses());
  }
}
