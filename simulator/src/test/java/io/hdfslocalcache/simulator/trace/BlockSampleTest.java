package io.hdfslocalcache.simulator.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class BlockSampleTest {
  private static final String HEADER =
      "timestamp_ms,block_pool,block_id,gen_stamp,op,offset,length";

  @Test
  void keeps_idsFromTheDocumentedHash_theSameAsAnIndependentImplementation() {
    // The blocks an independent implementation (Python) of docs/simulator.md's formula keeps at
    // 1% among 1073741825 .. 1073744824 (HDFS's first block ids), and among -2000 .. -1.
    BlockSample onePercent = new BlockSample(0.01);
    List<Long> kept =
        LongStream.range(1073741825L, 1073741825L + 3000)
            .filter(onePercent::keeps)
            .boxed()
            .toList();
    assertEquals(27, kept.size());
    assertEquals(
        List.of(1073742043L, 1073742044L, 1073742050L, 1073742117L, 1073742155L, 1073742510L),
        kept.subList(0, 6));
    assertEquals(
        List.of(-1974L, -1722L, -1710L),
        LongStream.range(-2000, 0).filter(onePercent::keeps).limit(3).boxed().toList());
  }

  @Test
  void keeps_manyIds_shareNearTheRateAndSmallerRatesASubset() {
    BlockSample tenth = new BlockSample(0.1);
    BlockSample hundredth = new BlockSample(0.01);
    int n = 200_000;
    int keptTenth = 0;
    int keptHundredth = 0;
    for (long id = 0; id < n; id++) {
      boolean t = tenth.keeps(id);
      boolean h = hundredth.keeps(id);
      assertTrue(!h || t, "kept at 1% but not at 10%: " + id);
      assertEquals(t, tenth.keeps(id), "the same answer twice");
      keptTenth += t ? 1 : 0;
      keptHundredth += h ? 1 : 0;
    }
    assertEquals(0.1, (double) keptTenth / n, 0.005);
    assertEquals(0.01, (double) keptHundredth / n, 0.001);
    assertTrue(BlockSample.ALL.keeps(12345) && BlockSample.ALL.keeps(-1));
  }

  @Test
  void constructor_rateOutOfRange_errorNamesTheOptionAndTheRange() {
    for (double bad : new double[] {0, -0.1, 1.5, Double.NaN}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> new BlockSample(bad));
      assertTrue(e.getMessage().contains("--sample-blocks"), e.getMessage());
      assertTrue(e.getMessage().contains("(0, 1]"), e.getMessage());
    }
  }

  @Test
  void parse_sampled_keepsEveryEventOfTheKeptBlocksAndCountsTheRest() throws Exception {
    BlockSample half = new BlockSample(0.5);
    StringBuilder csv = new StringBuilder(HEADER);
    Set<Long> expected = new HashSet<>();
    long left = 0;
    for (int i = 0; i < 600; i++) {
      long block = i % 200;
      String op = i < 200 ? "WRITE" : "READ";
      csv.append('\n').append(i).append(",p,").append(block).append(",1,").append(op);
      csv.append(",0,1000");
      if (half.keeps(block)) {
        expected.add(block);
      } else {
        left++;
      }
    }
    Trace t =
        new TraceParser(Optional.of(TraceFormat.CSV), Strictness.STRICT, half)
            .parse(new ByteArrayInputStream(csv.toString().getBytes(StandardCharsets.UTF_8)));
    Set<Long> got = new HashSet<>();
    for (long id : t.blockId()) {
      got.add(id);
    }
    assertEquals(expected, got);
    assertEquals(left, t.stats().sampledOutEvents());
    assertEquals(2L * expected.size(), t.stats().reads(), "both reads of every kept block");
    assertEquals(600, t.stats().lines() - 1, "every line was read");
  }

  @Test
  void parse_spreadOverThree_writesOnEveryReplicaEachReadOnOne() throws Exception {
    StringBuilder csv = new StringBuilder(HEADER);
    for (int b = 0; b < 50; b++) {
      csv.append('\n').append(b).append(",p,").append(b).append(",1,WRITE,0,1000");
    }
    for (int i = 0; i < 3000; i++) {
      csv.append('\n').append(100 + i).append(",p,").append(i % 50).append(",1,READ,0,100");
    }
    List<Trace> fleet = spread(csv.toString(), 3);
    List<Trace> again = spread(csv.toString(), 3);
    long reads = 0;
    for (int d = 0; d < 3; d++) {
      Trace t = fleet.get(d);
      assertEquals(50, t.stats().writes(), "three DataNodes: every block on each");
      assertTrue(t.stats().reads() > 900 && t.stats().reads() < 1100, "" + t.stats().reads());
      assertEquals(t.stats().reads(), again.get(d).stats().reads(), "the same spread every run");
      reads += t.stats().reads();
    }
    assertEquals(3000, reads, "each read on one replica");
    assertEquals(3051, fleet.get(0).stats().lines());
    assertEquals(0, fleet.get(1).stats().lines(), "lines counted once, on the first");
  }

  @Test
  void parse_spreadOverFive_eachBlockOnItsThreePlacedDataNodes() throws Exception {
    StringBuilder csv = new StringBuilder(HEADER);
    for (int b = 0; b < 40; b++) {
      csv.append('\n').append(b).append(",p,").append(b).append(",1,WRITE,0,1000");
    }
    List<Trace> fleet = spread(csv.toString(), 5);
    for (long b = 0; b < 40; b++) {
      List<Integer> holders = new ArrayList<>();
      for (int d = 0; d < 5; d++) {
        long id = b;
        if (LongStream.of(fleet.get(d).blockId()).anyMatch(x -> x == id)) {
          holders.add(d);
        }
      }
      int first = Placement.first(b, 5);
      assertEquals(
          new HashSet<>(List.of(first, (first + 1) % 5, (first + 2) % 5)), new HashSet<>(holders));
    }
  }

  private static List<Trace> spread(String csv, int dataNodes) throws Exception {
    byte[] bytes = csv.getBytes(StandardCharsets.UTF_8);
    return new TraceParser(Optional.of(TraceFormat.CSV), Strictness.STRICT)
        .parse(
            List.of(new TraceInput("t.csv", bytes.length, () -> new ByteArrayInputStream(bytes))),
            dataNodes);
  }
}
