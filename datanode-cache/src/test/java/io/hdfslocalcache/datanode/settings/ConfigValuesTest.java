package io.hdfslocalcache.datanode.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.StringUtils.TraditionalBinaryPrefix;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Backward compatibility of the one grammar: every form the DataNode took before, through Hadoop's
 * own parsers, reads the same now. The grammar itself is tabled in rate-limiter's GrammarTest.
 */
class ConfigValuesTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "0",
        "1",
        "+5",
        "007",
        "65536",
        "1k",
        "1K",
        "64k",
        "512m",
        "200M",
        "10g",
        "10G",
        "2t",
        "1p",
        "7e",
        "9223372036854775807"
      })
  void size_formHadoopTook_sameBytes(String v) {
    assertEquals(TraditionalBinaryPrefix.string2long(v), ConfigValues.size("k", v));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "0",
        "1",
        "250",
        "+10",
        "30000",
        "1000us",
        "2000000ns",
        "250ms",
        "250MS",
        "10s",
        "10S",
        "1m",
        "2h",
        "1d",
        "1D"
      })
  void timeKey_formHadoopTook_sameMillis(String v) {
    Configuration c = new Configuration(false);
    c.set("k", v);
    assertEquals(
        c.getTimeDuration("k", 0, TimeUnit.MILLISECONDS), ConfigValues.timeKey(c, "k", "1m"));
  }
}
