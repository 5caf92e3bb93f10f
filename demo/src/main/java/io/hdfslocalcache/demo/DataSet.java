package io.hdfslocalcache.demo;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * Writes the demo's files: one block each, so block popularity is file popularity. File i goes to
 * DataNode i mod n (HDFS favored nodes): with a few dozen blocks, the NameNode's random choice
 * could put most of the hot set on one DataNode in one run and spread it in the next, and the
 * demo's figures swung with that luck (cache share 75-86%, HDD queue -52% to -92% on the same
 * code). Round-robin in write order is what a balanced cluster looks like, and it does not look at
 * popularity (ranks are shuffled onto files by the workload seed).
 */
final class DataSet {
  private DataSet() {}

  /** The written files, in write order, and how many landed on each DataNode. */
  record Written(List<Path> files, int[] blocksPerDataNode, int misplaced) {
    String placement() {
      StringBuilder b = new StringBuilder();
      for (int n : blocksPerDataNode) {
        b.append(b.length() == 0 ? "" : "/").append(n);
      }
      return b
          + " blocks per DataNode"
          + (misplaced == 0 ? "" : ", " + misplaced + " not on their round-robin DataNode");
    }
  }

  /**
   * Writes {@code files} single-block files with one replica, file i on {@code dataNodes[i mod n]}
   * (their transfer addresses), and reports where the blocks really are.
   */
  static Written write(
      DistributedFileSystem fs,
      List<InetSocketAddress> dataNodes,
      int files,
      long blockBytes,
      Progress progress)
      throws IOException {
    List<Path> out = new ArrayList<>();
    int[] perNode = new int[dataNodes.size()];
    int misplaced = 0;
    byte[] buf = new byte[1 << 20];
    Random rnd = new Random(1);
    for (int i = 0; i < files; i++) {
      Path p = new Path("/demo/file-" + i);
      InetSocketAddress target = dataNodes.get(i % dataNodes.size());
      try (FSDataOutputStream o =
          fs.create(
              p,
              FsPermission.getFileDefault(),
              true,
              1 << 16,
              (short) 1,
              blockBytes,
              null,
              new InetSocketAddress[] {target})) {
        for (long left = blockBytes; left > 0; left -= buf.length) {
          rnd.nextBytes(buf);
          o.write(buf, 0, (int) Math.min(buf.length, left));
        }
      }
      out.add(p);
      int at = dataNodeOf(fs, p, dataNodes);
      if (at >= 0) {
        perNode[at]++;
      }
      if (at != i % dataNodes.size()) {
        misplaced++;
      }
      progress.written(i + 1, files);
    }
    return new Written(out, perNode, misplaced);
  }

  /** Index in {@code dataNodes} of the DataNode holding the file's block, -1 if none of them. */
  private static int dataNodeOf(DistributedFileSystem fs, Path p, List<InetSocketAddress> dataNodes)
      throws IOException {
    BlockLocation[] locs = fs.getFileBlockLocations(p, 0, 1);
    if (locs.length == 0) {
      return -1;
    }
    for (String name : locs[0].getNames()) {
      for (int d = 0; d < dataNodes.size(); d++) {
        InetSocketAddress a = dataNodes.get(d);
        if (name.endsWith(":" + a.getPort())) {
          return d;
        }
      }
    }
    return -1;
  }

  interface Progress {
    void written(int files, int total);
  }
}
