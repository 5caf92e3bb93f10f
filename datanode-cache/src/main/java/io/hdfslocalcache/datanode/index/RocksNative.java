package io.hdfslocalcache.datanode.index;

import org.rocksdb.RocksDB;

/**
 * Loads RocksDB's native library once per JVM and keeps the outcome.
 *
 * <p>Why not {@link RocksDB#loadLibrary()} from every directory's open: when the jar has no library
 * for this platform (one docs/compatibility.md does not list), RocksDB throws a RuntimeException,
 * not a LinkageError, and when the library cannot load (a {@code noexec} tmp) an
 * UnsatisfiedLinkError; either way it leaves its state "loading", so every later call, such as the
 * next directory's open on its own thread, spins forever. Here the first attempt is the only one: a
 * failure becomes an {@link UnsatisfiedLinkError} naming the platform, thrown to that caller and to
 * every later one, so the cache is disabled at once with one clear reason. The lock is held only
 * for the load.
 */
final class RocksNative {
  private static final Object LOCK = new Object();

  // guarded by LOCK; both unset until the first attempt ends
  private static boolean loaded;
  private static String failure;

  private RocksNative() {}

  /** Loads the library, or throws {@link UnsatisfiedLinkError} saying why it cannot. */
  static void load() {
    synchronized (LOCK) {
      if (loaded) {
        return;
      }
      if (failure == null) {
        try {
          RocksDB.loadLibrary();
          loaded = true;
          return;
        } catch (RuntimeException | LinkageError e) {
          failure =
              "RocksDB's native library does not load on this platform (os.name="
                  + System.getProperty("os.name")
                  + ", os.arch="
                  + System.getProperty("os.arch")
                  + "; docs/compatibility.md lists the platforms the jar carries it for): "
                  + e;
        }
      }
      throw new UnsatisfiedLinkError(failure);
    }
  }
}
