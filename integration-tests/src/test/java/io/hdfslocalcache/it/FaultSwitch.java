package io.hdfslocalcache.it;

import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.datanode.store.FaultInjectors;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;

/**
 * A cluster's fault hooks, which its test turns on and off while the DataNodes run: the injector
 * {@link CacheCluster#conf} registers for the DataNodes of that configuration (restarts included),
 * forwarding every hook to what the test set last (nothing at first).
 */
final class FaultSwitch extends CacheFaultInjector {
  private volatile CacheFaultInjector current = CacheFaultInjector.NONE;
  private final String id;

  private FaultSwitch() {
    this.id = FaultInjectors.register(this);
  }

  /** A fresh switch, named in {@code conf}: the DataNodes started with it call its hooks. */
  static void install(Configuration conf) {
    conf.set(FaultInjectors.KEY, new FaultSwitch().id);
  }

  /** The switch {@code conf} names. */
  static FaultSwitch of(Configuration conf) {
    return (FaultSwitch) FaultInjectors.of(conf.get(FaultInjectors.KEY));
  }

  /** Forwards the hooks to {@code injector} from now on; null: no faults. */
  void set(CacheFaultInjector injector) {
    current = injector == null ? CacheFaultInjector.NONE : injector;
  }

  /** Forgets the switch once its cluster is gone. */
  void unregister() {
    FaultInjectors.unregister(id);
  }

  @Override
  public void beforePageRead(String fileId, long pageIndex) throws IOException {
    current.beforePageRead(fileId, pageIndex);
  }

  @Override
  public void beforePageWrite(String fileId, long pageIndex) throws IOException {
    current.beforePageWrite(fileId, pageIndex);
  }

  @Override
  public void beforeDirectoryOpen(Path dir) throws IOException {
    current.beforeDirectoryOpen(dir);
  }

  @Override
  public void beforeIndexWrite(Path index) {
    current.beforeIndexWrite(index);
  }

  @Override
  public void beforeHddMetaReopen(String blockName) throws IOException {
    current.beforeHddMetaReopen(blockName);
  }

  @Override
  public void beforeIndexOpen(Path dir) {
    current.beforeIndexOpen(dir);
  }

  @Override
  public long usableSpace(Path dir, long actual) {
    return current.usableSpace(dir, actual);
  }
}
