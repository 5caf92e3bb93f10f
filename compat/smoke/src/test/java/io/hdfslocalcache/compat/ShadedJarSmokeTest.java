package io.hdfslocalcache.compat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.util.VersionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator's install on one Hadoop release: its own jars plus the shaded
 * hdfs-local-cache-datanode jar, configured only through hdfs-site.xml keys (plain strings here,
 * as in the file). No class of this project is compiled against: the cache is reached through
 * its public API by reflection, so the test sees exactly what the jar exposes, relocated or not.
 */
class ShadedJarSmokeTest {
  private static final String FACTORY = "io.hdfslocalcache.datanode.LocalCacheDatasetFactory";
  private static final int BLOCK = 1024 * 1024;

  @TempDir
  Path base;

  @Test
  void classpath_isThisHadoopPlusTheShadedJarOnly() throws Exception {
    assertEquals(System.getProperty("compat.hadoop.version"), VersionInfo.getVersion(),
        "Hadoop on the test classpath");
    Path jar = shadedJar();

    // Our classes and Alluxio's come from the shaded jar, not from target/classes or a local repo.
    for (String c : List.of(FACTORY, "alluxio.client.file.cache.LocalCacheManager",
        "alluxio.conf.PropertyKey", "org.rocksdb.RocksDB",
        "io.hdfslocalcache.shaded.com.google.common.base.Preconditions",
        "io.hdfslocalcache.shaded.com.codahale.metrics.MetricRegistry")) {
      assertEquals(jar, origin(Class.forName(c, false, loader())), c);
    }
    // Alluxio's libraries are relocated: none is in the jar under its own name (Hadoop may still
    // bring its own, older copy of some; those must not come from us).
    for (String r : List.of("com/google/common/base/Preconditions.class",
        "com/google/protobuf/Message.class", "com/fasterxml/jackson/databind/ObjectMapper.class",
        "com/codahale/metrics/MetricRegistry.class", "io/netty/util/Version.class",
        "io/grpc/Context.class", "com/google/gson/Gson.class",
        "org/apache/commons/lang3/StringUtils.class", "org/apache/commons/io/IOUtils.class",
        // No logging API or binding of our own: the DataNode's own SLF4J and log4j stay in charge.
        "org/slf4j/LoggerFactory.class", "org/slf4j/impl/StaticLoggerBinder.class",
        "org/apache/logging/log4j/LogManager.class",
        "org/apache/logging/slf4j/Log4jLoggerFactory.class", "org/apache/log4j/Logger.class")) {
      for (URL u : Collections.list(loader().getResources(r))) {
        assertFalse(u.toString().contains(jar.getFileName().toString()), r + " in " + u);
      }
    }
    String binding = org.slf4j.LoggerFactory.getILoggerFactory().getClass().getName();
    assertFalse(binding.startsWith("org.apache.logging"), "SLF4J bound to " + binding);
    // No unshaded copy of ours anywhere on the classpath.
    assertEquals(1, Collections.list(loader().getResources(
        "io/hdfslocalcache/datanode/LocalCacheDatasetFactory.class")).size());
    // Every class in the jar is ours, Alluxio's, RocksDB's or relocated under our prefix: nothing
    // that could shadow a class of the DataNode's own classpath.
    try (java.util.zip.ZipFile z = new java.util.zip.ZipFile(jar.toFile())) {
      List<String> foreign = z.stream().map(java.util.zip.ZipEntry::getName)
          .filter(n -> n.endsWith(".class") && !n.startsWith("io/hdfslocalcache/")
              && !n.startsWith("alluxio/") && !n.startsWith("org/rocksdb/"))
          .collect(java.util.stream.Collectors.toList());
      assertEquals(List.of(), foreign);
      // Hadoop 3.3/3.4 DataNodes run on Java 8: every class must be Java 8 bytecode (major
      // version 52 at offset 6), or the DataNode fails with UnsupportedClassVersionError.
      List<String> tooNew = new ArrayList<>();
      for (java.util.zip.ZipEntry e : Collections.list(z.entries())) {
        if (!e.getName().endsWith(".class")) {
          continue;
        }
        try (java.io.InputStream in = z.getInputStream(e)) {
          byte[] head = in.readNBytes(8);
          int major = head.length < 8 ? -1 : (head[6] & 0xff) << 8 | (head[7] & 0xff);
          if (major > 52 || major < 0) {
            tooNew.add(e.getName() + " (major " + major + ")");
          }
        }
      }
      assertEquals(List.of(), tooNew, "classes newer than Java 8 in " + jar);
    }
  }

