package org.apache.hadoop.hdfs.server.datanode;

import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.util.DiskChecker.DiskErrorException;

/**
 * A stand-in DataNode whose dataset is another DataNode's dataset behind the cache: what Hadoop's
 * {@code FsDatasetImplTestUtils} needs to be built (it takes the dataset of the DataNode it is
 * given and must find an {@code FsDatasetImpl}). Built on DataNode's own test constructor (no
 * threads, no storage, nothing started), hence this package; a mock would cost Mockito's inline
 * agent start-up inside the timeouts of Hadoop's tests.
 */
public final class InnerDatasetDataNode extends DataNode {
  private final FsDatasetSpi<?> dataset;

  public InnerDatasetDataNode(DataNode of, FsDatasetSpi<?> inner) throws DiskErrorException {
    super(of.getConf());
    this.dataset = inner;
  }

  @Override
  public FsDatasetSpi<?> getFSDataset() {
    return dataset;
  }
}
