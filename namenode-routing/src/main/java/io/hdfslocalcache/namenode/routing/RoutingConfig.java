package io.hdfslocalcache.namenode.routing;

import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;

/**
 * The plugin's settings, read once when the NameNode creates its topology; immutable. A bad value
 * fails the NameNode's start with a message naming the key.
 */
final class RoutingConfig {
  static final String PREFIX = "dfs.namenode.local-cache.routing.";

  /**
   * A group's owner is skipped (the group shuffled as stock does) when its xceiver count exceeds
   * this factor times the mean of the group's other replicas, plus the slack.
   */
  static final String ESCAPE_LOAD_FACTOR = PREFIX + "escape.load-factor";

  static final double ESCAPE_LOAD_FACTOR_DEFAULT = 2.0;

  /** Added to the escape threshold so that idle DataNodes (a few xceivers) never escape. */
  static final String ESCAPE_LOAD_SLACK = PREFIX + "escape.load-slack";

  static final int ESCAPE_LOAD_SLACK_DEFAULT = 8;

  /** How often the NameNode logs the routed / escaped / unkeyed counters (INFO). */
  static final String LOG_INTERVAL = PREFIX + "log.interval";

  static final long LOG_INTERVAL_DEFAULT_MS = TimeUnit.MINUTES.toMillis(5);

  /**
   * Stock's key (DatanodeManager): a DataNode whose last heartbeat is this old is stale. Read here
   * as DatanodeManager reads it (milliseconds, raised to its minimum) so that both agree.
   */
  static final String STALE_INTERVAL = "dfs.namenode.stale.datanode.interval";

  static final long STALE_INTERVAL_DEFAULT_MS = 30_000L;

  /** Stock's floor on the stale interval: this many heartbeat intervals. */
  static final String STALE_MINIMUM_HEARTBEATS = "dfs.namenode.stale.datanode.minimum.interval";

  static final int STALE_MINIMUM_HEARTBEATS_DEFAULT = 3;

  static final String HEARTBEAT_INTERVAL = "dfs.heartbeat.interval";

  final double escapeLoadFactor;
  final int escapeLoadSlack;
  final long logIntervalMs;
  final long staleIntervalMs;

  RoutingConfig(
      double escapeLoadFactor, int escapeLoadSlack, long logIntervalMs, long staleIntervalMs) {
    if (!(escapeLoadFactor >= 1.0) || Double.isInfinite(escapeLoadFactor)) {
      throw new IllegalArgumentException(
          ESCAPE_LOAD_FACTOR + " must be a finite number >= 1.0, was " + escapeLoadFactor);
    }
    if (escapeLoadSlack < 0) {
      throw new IllegalArgumentException(
          ESCAPE_LOAD_SLACK + " must be >= 0 xceivers, was " + escapeLoadSlack);
    }
    if (logIntervalMs <= 0) {
      throw new IllegalArgumentException(
          LOG_INTERVAL + " must be a positive duration, was " + logIntervalMs + "ms");
    }
    if (staleIntervalMs <= 0) {
      throw new IllegalArgumentException(
          STALE_INTERVAL + " must be a positive duration, was " + staleIntervalMs + "ms");
    }
    this.escapeLoadFactor = escapeLoadFactor;
    this.escapeLoadSlack = escapeLoadSlack;
    this.logIntervalMs = logIntervalMs;
    this.staleIntervalMs = staleIntervalMs;
  }

  static RoutingConfig defaults() {
    return new RoutingConfig(
        ESCAPE_LOAD_FACTOR_DEFAULT,
        ESCAPE_LOAD_SLACK_DEFAULT,
        LOG_INTERVAL_DEFAULT_MS,
        STALE_INTERVAL_DEFAULT_MS);
  }

  static RoutingConfig from(Configuration conf) {
    return new RoutingConfig(
        parse(conf, ESCAPE_LOAD_FACTOR, ESCAPE_LOAD_FACTOR_DEFAULT, Double::parseDouble),
        parse(conf, ESCAPE_LOAD_SLACK, ESCAPE_LOAD_SLACK_DEFAULT, Integer::parseInt),
        parse(
            conf,
            LOG_INTERVAL,
            LOG_INTERVAL_DEFAULT_MS,
            v -> conf.getTimeDuration(LOG_INTERVAL, 0L, TimeUnit.MILLISECONDS)),
        staleInterval(conf));
  }

  /**
   * DatanodeManager.getStaleIntervalFromConf: milliseconds, raised (stock logs a warning) to the
   * minimum number of heartbeat intervals; a value of 0 or less is refused, as stock refuses it.
   */
  private static long staleInterval(Configuration conf) {
    long interval = parse(conf, STALE_INTERVAL, STALE_INTERVAL_DEFAULT_MS, Long::parseLong);
    if (interval <= 0) {
      return interval;
    }
    long heartbeatMs =
        1000L
            * parse(
                conf,
                HEARTBEAT_INTERVAL,
                3L,
                v -> conf.getTimeDuration(HEARTBEAT_INTERVAL, 3L, TimeUnit.SECONDS));
    int heartbeats =
        parse(conf, STALE_MINIMUM_HEARTBEATS, STALE_MINIMUM_HEARTBEATS_DEFAULT, Integer::parseInt);
    return Math.max(interval, heartbeats * heartbeatMs);
  }

  /** Parses one key, so that a malformed number names its key, as a bad range does. */
  private static <T> T parse(
      Configuration conf, String key, T fallback, java.util.function.Function<String, T> parser) {
    String value = conf.getTrimmed(key);
    if (value == null || value.isEmpty()) {
      return fallback;
    }
    try {
      return parser.apply(value);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(key + " cannot be parsed: '" + value + "'", e);
    }
  }

  /** Whether an owner with this many xceivers is too busy against the rest of its group. */
  boolean tooBusy(int ownerXceivers, double othersMeanXceivers) {
    return ownerXceivers > escapeLoadFactor * othersMeanXceivers + escapeLoadSlack;
  }
}
