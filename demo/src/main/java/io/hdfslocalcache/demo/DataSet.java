package io.hdfslocalcache.demo;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Writes the demo's files: one block each, so block popularity is file popularity. */
final class DataSet {
  private DataSet() {}

  /** Writes {@code files} single-block files with one replica and returns their paths. */
  static List<Path> write(FileSystem fs, int files, long blockBytes, Progress progress)
      throws IOException {
    List<Path> out = new ArrayList<>();
    byte[] buf = new byte[1 << 20];
    Random rnd = new Random(1);
    for (int i = 0; i < files; i++) {
      Path p = new Path("/demo/file-" + i);
      try (FSDataOutputStream o = fs.create(p, true, 1 << 16, (short) 1, blockBytes)) {
        for (long left = blockBytes; left > 0; left -= buf.length) {
          rnd.nextBytes(buf);
          o.write(buf, 0, (int) Math.min(buf.length, left));
        }
      }
      out.add(p);
      progress.written(i + 1, files);
    }
    return out;
  }

  interface Progress {
    void written(int files, int total);
  }
}
