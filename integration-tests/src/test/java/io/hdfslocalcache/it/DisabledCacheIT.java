package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.hdfslocalcache.config.CacheKeys;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code enabled=false}, the operator's off-switch, starts a DataNode as stock HDFS even when
 * another cache key holds a value an enabled cache would refuse (it once stopped the DataNode).
 */
class DisabledCacheIT {
  @TempDir Path base;

  @Test
  void start_disabledWithAnInvalidKey_servesAsStock() throws Exception {
    Configuration conf = CacheCluster.conf(base);
    conf.set(CacheKeys.ENABLED, "false");
    conf.set(CacheKeys.READ_TIMEOUT, "10000d");
    conf.set(CacheKeys.DIRS, "relative/ssd");
    try (CacheCluster c = CacheCluster.start(conf, 1)) {
      assertEquals(1, c.cluster.getDataNodes().size());
      assertNull(c.cache(0), "no cache: the dataset is the inner factory's");
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/f");
      byte[] data = CacheCluster.bytes(3 * CacheCluster.BLOCK / 2, 1);
      try (FSDataOutputStream out = c.fs.create(p)) {
        out.write(data);
      }
      assertArrayEquals(data, c.readAll(p));
    }
  }
}
