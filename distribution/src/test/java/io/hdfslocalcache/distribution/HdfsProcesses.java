package io.hdfslocalcache.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;

/**
 * A NameNode and one DataNode, each its own JVM started with {@code java} on Hadoop's jars (the
 * class path Maven wrote to {@code hadoop.server.classpath}), configured through a directory of
 * {@code core-site.xml} and {@code hdfs-site.xml} on that class path as an install would be. The
 * DataNode also gets the jars and keys the caller passes: the release's DataNode jar through the
 * class path, as {@code HADOOP_CLASSPATH} puts it there. Loopback only; the NameNode's ports are
 * picked free, the DataNode's are ephemeral (the NameNode reports them). {@link #close} kills both.
 */
final class HdfsProcesses implements AutoCloseable {
  /** The cluster's block size: 1 MiB, HDFS's smallest, so a small file has several blocks. */
  static final int BLOCK = 1024 * 1024;

  private static final long START_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(90);

  final Path base;
  final int nameNodeRpcPort;
  final int nameNodeHttpPort;
  private final List<Process> processes = new ArrayList<>();

  private HdfsProcesses(Path base, int rpc, int http) {
    this.base = base;
    this.nameNodeRpcPort = rpc;
    this.nameNodeHttpPort = http;
  }

  /**
   * Formats and starts the NameNode, then the DataNode with {@code dataNodeJars} on its class path
   * and {@code dataNodeKeys} in its hdfs-site.xml; returns once the NameNode lists it live.
   */
  static HdfsProcesses start(Path base, List<Path> dataNodeJars, Map<String, String> dataNodeKeys)
      throws Exception {
    UnpackedRelease.deleteTree(base);
    Files.createDirectories(base);
    HdfsProcesses h = new HdfsProcesses(base, freePort(), freePort());
    try {
      Path nnConf = h.confDir("namenode-conf", Map.of());
      Path dnConf = h.confDir("datanode-conf", dataNodeKeys);
      String nn = "org.apache.hadoop.hdfs.server.namenode.NameNode";
      Process format =
          h.java("format", nnConf, List.of(), nn, "-format", "-force", "-nonInteractive");
      if (!format.waitFor(60, TimeUnit.SECONDS)) {
        throw new TimeoutException("NameNode -format still running: " + h.log("format"));
      }
      assertEquals(0, format.exitValue(), "NameNode -format: " + h.log("format"));
      h.processes.remove(format);
      h.java("namenode", nnConf, List.of(), nn);
      h.java("datanode", dnConf, dataNodeJars, "org.apache.hadoop.hdfs.server.datanode.DataNode");
      h.awaitLiveDataNode();
      return h;
    } catch (Exception | Error e) {
      h.close();
      throw e;
    }
  }

  /** The stock client's configuration: only the NameNode's address. */
  Configuration clientConf() {
    Configuration conf = new Configuration(false);
    conf.set("fs.defaultFS", "hdfs://127.0.0.1:" + nameNodeRpcPort);
    return conf;
  }

  DistributedFileSystem client() throws IOException {
    return (DistributedFileSystem) FileSystem.newInstance(clientConf());
  }

  /** The live DataNode as the NameNode reports it (its ephemeral ports included). */
  DatanodeInfo dataNode() throws IOException {
    try (DistributedFileSystem fs = client()) {
      DatanodeInfo[] live = fs.getDataNodeStats(DatanodeReportType.LIVE);
      assertEquals(1, live.length, Arrays.toString(live));
      return live[0];
    }
  }

  /** What the process {@code name} wrote to stdout and stderr so far. */
  String log(String name) throws IOException {
    Path log = base.resolve(name + ".log");
    return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
  }

