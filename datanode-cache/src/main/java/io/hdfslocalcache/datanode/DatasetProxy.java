package io.hdfslocalcache.datanode;

import io.hdfslocalcache.datanode.read.ShortCircuitOpens;
import io.hdfslocalcache.datanode.shadow.ShadowFeed;
import java.io.IOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Optional;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;

/**
 * What both dataset wrappers share: a {@link Proxy} over {@link FsDatasetSpi} that forwards every
 * call to the real dataset unless the subclass intercepts it, answers {@code equals}, {@code
 * hashCode} and {@code toString} for itself, tells the subclass (a {@link ReplicaChanges.Sink})
 * each replica a call deletes or changes before the call goes on, counts the short-circuit opens it
 * serves in either mode ({@link ShortCircuitOpens}), and holds the shadow feed, if any. A proxy
 * rather than a hand-written forwarder because the interface differs between Hadoop 3.3 and 3.4+.
 */
abstract class DatasetProxy implements InvocationHandler, ReplicaChanges.Sink {
  final FsDatasetSpi<?> inner;
  private final Optional<ShadowFeed> shadow;
  private final ShortCircuitOpens shortCircuit;
  private final ReplicaChanges changes;

  DatasetProxy(
      FsDatasetSpi<?> inner,
      Optional<ShadowFeed> shadow,
      ShortCircuitOpens shortCircuit,
      ReplicaChanges changes) {
    this.inner = inner;
    this.shadow = shadow;
    this.shortCircuit = shortCircuit;
    this.changes = changes;
  }

  /** The dataset {@code handler} answers for. */
  static FsDatasetSpi<?> proxy(DatasetProxy handler) {
    return (FsDatasetSpi<?>)
        Proxy.newProxyInstance(
            FsDatasetSpi.class.getClassLoader(), new Class<?>[] {FsDatasetSpi.class}, handler);
  }

  /** The handler behind a dataset of ours, or empty. */
  static Optional<DatasetProxy> of(Object dataset) {
    if (dataset != null
        && Proxy.isProxyClass(dataset.getClass())
        && Proxy.getInvocationHandler(dataset) instanceof DatasetProxy) {
      return Optional.of((DatasetProxy) Proxy.getInvocationHandler(dataset));
    }
    return Optional.empty();
  }

  /** The shadow models fed by this dataset's reads, if it runs any. */
  Optional<ShadowFeed> shadow() {
    return shadow;
  }

  /** The subclass's name in {@code toString}, e.g. {@code LocalCache}. */
  abstract String label();

  /**
   * One lookup decides the call ({@link DatasetCall}): the {@code Object} methods are answered
   * here, the calls that delete or change a replica are told to {@link ReplicaChanges} before they
   * go on, and the rest is the subclass's; a read touches nothing of the write side.
   */
  @Override
  public final Object invoke(Object proxy, Method m, Object[] args) throws Throwable {
    DatasetCall call = DatasetCall.of(m);
    switch (call) {
      case EQUALS:
        return proxy == args[0];
      case HASH_CODE:
        return System.identityHashCode(proxy);
      case TO_STRING:
        return label() + "(" + inner + ")";
      case INVALIDATE:
      case INVALIDATE_MISSING_BLOCK:
      case APPEND:
      case INIT_REPLICA_RECOVERY:
      case UPDATE_REPLICA_UNDER_RECOVERY:
        changes.tell(call, args, this);
        return forward(m, args);
      case META_STREAM:
        return shortCircuit.metaOpened(handle(call, m, args));
      case LOCAL_PATH_INFO:
        return shortCircuit.pathsGiven(handle(call, m, args));
      default:
        return handle(call, m, args);
    }
  }

  /**
   * What the subclass does with {@code call}; {@link #forward} for a call it does not intercept.
   */
  abstract Object handle(DatasetCall call, Method m, Object[] args) throws Throwable;

  /** {@link #forward} for the stream opens, which declare only IOException. */
  final Object forwardRead(Method m, Object[] args) throws IOException {
    try {
      return forward(m, args);
    } catch (IOException | RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IOException(t);
    }
  }

  final Object forward(Method m, Object[] args) throws Throwable {
    try {
      return m.invoke(inner, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
