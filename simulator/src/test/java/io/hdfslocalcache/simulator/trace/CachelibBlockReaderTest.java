package io.hdfslocalcache.simulator.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class CachelibBlockReaderTest {
  private static final Path SHARED =
      Path.of("/work/shared/traces/cachelib-block-chunk/block_traces_1.csv");

  /** Counts ops by reading the CSV naively, independent of the reader under test. */
  private static long[] expected(List<String> lines) {
    long reads = 0;
    long writes = 0;
    for (String l : lines.subList(1, lines.size())) {
      String[] f = l.split(",");
      long count = Long.parseLong(f[8]);
      if (f[7].startsWith("getChunkData")) {
        reads += count;
      } else if (f[7].startsWith("putChunk")) {
        writes += count;
      }
    }
    return new long[] {reads, writes};
  }

  @Test
  void parse_excerpt_readsAndWritesByOpName() throws Exception {
    byte[] bytes;
    try (InputStream in = getClass().getResourceAsStream("/traces/cachelib-block-excerpt.csv")) {
      bytes = in.readAllBytes();
    }
    List<String> lines = new String(bytes, StandardCharsets.UTF_8).lines().toList();
    Trace t = TestTraces.parse(new java.io.ByteArrayInputStream(bytes), null);
    assertEquals(TraceFormat.CACHELIB_BLOCK, t.format());
    long[] e = expected(lines);
    assertEquals(e[0], t.stats().reads());
    assertEquals(e[1], t.stats().writes());
    // first record: 1702511878,12ce23eaa5534a38-9e05ce05bc10d4d0,40,8388608,0,...getChunkData
    String[] first = lines.get(1).split(",");
    byte[] id = first[1].getBytes(StandardCharsets.US_ASCII);
    assertEquals(
        CachelibBlockReader.hexBlockId(id, 0, id.length)
            + "_0 READ "
            + first[4]
            + " "
            + first[3]
            + " @"
            + Long.parseLong(first[0]) * 1000,
        TestTraces.rows(t).get(0));
  }

  @Test
  void hexBlockId_distinctIds_distinctKeys() throws Exception {
    byte[] a = "12ce23eaa5534a38-9e05ce05bc10d4d0".getBytes(StandardCharsets.US_ASCII);
    byte[] b = "12ce23eaa5534a38-9e05ce05bc10d4d1".getBytes(StandardCharsets.US_ASCII);
    byte[] c = "22ce23eaa5534a38-9e05ce05bc10d4d0".getBytes(StandardCharsets.US_ASCII);
    long ka = CachelibBlockReader.hexBlockId(a, 0, a.length);
    long kb = CachelibBlockReader.hexBlockId(b, 0, b.length);
    long kc = CachelibBlockReader.hexBlockId(c, 0, c.length);
    assertEquals(3, java.util.Set.of(ka, kb, kc).size());
  }

  @Test
  void parse_sharedTrace_everyRecordParses() throws Exception {
    assumeTrue(Files.isRegularFile(SHARED), "shared trace not present");
    try (InputStream in = Files.newInputStream(SHARED)) {
      Trace t = TestTraces.parse(in, TraceFormat.CACHELIB_BLOCK);
      long[] e = expected(Files.readAllLines(SHARED));
      assertEquals(e[0], t.stats().reads());
      assertEquals(e[1], t.stats().writes());
      assertEquals(0, t.stats().malformedLines());
    }
  }

  @Test
  void parse_implausibleOpCount_malformedNotReplayed() throws Exception {
    // A corrupt op_count once expanded into that many events: 4e9 of them, a hang, then OOM.
    String text =
        "op_time,block_id,block_id_size,io_size,io_offset,op_name,op_count\n"
            + "1702511878,12ce23eaa5534a38,40,8388608,0,getChunkData.NotInitialized,4000000000\n"
            + "1702511879,12ce23eaa5534a38,40,8388608,0,getChunkData.NotInitialized,2\n";
    Trace t = TestTraces.parse(text, TraceFormat.CACHELIB_BLOCK, Strictness.LENIENT);
    assertEquals(1, t.stats().malformedLines());
    assertEquals(2, t.stats().reads());
  }
}
