package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;

import io.hdfslocalcache.config.CacheKeys;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.DataStorage;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.junit.jupiter.api.Test;

class LocalCacheDatasetFactoryTest {
  /**
   * The inner factory, as {@code inner.factory} names it: one dataset, standing for stock HDFS's.
   */
  public static final class StockFactory extends FsDatasetSpi.Factory<FsDatasetSpi<?>> {
    static final FsDatasetSpi<?> STOCK = mock(FsDatasetSpi.class);

    @Override
    public FsDatasetSpi<?> newInstance(DataNode datanode, DataStorage storage, Configuration conf) {
      return STOCK;
    }
  }

  private static Configuration badTimeout(String enabled) {
    Configuration conf = new Configuration(false);
    conf.set(CacheKeys.ENABLED, enabled);
    conf.set(CacheKeys.DIRS, "/ssd1/cache");
    conf.set(CacheKeys.READ_TIMEOUT, "10000d");
    conf.set(CacheKeys.INNER_FACTORY, StockFactory.class.getName());
    return conf;
  }

  @Test
  void newInstance_disabledWithAnInvalidKey_startsAsStock() throws IOException {
    // enabled=false is the off-switch: a bad value of another key once stopped the DataNode.
    assertSame(
        StockFactory.STOCK,
        new LocalCacheDatasetFactory().newInstance(null, null, badTimeout("false")));
  }

  @Test
  void newInstance_enabledWithAnInvalidKey_refusedNamingTheKey() {
    IOException e =
        assertThrows(
            IOException.class,
            () -> new LocalCacheDatasetFactory().newInstance(null, null, badTimeout("true")));
    assertTrue(e.getMessage().contains(CacheKeys.READ_TIMEOUT), e.getMessage());
  }
}