  /**
   * The jar carries RocksDB's native library for every platform docs/compatibility.md lists as
   * supported, and for no other: a platform filtered out of the jar (the DataNode there would run
   * without the cache) fails here, as does one added without saying so.
   */
  @Test
  void rocksDbNatives_exactlyThePlatformsCompatibilityMdLists() throws Exception {
    Path root = Path.of(System.getProperty("compat.repo.root"));
    java.util.Set<String> listed = new java.util.TreeSet<>();
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("^\\| Linux [^|]+\\| `(librocksdbjni-[^`]+)` \\|$",
                java.util.regex.Pattern.MULTILINE)
            .matcher(Files.readString(root.resolve("docs/compatibility.md")));
    while (m.find()) {
      listed.add(m.group(1));
    }
    assertTrue(listed.contains("librocksdbjni-linux64.so"), "platforms in compatibility.md: " + listed);
    assertTrue(listed.contains("librocksdbjni-linux-aarch64.so"),
        "platforms in compatibility.md: " + listed);
    java.util.Set<String> inJar = new java.util.TreeSet<>();
    try (java.util.zip.ZipFile z = new java.util.zip.ZipFile(shadedJar().toFile())) {
      z.stream().map(java.util.zip.ZipEntry::getName)
          .filter(n -> n.startsWith("librocksdbjni")).forEach(inJar::add);
    }
    assertEquals(listed, inJar, "RocksDB natives in the jar vs the platforms docs/compatibility.md lists");
  }

  /**
   * Every class on the cache's own path links and initializes on this Hadoop: not only those one
   * happy-path run touches (error paths: Alluxio's exceptions, disk-full, restore, RocksDB).
   * Alluxio's remote-client packages (alluxio.grpc, block streams, TLS) are in the jar, but the
   * libraries they need (grpc-core, grpc-netty, grpc-protobuf, netty-tcnative) are left out on
   * purpose, so they are not checked.
   */
  @Test
  void everyClassOnTheLocalCachePath_linksAndInitializes() throws Exception {
    List<String> prefixes = List.of("io/hdfslocalcache/datanode/", "io/hdfslocalcache/ratelimit/",
        "io/hdfslocalcache/config/",
        "alluxio/client/file/cache/", "alluxio/conf/", "alluxio/exception/", "alluxio/resource/",
        "alluxio/collections/", "alluxio/util/io/", "alluxio/metrics/MetricsSystem", "org/rocksdb/");
    List<String> failed = new ArrayList<>();
    int loaded = 0;
    try (java.util.zip.ZipFile z = new java.util.zip.ZipFile(shadedJar().toFile())) {
      for (java.util.zip.ZipEntry e : Collections.list(z.entries())) {
        String n = e.getName();
        if (!n.endsWith(".class") || prefixes.stream().noneMatch(n::startsWith)) {
          continue;
        }
        String name = n.substring(0, n.length() - ".class".length()).replace('/', '.');
        try {
          Class.forName(name, true, loader());
          loaded++;
        } catch (Throwable t) {
          failed.add(name + ": " + t);
        }
      }
    }
    assertEquals(List.of(), failed);
    assertTrue(loaded > 300, "only " + loaded + " classes checked");
  }

