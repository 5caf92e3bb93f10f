package io.hdfslocalcache.bench.e2e;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.apache.hadoop.fs.FSDataInputStream;

/**
 * What one row reads in a round, on any side: {@code readers} threads, each streaming the whole
 * file (starting at its own block, so two readers do not read in lock-step) or doing {@code preads}
 * 64 KiB positional reads at random offsets (the same offsets on every side in a round).
 */
record Workload(Shape shape, int readers, int preads) {
  private static final int STREAM_BUFFER = 1 << 20;

  /** Reads on {@code pool} (at least {@code readers} threads); returns the bytes read. */
  long run(ExecutorService pool, Side side, int round) throws Exception {
    List<Callable<Long>> work = new ArrayList<>();
    for (int r = 0; r < readers; r++) {
      int reader = r;
      work.add(
          () ->
              shape == Shape.STREAM
                  ? stream(side, reader)
                  : preads(side, new Random(31L * round + reader)));
    }
    long bytes = 0;
    for (Future<Long> f : pool.invokeAll(work)) {
      bytes += f.get();
    }
    return bytes;
  }

  private long stream(Side side, int reader) throws IOException {
    long blocks = (side.length + Side.BLOCK_SIZE - 1) / Side.BLOCK_SIZE;
    long start = blocks * reader / readers * Side.BLOCK_SIZE;
    byte[] buf = new byte[STREAM_BUFFER];
    long n = 0;
    try (FSDataInputStream in = side.open()) {
      n += readTo(in, start, side.length, buf);
      n += readTo(in, 0, start, buf);
    }
    return n;
  }

  private static long readTo(FSDataInputStream in, long from, long to, byte[] buf)
      throws IOException {
    in.seek(from);
    long n = 0;
    while (from + n < to) {
      int r = in.read(buf, 0, (int) Math.min(buf.length, to - from - n));
      if (r < 0) {
        throw new IOException("end of file at " + (from + n) + ", expected " + to);
      }
      n += r;
    }
    return n;
  }

  private long preads(Side side, Random random) throws IOException {
    byte[] buf = new byte[Shape.PREAD_BYTES];
    long sectors = (side.length - Shape.PREAD_BYTES) / 512;
    try (FSDataInputStream in = side.open()) {
      for (int i = 0; i < preads; i++) {
        in.readFully((long) (random.nextDouble() * sectors) * 512, buf);
      }
    }
    return (long) preads * Shape.PREAD_BYTES;
  }
}
