package io.hdfslocalcache.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The one grammar of sizes and durations, as a table: what each form reads as, or why not. */
class GrammarTest {
  private static final String KEY = "some.key";

  @ParameterizedTest(name = "{0} = {1} bytes")
  @CsvSource(
      delimiter = '|',
      value = {
        "0          | 0",
        "12345      | 12345",
        "+5         | 5",
        "512b       | 512",
        "64k        | 65536",
        "64K        | 65536",
        "64KB       | 65536",
        "64kib      | 65536",
        "128m       | 134217728",
        "128MB      | 134217728",
        "1g         | 1073741824",
        "1.5g       | 1610612736",
        "1.5k       | 1536",
        "2.0        | 2",
        "2t         | 2199023255552",
        "2TB        | 2199023255552",
        "2TiB       | 2199023255552",
        "2 TB       | 2199023255552",
        "'  10g  '  | 10737418240",
        "1p         | 1125899906842624",
        "1e         | 1152921504606846976",
        "7e         | 8070450532247928832",
        "9223372036854775807 | 9223372036854775807"
      })
  void sizeParse_acceptedForm_bytes(String text, long bytes) {
    assertEquals(bytes, SizeValue.parse(KEY, text));
    assertEquals(bytes, SizeValue.parse(text));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "lots       | not a number",
        "''         | empty",
        "-1g        | negative",
        "2XB        | unknown unit 'XB'",
        "10 GiBs    | unknown unit 'GiBs'",
        "ib         | not a number",
        "5iB        | unknown unit 'iB'",
        "1.5        | not a whole number of bytes",
        "0.3k       | not a whole number of bytes",
        "8e         | more than 8 EiB",
        "9000000e   | more than 8 EiB",
        "9223372036854775808 | more than 8 EiB",
        "1,5g       | not a number",
        ".5g        | not a number",
        "1e3        | not a number"
      })
  void sizeParse_refusedForm_messageNamesKeyValueReasonAndGrammar(String text, String reason) {
    String m =
        assertThrows(IllegalArgumentException.class, () -> SizeValue.parse(KEY, text)).getMessage();
    assertTrue(m.startsWith(KEY + ": '" + text + "' is not a size (" + reason + "); "), m);
    assertTrue(m.contains("a number of bytes, optionally with a unit k, m, g, t, p or e"), m);
    String bare =
        assertThrows(IllegalArgumentException.class, () -> SizeValue.parse(text)).getMessage();
    assertEquals(m.substring(KEY.length() + 2), bare);
  }

  @ParameterizedTest(name = "{0} = {1} ms")
  @CsvSource(
      delimiter = '|',
      value = {
        "0          | 0",
        "500        | 500",
        "+10s       | 10000",
        "500ms      | 500",
        "500MS      | 500",
        "10s        | 10000",
        "10 s       | 10000",
        "1.5s       | 1500",
        "1m         | 60000",
        "1M         | 60000",
        "2min       | 120000",
        "1.5h       | 5400000",
        "1d         | 86400000",
        "2000us     | 2",
        "3000000ns  | 3",
        "2.0        | 2"
      })
  void durationParse_acceptedForm_millis(String text, long millis) {
    assertEquals(Duration.ofMillis(millis), DurationValue.parse(KEY, text));
    assertEquals(Duration.ofMillis(millis), DurationValue.parse(text));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "soon       | not a number",
        "''         | empty",
        "-1s        | negative",
        "1y         | unknown unit 'y'",
        "1mb        | unknown unit 'mb'",
        "1sec       | unknown unit 'sec'",
        "1.5        | not a whole number of milliseconds",
        "1500us     | not a whole number of milliseconds",
        "1ns        | not a whole number of milliseconds",
        "999999999999d | more than 292 million years"
      })
  void durationParse_refusedForm_messageNamesKeyValueReasonAndGrammar(String text, String reason) {
    String m =
        assertThrows(IllegalArgumentException.class, () -> DurationValue.parse(KEY, text))
            .getMessage();
    assertTrue(m.startsWith(KEY + ": '" + text + "' is not a duration (" + reason + "); "), m);
    assertTrue(m.contains("a number of milliseconds, or a number with a unit ms, s, m"), m);
  }

  @ParameterizedTest(name = "{0} bytes prints {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "0                   | 0",
        "1000                | 1000",
        "1024                | 1k",
        "1536                | 1536",
        "1048576             | 1m",
        "1610612736          | 1536m",
        "2199023255552       | 2t",
        "1152921504606846976 | 1e",
        "9223372036854775807 | 9223372036854775807"
      })
  void sizeFormat_bytes_shortestExactFormThatParsesBack(long bytes, String text) {
    assertEquals(text, SizeValue.format(bytes));
    assertEquals(bytes, SizeValue.parse(text));
  }

  @ParameterizedTest(name = "{0} ms prints {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "0         | 0ms",
        "1         | 1ms",
        "1500      | 1500ms",
        "30000     | 30s",
        "90000     | 90s",
        "60000     | 1m",
        "3600000   | 1h",
        "5400000   | 90m",
        "86400000  | 1d"
      })
  void durationFormat_millis_shortestExactFormThatParsesBack(long millis, String text) {
    assertEquals(text, DurationValue.format(Duration.ofMillis(millis)));
    assertEquals(Duration.ofMillis(millis), DurationValue.parse(text));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"PT-1S", "PT0.0015S"})
  void durationFormat_negativeOrSubMillisecond_refused(String iso) {
    assertThrows(IllegalArgumentException.class, () -> DurationValue.format(Duration.parse(iso)));
  }
}
