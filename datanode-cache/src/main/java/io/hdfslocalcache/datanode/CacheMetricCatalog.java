package io.hdfslocalcache.datanode;

import io.hdfslocalcache.datanode.admin.AdminStats;
import io.hdfslocalcache.datanode.admission.AdmissionStats;
import io.hdfslocalcache.datanode.dir.DirectoryStats;
import io.hdfslocalcache.datanode.fill.FillStats;
import io.hdfslocalcache.datanode.fill.GuardStats;
import io.hdfslocalcache.datanode.invalidate.InvalidationStats;
import io.hdfslocalcache.datanode.metrics.HostStats;
import io.hdfslocalcache.datanode.metrics.MetricCatalog;
import io.hdfslocalcache.datanode.read.ReadPathStats;
import io.hdfslocalcache.datanode.restore.RestoreStats;
import io.hdfslocalcache.datanode.shadow.ShadowStats;
import io.hdfslocalcache.datanode.space.SpaceStats;

/**
 * The descriptions of the cache's metrics: the stats classes whose {@code @Describe} constants name
 * them (each name and its description stay in their stats class). Here, in the package that wires
 * every component, because the metrics package may not depend on them (no package cycles). A stats
 * class missing here leaves its metrics undescribed, which {@code CacheMetricCatalogTest} catches.
 */
public final class CacheMetricCatalog {
  private static final MetricCatalog CATALOG =
      MetricCatalog.of(
          ReadPathStats.class,
          AdmissionStats.class,
          FillStats.class,
          GuardStats.class,
          DirectoryStats.class,
          SpaceStats.class,
          RestoreStats.class,
          InvalidationStats.class,
          AdminStats.class,
          HostStats.class,
          ShadowStats.class);

  private CacheMetricCatalog() {}

  public static MetricCatalog get() {
    return CATALOG;
  }
}
