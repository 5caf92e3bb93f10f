package io.hdfslocalcache.it.hadoop;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.FsDatasetImplTestUtilsFactory;
import org.apache.hadoop.hdfs.server.datanode.FsDatasetTestUtils;
import org.apache.hadoop.hdfs.server.datanode.InnerDatasetDataNode;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;

/**
 * What Hadoop's tests use to reach a DataNode's replicas on disk (corrupt, truncate, inject) when
 * the cache is installed. {@code FsDatasetTestUtils.Factory.getFactory} looks this class up under
 * the key named after the dataset factory ({@code ...LocalCacheDatasetTestUtilsFactory}, set in
 * hdfs-site.xml); Hadoop's own utilities insist on a DataNode whose dataset is an {@code
 * FsDatasetImpl}, so they are built over a stand-in DataNode that answers with the cache's inner
 * dataset (every volume's {@code getDataset()}). They change the HDD files as in stock HDFS; the
 * cache sees that as a DataNode sees a disk change under it.
 */
public final class CacheDatasetTestUtilsFactory
    extends FsDatasetTestUtils.Factory<FsDatasetTestUtils> {
  private final FsDatasetImplTestUtilsFactory stock = new FsDatasetImplTestUtilsFactory();

  @Override
  public FsDatasetTestUtils newInstance(DataNode datanode) {
    try {
      return stock.newInstance(new InnerDatasetDataNode(datanode, inner(datanode)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public int getDefaultNumOfDataDirs() {
    return stock.getDefaultNumOfDataDirs();
  }

  /** The dataset behind the cache's proxy: the one its volumes belong to. */
  private static FsDatasetSpi<?> inner(DataNode datanode) throws IOException {
    FsDatasetSpi<?> proxy = datanode.getFSDataset();
    try (FsDatasetSpi.FsVolumeReferences volumes = proxy.getFsVolumeReferences()) {
      return volumes.get(0).getDataset();
    }
  }
}