  /**
   * The operator's reference files name every key of CacheKeys (the example sets each, or
   * shows it commented out when it has no default), and the example file, taken as it is, is a
   * valid configuration.
   */
  @Test
  void exampleConfiguration_namesEveryKeyAndIsValid() throws Exception {
    Path root = Path.of(System.getProperty("compat.repo.root"));
    Path example = root.resolve("conf/hdfs-site.xml.example");
    String table = Files.readString(root.resolve("docs/configuration.md"));
    Configuration conf = new Configuration(false);
    conf.addResource(new org.apache.hadoop.fs.Path(example.toUri()));
    Class<?> config = Class.forName("io.hdfslocalcache.datanode.settings.CacheConfig", true, loader());
    Class<?> names = Class.forName("io.hdfslocalcache.config.CacheKeys", true, loader());
    List<String> keys = new ArrayList<>();
    for (java.lang.reflect.Field f : names.getFields()) {
      // the prefixes (the keys' own, a shadow candidate's) end in '.' and are no keys
      if (java.lang.reflect.Modifier.isStatic(f.getModifiers()) && f.getType() == String.class
          && ((String) f.get(null)).startsWith("dfs.datanode.local-cache.")
          && !((String) f.get(null)).endsWith(".")) {
        keys.add((String) f.get(null));
      }
    }
    assertTrue(keys.size() >= 16, "keys found: " + keys);
    String exampleText = Files.readString(example);
    for (String k : keys) {
      // A key with no default value (shadow.candidates) is shown commented out.
      assertTrue(
          conf.get(k) != null || exampleText.contains("<name>" + k + "</name>"),
          k + " missing from " + example);
      assertTrue(table.contains("`" + k + "`"), k + " missing from docs/configuration.md");
    }
    Object parsed = config.getMethod("from", Configuration.class).invoke(null, conf);
    assertEquals(2, ((List<?>) call(parsed, "dirs")).size());
    // The example shows the defaults: it parses to what the directories key alone gives.
    Configuration onlyDirs = new Configuration(false);
    onlyDirs.set("dfs.datanode.local-cache.dirs", conf.get("dfs.datanode.local-cache.dirs"));
    assertEquals(config.getMethod("from", Configuration.class).invoke(null, onlyDirs), parsed,
        "a value in " + example + " differs from the code's default");
  }

