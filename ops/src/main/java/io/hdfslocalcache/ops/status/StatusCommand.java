package io.hdfslocalcache.ops.status;

import io.hdfslocalcache.ops.OpsCli;
import io.hdfslocalcache.ops.status.Readings.Reading;
import io.hdfslocalcache.ops.status.Readings.Target;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code hdfs-local-cache status}: the cache's figures from JMX, for one DataNode ({@code
 * --datanode}: a one-screen summary) or for every live DataNode a NameNode lists ({@code
 * --namenode}: one line each plus totals); {@code --watch} reports what grew in each interval
 * instead of totals since start, {@code --json} the same for scripts. Web UIs are read through
 * Hadoop's client ({@link WebUi}), so Kerberos (SPNEGO) web UIs work after a kinit; Hadoop's
 * configuration comes from the classpath ({@code HADOOP_CONF_DIR}, added by the launcher).
 *
 * <p>Exit 0 with the figures; 2 and one line for bad arguments; 1 and one line when the DataNode
 * (or the NameNode, in the fleet form) cannot be read, or the single DataNode has no active cache.
 * In the fleet form a DataNode that cannot be read is a line saying why, not a failure.
 */
@Command(
    name = "hdfs-local-cache status",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Print the SSD cache's figures from a DataNode's JMX (--datanode), or one line per live"
          + " DataNode of a cluster plus totals (--namenode).",
      "Kerberos-protected web UIs: kinit first; Hadoop's configuration is read from"
          + " HADOOP_CONF_DIR."
    })
public final class StatusCommand implements Callable<Integer> {
  @ArgGroup(exclusive = true, multiplicity = "1")
  Where where;

  /** The one DataNode, or the NameNode whose live DataNodes make the fleet. */
  static final class Where {
    @Option(
        names = "--datanode",
        required = true,
        paramLabel = "HOST:PORT|URL",
        description =
            "A DataNode's HTTP address (dfs.datanode.http.address, default port 9864), or a URL"
                + " such as https://dn1:9865.")
    String datanode;

    @Option(
        names = "--namenode",
        required = true,
        paramLabel = "HOST:PORT|URL",
        description =
            "A NameNode's HTTP address (dfs.namenode.http-address, default port 9870), or a URL"
                + " such as https://nn1:9871 (then the DataNodes are read over https too).")
    String namenode;
  }

  @Option(names = "--json", description = "Print JSON (with --watch: one object per line).")
  boolean json;

  @Option(
      names = "--watch",
      paramLabel = "SECONDS",
      description =
          "Read again every SECONDS and print what grew in each interval (bytes per second),"
              + " not totals since start. JMX refreshes once per metrics period (10 s by"
              + " default): use a multiple of it.")
  Integer watchSeconds;

  @Option(
      names = "--count",
      paramLabel = "N",
      description = "With --watch: stop after N intervals (default: until interrupted).")
  Integer count;

  @Option(
      names = "--timeout",
      paramLabel = "SECONDS",
      defaultValue = "10",
      description = "Seconds to wait for each web UI (default: ${DEFAULT-VALUE}).")
  long timeoutSeconds;

  private final PrintStream out;
  private final Pacing pacing;

  private StatusCommand(PrintStream out, Pacing pacing) {
    this.out = out;
    this.pacing = pacing;
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command; returns the exit code. Never throws. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    return run(args, out, err, Pacing.system());
  }

  /** As {@link #run(String[], PrintStream, PrintStream)}, with the watch's clocks and sleep. */
  public static int run(String[] args, PrintStream out, PrintStream err, Pacing pacing) {
    return OpsCli.execute(new StatusCommand(out, pacing), args, out, err);
  }

  @Override
  public Integer call() throws InterruptedException {
    boolean fleet = where.namenode != null;
    URI base =
        fleet
            ? HttpAddress.NAMENODE.parse(where.namenode)
            : HttpAddress.DATANODE.parse(where.datanode);
    if (timeoutSeconds <= 0) {
      throw new IllegalArgumentException("--timeout must be positive");
    }
    if (watchSeconds != null && watchSeconds <= 0) {
      throw new IllegalArgumentException("--watch must be a positive number of seconds");
    }
    if (count != null && (watchSeconds == null || count <= 0)) {
      throw new IllegalArgumentException("--count needs --watch and must be positive");
    }
    Target target = fleet ? Target.fleet(base) : Target.single(base);
    try (WebUi web = new WebUi(new HdfsConfiguration(), Duration.ofSeconds(timeoutSeconds));
        Readings readings = new Readings(web, target, pacing)) {
      if (watchSeconds != null) {
        Watch watch =
            new Watch(Duration.ofSeconds(watchSeconds), count == null ? 0 : count, pacing);
        watch.run(readings::read, iv -> print(iv, fleet));
        return 0;
      }
      Reading reading = readings.read();
      if (fleet) {
        out.print(
            json
                ? StatusJson.fleet(base.toString(), reading.rows())
                : FleetTable.totals(reading.rows(), true)
                    + "Totals since each DataNode started; --watch SECONDS for rates.\n");
        return 0;
      }
      Row row = reading.rows().get(0);
      if (!row.isOk() && row.state() != Row.State.SHADOW) {
        throw new Failure(
            row.state() == Row.State.NO_CACHE ? Readings.noCache(base) : row.detail());
      }
      out.print(
          json
              ? StatusJson.dataNode(row)
              : new StatusReport(row.bean()).render(HttpAddress.name(base)));
      return 0;
    }
  }

  private void print(Watch.Interval iv, boolean fleet) {
    out.print(
        json
            ? StatusJson.interval(iv, fleet)
            : FleetTable.intervalHeader(iv) + FleetTable.rates(iv.rows(), fleet, iv.seconds()));
    out.flush();
  }
}
