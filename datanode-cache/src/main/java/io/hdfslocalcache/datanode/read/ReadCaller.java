package io.hdfslocalcache.datanode.read;

/**
 * Who is opening a block's streams, found from the call stack. Only client reads count for
 * admission, and only client reads may be served from the cache: the scanner must see the HDD copy,
 * short-circuit needs real file descriptors, and DataNode-to-DataNode copies (re-replication,
 * balancer) read the HDD as stock HDFS does, so that the receiver, which verifies what it gets,
 * reports a rotten source replica to the NameNode. The method names are stable from Hadoop 2
 * through 3.5.
 */
enum ReadCaller {
  CLIENT_READ(true, true),
  BALANCER_COPY(false, false),
  REPLICATION(false, false),
  BLOCK_SCANNER(false, false),
  SHORT_CIRCUIT(false, false),
  OTHER(false, false);

  /** Counts as an access for admission. */
  final boolean countsForAdmission;

  /** May be served from the cache (verified bytes, identical to the HDD copy). */
  final boolean mayUseCache;

  ReadCaller(boolean countsForAdmission, boolean mayUseCache) {
    this.countsForAdmission = countsForAdmission;
    this.mayUseCache = mayUseCache;
  }

  private static final String DN = "org.apache.hadoop.hdfs.server.datanode.";
  private static final int MAX_DEPTH = 24;

  /**
   * DataXceiver names its thread {@code "DataXceiver for client ... [Sending block <b>]"} for the
   * whole of readBlock, the only operation that reads for a client.
   */
  static final String CLIENT_READ_THREAD_TAG = "[Sending block ";

  /**
   * Classifies the caller. Client reads, the hot case, are recognised from the thread name (~50
   * ns); everything else by walking at most a couple of dozen frames (~10 us measured here, 3% of a
   * 64 KB pread, which is why it is not the first test).
   */
  static ReadCaller current() {
    if (Thread.currentThread().getName().contains(CLIENT_READ_THREAD_TAG)) {
      return CLIENT_READ;
    }
    return walk();
  }

  static ReadCaller walk() {
    // StackWalker is Java 9+. A Throwable's trace is on Java 8 too; it captures the whole stack
    // (more than the walker's first frames, for non-client reads only). Reflection frames are
    // skipped uncounted, as the walker hides them: the dataset proxy adds a few per call.
    StackTraceElement[] frames = new Throwable().getStackTrace();
    int depth = 0;
    for (int i = 0; i < frames.length && depth < MAX_DEPTH; i++) {
      String cls = frames[i].getClassName();
      if (cls.startsWith("java.lang.reflect.")
          || cls.startsWith("jdk.internal.reflect.")
          || cls.startsWith("sun.reflect.")) {
        continue;
      }
      depth++;
      ReadCaller c = of(cls, frames[i].getMethodName());
      if (c != null) {
        return c;
      }
    }
    return OTHER;
  }

  static ReadCaller of(String className, String method) {
    if (!className.startsWith(DN)) {
      return null;
    }
    String simple = className.substring(DN.length());
    switch (simple) {
      case "DataXceiver":
        switch (method) {
          case "readBlock":
            return CLIENT_READ;
          case "copyBlock":
          case "replaceBlock":
            return BALANCER_COPY;
          case "requestShortCircuitFds":
            return SHORT_CIRCUIT;
          case "transferBlock":
            return REPLICATION;
          default:
            return null;
        }
      case "DataNode":
        // The descriptors' request, and the legacy reader's RPC for the files' paths.
        return method.equals("requestShortCircuitFdsForRead")
                || method.equals("getBlockLocalPathInfo")
            ? SHORT_CIRCUIT
            : null;
      case "DataNode$DataTransfer":
        return REPLICATION;
      case "VolumeScanner":
        return BLOCK_SCANNER;
      default:
        return null;
    }
  }
}
