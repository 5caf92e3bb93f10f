package io.hdfslocalcache.datanode.store;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How a MiniDFSCluster test hands its {@link CacheFaultInjector} to the DataNodes it starts.
 *
 * <p>Why a registry: Hadoop builds the dataset itself, from the factory class a configuration names
 * ({@code dfs.datanode.fsdataset.factory}), and a {@code Configuration} carries only strings. So a
 * test registers its injector here under a fresh id and puts the id into the configuration ({@link
 * #KEY}); each DataNode started with that configuration (a restart too) looks it up once, at
 * construction, and passes it down. Nothing reads this map on an I/O path; a DataNode whose
 * configuration names no id, every production one, gets {@link CacheFaultInjector#NONE}; and a
 * test's injector reaches only the DataNodes of its own configuration, never another test's.
 *
 * <p>The key lies outside {@code dfs.datanode.local-cache.*} on purpose: it is no operator setting.
 */
public final class FaultInjectors {
  /** Names a registered injector; tests only. */
  public static final String KEY = "hdfs-local-cache.test.fault-injector";

  private static final Map<String, CacheFaultInjector> REGISTERED = new ConcurrentHashMap<>();
  private static final AtomicLong IDS = new AtomicLong();

  private FaultInjectors() {}

  /** Registers {@code injector}; returns the id to set under {@link #KEY}. */
  public static String register(CacheFaultInjector injector) {
    String id = "faults-" + IDS.incrementAndGet();
    REGISTERED.put(id, injector);
    return id;
  }

  /** Forgets the injector of {@code id} (DataNodes already built keep theirs). */
  public static void unregister(String id) {
    REGISTERED.remove(id);
  }

  /**
   * The injector named by {@code id}, the value of {@link #KEY}: {@link CacheFaultInjector#NONE}
   * for null; an id nobody registered is a clear error, never silently no faults.
   */
  public static CacheFaultInjector of(String id) {
    if (id == null) {
      return CacheFaultInjector.NONE;
    }
    CacheFaultInjector f = REGISTERED.get(id);
    if (f == null) {
      throw new IllegalArgumentException(
          KEY + " = " + id + " names no registered fault injector (a test-only key)");
    }
    return f;
  }
}
