package io.hdfslocalcache.it;

import java.util.ArrayList;
import java.util.List;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.spi.LoggingEvent;

/**
 * The DataNode's {@code clienttrace} log lines, kept in memory as Hadoop's own layout writes them
 * (reads are logged at DEBUG, so the logger is set to DEBUG while capturing): what an operator
 * gives the simulator.
 */
final class ClientTraceCapture extends AppenderSkeleton implements AutoCloseable {
  static final String LOGGER = "org.apache.hadoop.hdfs.server.datanode.DataNode.clienttrace";

  private final List<String> lines = new ArrayList<>();
  private final Logger logger = Logger.getLogger(LOGGER);
  private final Level level;

  private ClientTraceCapture() {
    setLayout(new PatternLayout("%d{ISO8601} %p %c: %m%n"));
    level = logger.getLevel();
  }

  /** Starts capturing. */
  static ClientTraceCapture start() {
    ClientTraceCapture c = new ClientTraceCapture();
    c.logger.setLevel(Level.DEBUG);
    c.logger.addAppender(c);
    return c;
  }

  @Override
  protected synchronized void append(LoggingEvent event) {
    lines.add(getLayout().format(event));
  }

  /** The lines logged by the DataNode {@code datanodeUuid} (its {@code srvID}), in order. */
  synchronized String linesOf(String datanodeUuid) {
    StringBuilder b = new StringBuilder();
    for (String l : lines) {
      if (l.contains("srvID: " + datanodeUuid)) {
        b.append(l);
      }
    }
    return b.toString();
  }

  @Override
  public void close() {
    logger.removeAppender(this);
    logger.setLevel(level);
  }

  @Override
  public boolean requiresLayout() {
    return true;
  }
}
