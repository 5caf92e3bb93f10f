package io.hdfslocalcache.simulator.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZOutputStream;

class DecompressionTest {
  private interface Compressor {
    OutputStream wrap(OutputStream out) throws Exception;
  }

  private static byte[] plain() throws Exception {
    try (InputStream in =
        DecompressionTest.class.getResourceAsStream(
            "/traces/clienttrace-hadoop-3.5.0-minidfs.log")) {
      return in.readAllBytes();
    }
  }

  private static void assertSameTrace(Compressor c) throws Exception {
    byte[] plain = plain();
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    try (OutputStream out = c.wrap(buf)) {
      out.write(plain);
    }
    Trace expected = TestTraces.parse(new ByteArrayInputStream(plain), null);
    Trace actual = TestTraces.parse(new ByteArrayInputStream(buf.toByteArray()), null);
    assertEquals(TestTraces.rows(expected), TestTraces.rows(actual));
    assertEquals(8, TestTraces.rows(actual).size());
  }

  @Test
  void parse_gzip_sameEventsAsPlain() throws Exception {
    assertSameTrace(GZIPOutputStream::new);
  }

  @Test
  void parse_xz_sameEventsAsPlain() throws Exception {
    assertSameTrace(out -> new XZOutputStream(out, new LZMA2Options()));
  }

  @Test
  void parse_zstd_sameEventsAsPlain() throws Exception {
    assertSameTrace(ZstdOutputStream::new);
  }

  @Test
  void parse_truncatedCompressedFile_errorNamesFileAndSaysTruncated() throws Exception {
    // A truncated xz file once failed with "I/O error: null" (an EOFException with no message).
    Compressor[] compressors = {
      GZIPOutputStream::new,
      out -> new XZOutputStream(out, new LZMA2Options()),
      ZstdOutputStream::new
    };
    for (Compressor c : compressors) {
      ByteArrayOutputStream buf = new ByteArrayOutputStream();
      try (OutputStream out = c.wrap(buf)) {
        out.write(plain());
      }
      byte[] cut = java.util.Arrays.copyOf(buf.toByteArray(), buf.size() / 2);
      TraceInput input =
          new TraceInput("dn1.log.cut", cut.length, () -> new ByteArrayInputStream(cut));
      String m =
          assertThrows(
                  IOException.class,
                  () -> new TraceParser(Optional.empty(), Strictness.LENIENT).parse(List.of(input)))
              .getMessage();
      assertTrue(m.startsWith("dn1.log.cut: ") && m.contains("truncated"), m);
    }
  }
}