  @Override
  public void close() {
    for (Process p : processes) {
      p.destroyForcibly();
    }
    for (Process p : processes) {
      try {
        p.waitFor(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private Path confDir(String name, Map<String, String> extraHdfsKeys) throws IOException {
    Path dir = base.resolve(name);
    Files.createDirectories(dir);
    Configuration core = new Configuration(false);
    core.set("fs.defaultFS", "hdfs://127.0.0.1:" + nameNodeRpcPort);
    core.set("hadoop.tmp.dir", base.resolve("tmp").toString());
    write(core, dir.resolve("core-site.xml"));

    Configuration hdfs = new Configuration(false);
    hdfs.set("dfs.namenode.name.dir", base.resolve("name").toString());
    hdfs.set("dfs.datanode.data.dir", base.resolve("data").toString());
    hdfs.set("dfs.namenode.rpc-address", "127.0.0.1:" + nameNodeRpcPort);
    hdfs.set("dfs.namenode.http-address", "127.0.0.1:" + nameNodeHttpPort);
    hdfs.set("dfs.namenode.secondary.http-address", "127.0.0.1:0");
    hdfs.set("dfs.datanode.address", "127.0.0.1:0");
    hdfs.set("dfs.datanode.http.address", "127.0.0.1:0");
    hdfs.set("dfs.datanode.ipc.address", "127.0.0.1:0");
    hdfs.set("dfs.datanode.hostname", "127.0.0.1");
    hdfs.set("dfs.replication", "1");
    hdfs.set("dfs.blocksize", String.valueOf(BLOCK));
    hdfs.set("dfs.heartbeat.interval", "1");
    hdfs.set("dfs.namenode.safemode.extension", "0");
    hdfs.set("dfs.permissions.enabled", "false");
    extraHdfsKeys.forEach(hdfs::set);
    write(hdfs, dir.resolve("hdfs-site.xml"));
    // JMX (and so status) shows a metrics2 source's values as of its last period: 1 s, not 10.
    Files.writeString(dir.resolve("hadoop-metrics2.properties"), "*.period=1\n");
    Files.writeString(
        dir.resolve("log4j.properties"),
        "log4j.rootLogger=INFO,console\n"
            + "log4j.appender.console=org.apache.log4j.ConsoleAppender\n"
            + "log4j.appender.console.target=System.err\n"
            + "log4j.appender.console.layout=org.apache.log4j.PatternLayout\n"
            + "log4j.appender.console.layout.ConversionPattern=%d{ISO8601} %p %c{2}: %m%n\n");
    return dir;
  }

  private Process java(String name, Path conf, List<Path> extraJars, String... mainAndArgs)
      throws IOException {
    List<String> cp = new ArrayList<>();
    cp.add(conf.toString());
    for (Path jar : extraJars) {
      cp.add(jar.toString());
    }
    cp.add(Files.readString(Paths.get(System.getProperty("hadoop.server.classpath"))).trim());
    List<String> cmd = new ArrayList<>();
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx256m");
    cmd.add("-XX:+UseSerialGC");
    cmd.add("-XX:TieredStopAtLevel=1");
    cmd.add("-Dhadoop.log.dir=" + base.resolve("logs"));
    cmd.add("-Djava.io.tmpdir=" + Files.createDirectories(base.resolve("tmp")));
    cmd.add("-cp");
    cmd.add(String.join(File.pathSeparator, cp));
    cmd.addAll(Arrays.asList(mainAndArgs));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(base.toFile()).redirectErrorStream(true);
    pb.environment().remove("HADOOP_CONF_DIR");
    pb.redirectOutput(base.resolve(name + ".log").toFile());
    Process p = pb.start();
    processes.add(p);
    return p;
  }

  private void awaitLiveDataNode() throws Exception {
    long deadline = System.nanoTime() + START_TIMEOUT_NANOS;
    try (DistributedFileSystem fs = client()) {
      while (true) {
        for (Process p : processes) {
          if (!p.isAlive()) {
            throw new AssertionError(
                "a server exited "
                    + p.exitValue()
                    + "\n--- namenode\n"
                    + log("namenode")
                    + "\n--- datanode\n"
                    + log("datanode"));
          }
        }
        try {
          if (fs.getDataNodeStats(DatanodeReportType.LIVE).length == 1) {
            return;
          }
        } catch (IOException e) {
          // the NameNode is not up yet
        }
        if (System.nanoTime() > deadline) {
          throw new TimeoutException(
              "no live DataNode\n--- namenode\n"
                  + log("namenode")
                  + "\n--- datanode\n"
                  + log("datanode"));
        }
        Thread.sleep(200);
      }
    }
  }

  private static void write(Configuration conf, Path file) throws IOException {
    try (OutputStream out = Files.newOutputStream(file)) {
      conf.writeXml(out);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket()) {
      s.bind(new InetSocketAddress("127.0.0.1", 0));
      return s.getLocalPort();
    }
  }
}
