package io.hdfslocalcache.datanode;

import io.hdfslocalcache.metrics.AdminMetrics;
import io.hdfslocalcache.metrics.AdmissionMetrics;
import io.hdfslocalcache.metrics.DirectoryMetrics;
import io.hdfslocalcache.metrics.FillMetrics;
import io.hdfslocalcache.metrics.GuardMetrics;
import io.hdfslocalcache.metrics.HostMetrics;
import io.hdfslocalcache.metrics.InvalidationMetrics;
import io.hdfslocalcache.metrics.MetricCatalog;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import io.hdfslocalcache.metrics.RestoreMetrics;
import io.hdfslocalcache.metrics.ShadowMetrics;
import io.hdfslocalcache.metrics.SpaceMetrics;

/**
 * The descriptions of the cache's metrics: every names class of module {@code cache-api} whose
 * {@code @Describe} constants name them (each name and its description stay there, once; the stats
 * classes count under those names). A names class missing here leaves its metrics undescribed,
 * which {@code CacheMetricCatalogTest} catches.
 */
public final class CacheMetricCatalog {
  private static final MetricCatalog CATALOG =
      MetricCatalog.of(
          ReadPathMetrics.class,
          AdmissionMetrics.class,
          FillMetrics.class,
          GuardMetrics.class,
          DirectoryMetrics.class,
          SpaceMetrics.class,
          RestoreMetrics.class,
          InvalidationMetrics.class,
          AdminMetrics.class,
          HostMetrics.class,
          ShadowMetrics.class);

  private CacheMetricCatalog() {}

  public static MetricCatalog get() {
    return CATALOG;
  }
}
