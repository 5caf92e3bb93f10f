package io.hdfslocalcache.demo.hdd;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.DataStorage;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.impl.FsDatasetFactory;

/**
 * Puts every DataNode volume behind an emulated spindle: Hadoop's normal dataset, wrapped so the
 * block and meta streams it opens read through {@link Spindle#serve}. Installed as the cache's
 * inner factory ({@code dfs.datanode.local-cache.inner.factory}), so cache hits never touch it,
 * exactly as SSD reads never touch a real HDD, while misses and fills do.
 */
public final class HddEmulatorDatasetFactory extends FsDatasetSpi.Factory<FsDatasetSpi<?>> {

  @Override
  public FsDatasetSpi<?> newInstance(DataNode datanode, DataStorage storage, Configuration conf)
      throws IOException {
    FsDatasetSpi<?> inner = new FsDatasetFactory().newInstance(datanode, storage, conf);
    HddEmulator hdd = HddEmulator.of(HddModel.from(conf));
    return (FsDatasetSpi<?>)
        Proxy.newProxyInstance(
            FsDatasetSpi.class.getClassLoader(),
            new Class<?>[] {FsDatasetSpi.class},
            (proxy, m, args) -> {
              if (m.getName().equals("equals") && args != null && args.length == 1) {
                return proxy == args[0];
              }
              Object r = forward(inner, m, args);
              if (r == null || args == null) {
                return r;
              }
              if (m.getName().equals("getBlockInputStream") && args.length == 2) {
                Spindle s = spindleOf(inner, (ExtendedBlock) args[0], hdd);
                return new ThrottledInputStream(
                    (InputStream) r,
                    s,
                    hdd.model().readaheadBytes(),
                    (Long) args[1],
                    n -> HddEmulator.countData(s, n));
              }
              if (m.getName().equals("getMetaDataInputStream") && args.length == 1) {
                LengthInputStream meta = (LengthInputStream) r;
                Spindle s = spindleOf(inner, (ExtendedBlock) args[0], hdd);
                return new LengthInputStream(
                    new ThrottledInputStream(
                        meta.getWrappedStream(), s, hdd.model().readaheadBytes(), 0, null),
                    meta.getLength());
              }
              return r;
            });
  }

  private static Object forward(Object target, Method m, Object[] args) throws Throwable {
    try {
      return m.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  private static Spindle spindleOf(FsDatasetSpi<?> inner, ExtendedBlock b, HddEmulator hdd) {
    // The stream was just opened, so the replica and its volume exist.
    return hdd.spindle(inner.getVolume(b).getStorageID());
  }
}
