package io.hdfslocalcache.bench.e2e;

import java.lang.reflect.Field;

/**
 * The io.file.buffer.size BlockSender uses in this JVM: it reads it once, statically, from
 * HdfsConfiguration (core-site.xml on the classpath), so no Configuration a test passes a DataNode
 * changes it, and the bench forks a JVM per value.
 */
final class BlockSenderBuffer {
  private BlockSenderBuffer() {}

  static final String KEY = "io.file.buffer.size";

  static int size() throws ReflectiveOperationException {
    Class<?> c =
        Class.forName(
            "org.apache.hadoop.hdfs.server.datanode.BlockSender",
            true,
            BlockSenderBuffer.class.getClassLoader());
    Field f = c.getDeclaredField("IO_FILE_BUFFER_SIZE");
    f.setAccessible(true);
    return f.getInt(null);
  }
}
