package io.hdfslocalcache.simulator.trace;

import java.util.ArrayList;
import java.util.List;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.spi.LoggingEvent;

/** Keeps formatted log lines in memory (log4j 1.2 API, which Hadoop 3.5 provides via reload4j). */
final class CapturingAppender extends AppenderSkeleton {
  /** Hadoop's own log4j.properties layout for the DataNode log. */
  static final String HADOOP_LAYOUT = "%d{ISO8601} %p %c: %m";

  private final List<String> lines = new ArrayList<>();

  CapturingAppender() {
    setLayout(new PatternLayout(HADOOP_LAYOUT));
  }

  @Override
  protected synchronized void append(LoggingEvent event) {
    lines.add(getLayout().format(event));
  }

  synchronized List<String> lines() {
    return List.copyOf(lines);
  }

  @Override
  public void close() {}

  @Override
  public boolean requiresLayout() {
    return true;
  }
}
