package io.hdfslocalcache.ops.admin;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedStripedBlock;

/**
 * The blocks of an HDFS path, as the NameNode lists them to any client ({@code getBlockLocations}):
 * a file's, or every file's under a directory. Each block of an erasure-coded file is stored as its
 * internal blocks (the group's id plus the index of each), which is what a DataNode caches. The
 * path is resolved as {@code hdfs dfs} resolves it: a full {@code hdfs://} URI, or against {@code
 * fs.defaultFS} of the client configuration ({@code HADOOP_CONF_DIR}).
 */
final class PathBlocks {
  /** One block as a DataNode stores it. */
  record Block(String blockPoolId, long blockId) {}

  /** {@code path}'s files and their blocks, and the NameNode asked. */
  record Found(String path, int files, List<Block> blocks) {}

  private PathBlocks() {}

  static Found of(String path, Configuration conf) throws IOException {
    Path p = new Path(path);
    FileSystem fs = p.getFileSystem(conf);
    if (!(fs instanceof DistributedFileSystem dfs)) {
      throw new IllegalArgumentException(
          path + " is not on HDFS (" + fs.getUri() + "); give an hdfs:// path or set fs.defaultFS");
    }
    Path qualified = dfs.makeQualified(p);
    FileStatus status = dfs.getFileStatus(qualified); // FileNotFoundException names the path
    List<Block> blocks = new ArrayList<>();
    int files = 0;
    if (status.isFile()) {
      files = 1;
      add(dfs, qualified, status.getLen(), blocks);
    } else {
      RemoteIterator<LocatedFileStatus> it = dfs.listFiles(qualified, true);
      while (it.hasNext()) {
        LocatedFileStatus f = it.next();
        files++;
        add(dfs, f.getPath(), f.getLen(), blocks);
      }
    }
    return new Found(qualified.toString(), files, blocks);
  }

  private static void add(DistributedFileSystem dfs, Path file, long length, List<Block> out)
      throws IOException {
    String src = file.toUri().getPath();
    for (LocatedBlock lb :
        dfs.getClient().getLocatedBlocks(src, 0, Math.max(length, 1)).getLocatedBlocks()) {
      ExtendedBlock b = lb.getBlock();
      if (lb instanceof LocatedStripedBlock striped) {
        for (byte index : striped.getBlockIndices()) {
          out.add(new Block(b.getBlockPoolId(), b.getBlockId() + index));
        }
      } else {
        out.add(new Block(b.getBlockPoolId(), b.getBlockId()));
      }
    }
  }
}
