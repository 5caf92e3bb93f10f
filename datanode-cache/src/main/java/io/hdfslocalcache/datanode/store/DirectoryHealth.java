package io.hdfslocalcache.datanode.store;

import io.hdfslocalcache.metrics.CacheFailure;
import io.hdfslocalcache.ratelimit.BucketTimeRateLimit;
import io.hdfslocalcache.ratelimit.Decision;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import io.hdfslocalcache.time.CacheClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes a directory out of service after more than {@code maxErrors} errors (I/O errors, timeouts,
 * checksum mismatches) within {@code window}: the same sliding-bucket rule as admission, so it is
 * the same code. Out of service is final until the DataNode restarts; one WARN line says so, and
 * the owner drops the directory's entries. A missing page is eviction and a full disk is handled by
 * early eviction: neither is an error here.
 */
public final class DirectoryHealth {
  private static final Logger LOG = LoggerFactory.getLogger(DirectoryHealth.class);

  private final Path dir;
  private final BucketTimeRateLimit errors;
  private final Consumer<DirectoryHealth> onOutOfService;
  private volatile boolean inService = true;
  private volatile String reason = "";

  public DirectoryHealth(
      Path dir,
      int maxErrors,
      Duration window,
      CacheClock clock,
      Consumer<DirectoryHealth> onOutOfService) {
    this.dir = dir;
    long bucketMillis = Math.max(1, window.toMillis() / 10);
    this.errors =
        new BucketTimeRateLimit(
            new RateLimitConfig(maxErrors, 10, Duration.ofMillis(bucketMillis), 16), clock);
    this.onOutOfService = onOutOfService;
  }

  public boolean inService() {
    return inService;
  }

  public String reason() {
    return reason;
  }

  public Path dir() {
    return dir;
  }

  public void record(CacheFailure f, String detail) {
    if (!f.directoryError || !inService) {
      return;
    }
    if (errors.recordAndCheck(0) == Decision.ADMIT) {
      takeOutOfService("too many errors, last: " + f + " " + detail);
    }
  }

  /** Idempotent; the first caller logs and notifies. */
  public void takeOutOfService(String why) {
    synchronized (this) {
      if (!inService) {
        return;
      }
      inService = false;
      reason = why;
    }
    LOG.warn(
        "hdfs-local-cache: cache directory {} taken out of service ({}); its blocks are"
            + " served from HDD until the DataNode restarts",
        dir,
        why);
    onOutOfService.accept(this);
  }
}
