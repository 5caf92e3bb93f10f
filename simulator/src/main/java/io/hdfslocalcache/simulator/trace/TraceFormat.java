package io.hdfslocalcache.simulator.trace;

import io.hdfslocalcache.config.ConfigNames;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/** The registry of trace formats: a config name and a reader constructor each. */
public enum TraceFormat {
  CLIENTTRACE("clienttrace", ClientTraceReader::new),
  CSV("csv", CsvTraceReader::new),
  CACHELIB_BLOCK("cachelib-block", CachelibBlockReader::new);

  private final String configName;
  private final Supplier<TraceReader> constructor;

  TraceFormat(String configName, Supplier<TraceReader> constructor) {
    this.configName = configName;
    this.constructor = constructor;
  }

  public String configName() {
    return configName;
  }

  public TraceReader newReader() {
    return constructor.get();
  }

  /** The format named {@code name}, or an exception listing the names. */
  public static TraceFormat byName(String name) {
    return ConfigNames.parse(
        name,
        values(),
        TraceFormat::configName,
        names ->
            "unknown trace format '" + name + "' (use auto, " + ConfigNames.either(names) + ")");
  }

  /** Guesses the format from the first bytes of a file: CSV formats announce their header. */
  static TraceFormat detect(byte[] head, int length) {
    String text = new String(head, 0, length, StandardCharsets.ISO_8859_1);
    for (String line : text.split("\n", 64)) {
      String l = line.strip();
      if (l.isEmpty() || l.startsWith("#")) {
        continue;
      }
      if (l.startsWith("timestamp_ms,")) {
        return CSV;
      }
      if (l.startsWith(CachelibBlockReader.HEADER_START)) {
        return CACHELIB_BLOCK;
      }
      break;
    }
    return CLIENTTRACE;
  }
}
