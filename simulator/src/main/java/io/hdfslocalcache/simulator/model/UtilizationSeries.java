package io.hdfslocalcache.simulator.model;

/**
 * Per-minute HDD utilisation of one replay, for charts.
 *
 * @param firstMinute epoch minute of index 0
 * @param withCache utilisation per minute with the cache
 * @param withoutCache utilisation per minute if every read went to HDD
 */
public record UtilizationSeries(long firstMinute, double[] withCache, double[] withoutCache) {}