  @Test
  void writeReadThroughCacheAppendDelete() throws Exception {
    shadedJar();
    Path ssd = base.resolve("ssd");
    // As docs/install.md says: the directory exists on the SSD and holds the marker.
    Files.createDirectories(ssd);
    Files.createFile(ssd.resolve("hdfs-local-cache.marker"));
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, base.resolve("dfs").toString());
    // The operator's hdfs-site.xml, key by key.
    conf.set("dfs.datanode.fsdataset.factory", FACTORY);
    conf.set("dfs.datanode.local-cache.dirs", ssd.toString());
    conf.set("dfs.datanode.local-cache.capacity", "64m");
    conf.set("dfs.datanode.local-cache.page.size", "64k");
    conf.set("dfs.datanode.local-cache.admission.threshold", "1");
    // A small, quiet cluster.
    conf.setLong("dfs.blocksize", BLOCK);
    conf.setInt("dfs.heartbeat.interval", 1);
    conf.setInt("dfs.datanode.scan.period.hours", -1);

    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    try {
      cluster.waitActive();
      DistributedFileSystem fs = cluster.getFileSystem();
      DataNode dn = cluster.getDataNodes().get(0);
      Object cache = cacheOf(dn.getFSDataset());
      assertNotNull(cache, "cache not active on the DataNode");
      String uuid = dn.getDatanodeUuid();
      Path pages = ssd.resolve(uuid).resolve("LOCAL");
      assertTrue(Files.isDirectory(pages), pages + " missing");

      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/smoke.bin");
      byte[] data = bytes(2 * BLOCK + 12_345, 1);
      try (FSDataOutputStream out = fs.create(p, true, 4096, (short) 1, BLOCK)) {
        out.write(data);
      }
      List<Long> blockIds = blockIds(fs, p);
      assertEquals(3, blockIds.size());

      assertArrayEquals(data, readAll(fs, p)); // counted
      assertArrayEquals(data, readAll(fs, p)); // more than 1 read: admitted, fills queued
      await("page files of all blocks on the SSD",
          () -> blockIds.stream().allMatch(id -> pageFiles(ssd, id) > 0)
              && cachedBlocks(cache) == blockIds.size());
      long hits = counter(cache, "read.hits");
      long packets = transferToPackets(dn);
      assertArrayEquals(data, readAll(fs, p));
      assertEquals(hits + blockIds.size(), counter(cache, "read.hits"),
          "third read served from the cache");
      // This Hadoop's BlockSender sent the hits with transferTo (FileIoProvider and
      // SocketOutputStream of this version), in 64 KB packets.
      assertTrue(transferToPackets(dn) - packets >= data.length / 65536,
          "cache hits sent with transferTo");

      byte[] more = bytes(1000, 2);
      try (FSDataOutputStream out = fs.append(p)) {
        out.write(more);
      }
      byte[] expected = new byte[data.length + more.length];
      System.arraycopy(data, 0, expected, 0, data.length);
      System.arraycopy(more, 0, expected, data.length, more.length);
      assertArrayEquals(expected, readAll(fs, p));
      assertArrayEquals(expected, readAll(fs, p));
      assertTrue(counter(cache, "store.invalidations.append") >= 1, "append dropped the entry");

      assertTrue(fs.delete(p, false));
      await("cache entries and page files dropped after delete",
          () -> cachedBlocks(cache) == 0
              && blockIds.stream().allMatch(id -> pageFiles(ssd, id) == 0));
      assertFalse(fs.exists(p));
    } finally {
      cluster.shutdown();
    }
  }

  /**
   * Shadow mode from the shaded jar: the cache-model code loads and runs inside this Hadoop's
   * DataNode, reads are served as without the cache, nothing appears on the SSD directory.
   */
  @Test
  void shadowModeModelsReadsWritesNothing() throws Exception {
    shadedJar();
    Path ssd = base.resolve("shadow-ssd");
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, base.resolve("shadow-dfs").toString());
    conf.set("dfs.datanode.fsdataset.factory", FACTORY);
    conf.set("dfs.datanode.local-cache.mode", "shadow");
    conf.set("dfs.datanode.local-cache.dirs", ssd.toString());
    conf.set("dfs.datanode.local-cache.shadow.candidates", "t0,block");
    conf.set("dfs.datanode.local-cache.shadow.candidate.t0", "threshold=0,capacity=64m");
    conf.set("dfs.datanode.local-cache.shadow.candidate.block", "fill=block,threshold=0");
    conf.setLong("dfs.blocksize", BLOCK);
    conf.setInt("dfs.datanode.scan.period.hours", -1);
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    try {
      cluster.waitActive();
      DistributedFileSystem fs = cluster.getFileSystem();
      DataNode dn = cluster.getDataNodes().get(0);
      assertEquals(null, cacheOf(dn.getFSDataset()), "no cache in shadow mode");
      Object feed =
          ((java.util.Optional<?>)
                  Class.forName(FACTORY)
                      .getMethod("shadowOf", FsDatasetSpi.class)
                      .invoke(null, dn.getFSDataset()))
              .orElseThrow();
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/shadow.bin");
      byte[] data = bytes(BLOCK + 777, 3);
      try (FSDataOutputStream out = fs.create(p, true, 4096, (short) 1, BLOCK)) {
        out.write(data);
      }
      assertArrayEquals(data, readAll(fs, p));
      assertArrayEquals(data, readAll(fs, p)); // 4 block reads: the second two hit at threshold 0
      await("the models to see 4 reads", () -> {
        try {
          return (Long) call(feed, "applied") == 4;
        } catch (ReflectiveOperationException e) {
          throw new AssertionError(e);
        }
      });
      for (String candidate : List.of("t0", "block")) {
        Object totals =
            feed.getClass().getMethod("totals", String.class).invoke(feed, candidate);
        assertEquals(2L, totals.getClass().getField("hits").get(totals), candidate);
      }
      assertFalse(Files.exists(ssd), "nothing on the SSD directory in shadow mode");
    } finally {
      cluster.shutdown();
    }
  }

  private static Path shadedJar() throws IOException {
    Path jar = Path.of(System.getProperty("compat.shaded.jar"));
    assertTrue(Files.isRegularFile(jar), jar + " missing: build it first with"
        + " mvn -pl datanode-cache -am install -DskipTests");
    return jar.toRealPath();
  }

  private static ClassLoader loader() {
    return ShadedJarSmokeTest.class.getClassLoader();
  }

  private static Path origin(Class<?> c) throws Exception {
    return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toRealPath();
  }

  /** {@code LocalCacheDatasetFactory.cacheOf(dataset)}: public API, called as a plugin would. */
  private static Object cacheOf(FsDatasetSpi<?> dataset) throws Exception {
    return Class.forName(FACTORY).getMethod("cacheOf", FsDatasetSpi.class).invoke(null, dataset);
  }

  /** {@code cache.metrics().counter(name).getCount()}. */
  private static long counter(Object cache, String name) {
    try {
      Object registry = call(cache, "metrics");
      Object c = registry.getClass().getMethod("counter", String.class).invoke(registry, name);
      return (Long) call(c, "getCount");
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  private static int cachedBlocks(Object cache) {
    try {
      return (Integer) call(cache, "cachedBlocks");
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  private static Object call(Object target, String method) throws ReflectiveOperationException {
    Method m = target.getClass().getMethod(method);
    return m.invoke(target);
  }

  /**
   * Page files on the SSD, as an operator would see them, of any version of a block; -1 when a
   * file vanished during the walk (pages being deleted): the caller polls again.
   */
  private static long pageFiles(Path ssd, long blockId) {
    try (Stream<Path> s = Files.walk(ssd)) {
      return s.filter(Files::isRegularFile)
          .filter(f -> f.toString().contains("_blk_" + blockId + "_")).count();
    } catch (UncheckedIOException e) {
      if (e.getCause() instanceof java.nio.file.NoSuchFileException) {
        return -1;
      }
      throw e;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Packets the DataNode sent with transferTo: its own SendDataPacketTransferNanos. */
  private static long transferToPackets(DataNode dn) {
    org.apache.hadoop.metrics2.impl.MetricsCollectorImpl got =
        new org.apache.hadoop.metrics2.impl.MetricsCollectorImpl();
    org.apache.hadoop.metrics2.lib.DefaultMetricsSystem.instance()
        .getSource(dn.getMetrics().name()).getMetrics(got, true);
    for (org.apache.hadoop.metrics2.MetricsRecord r : got.getRecords()) {
      for (org.apache.hadoop.metrics2.AbstractMetric m : r.metrics()) {
        if (m.name().equals("SendDataPacketTransferNanosNumOps")) {
          return m.value().longValue();
        }
      }
    }
    throw new IllegalStateException("no SendDataPacketTransferNanosNumOps");
  }

  private static List<Long> blockIds(DistributedFileSystem fs, org.apache.hadoop.fs.Path p)
      throws IOException {
    List<Long> out = new ArrayList<>();
    for (LocatedBlock lb : fs.getClient().getLocatedBlocks(p.toString(), 0, Long.MAX_VALUE)
        .getLocatedBlocks()) {
      out.add(lb.getBlock().getBlockId());
    }
    return out;
  }

  private static byte[] readAll(DistributedFileSystem fs, org.apache.hadoop.fs.Path p)
      throws IOException {
    byte[] buf = new byte[(int) fs.getFileStatus(p).getLen()];
    try (FSDataInputStream in = fs.open(p)) {
      IOUtils.readFully(in, buf, 0, buf.length);
    }
    return buf;
  }

  private static byte[] bytes(int length, long seed) {
    byte[] b = new byte[length];
    new Random(seed).nextBytes(b);
    return b;
  }

  /** Polls (no fixed sleep as proof): fills and invalidations are asynchronous. */
  private static void await(String what, BooleanSupplier cond) throws Exception {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (!cond.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new TimeoutException("timed out waiting for " + what);
      }
      Thread.sleep(20);
    }
  }
}
