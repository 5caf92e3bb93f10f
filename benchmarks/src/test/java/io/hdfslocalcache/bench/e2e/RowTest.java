package io.hdfslocalcache.bench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.metrics.ReadRoute;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The bench's arithmetic and its parent/child protocol, without a cluster. */
class RowTest {
  private static Sample sample(Side.Kind kind, long bytes, long wall, long cpu, Counters c) {
    return new Sample(kind, bytes, wall, cpu, c, ReadRoute.CALLER);
  }

  private static final long GIB = 1L << 30;

  @Test
  void of_roundsInAnyOrder_medianAndRangeOfPerRoundRatios() {
    Workload w = new Workload(Shape.STREAM, 1, 1);
    Counters none = new Counters(GIB / Sample.TRANSFER_PACKET, 0, 0, 0);
    // Stock: 1 s per GiB, 2 s CPU; cache rounds: 2x, 4x and 1.25x the wall time, CPU 3x, 1x, 2x.
    Sample[] stock = {
      sample(Side.Kind.STOCK, GIB, 1_000_000_000L, 2_000_000_000L, none),
      sample(Side.Kind.STOCK, GIB, 1_000_000_000L, 2_000_000_000L, none),
      sample(Side.Kind.STOCK, GIB, 1_000_000_000L, 2_000_000_000L, none)
    };
    Counters hits = new Counters(0, 8, 0, 0);
    Sample[] cache = {
      sample(Side.Kind.PAGES, GIB, 2_000_000_000L, 6_000_000_000L, hits),
      sample(Side.Kind.PAGES, GIB, 4_000_000_000L, 2_000_000_000L, hits),
      sample(Side.Kind.PAGES, GIB, 1_250_000_000L, 4_000_000_000L, hits)
    };

    Row r = Rows.of(4096, w, Side.Kind.PAGES, stock, cache);

    assertEquals(new Spread(0.5, 0.25, 0.8), r.throughput());
    assertEquals(new Spread(2.0, 1.0, 3.0), r.cpu());
    assertEquals(1024, r.stockMibPerSec(), 1e-9);
    assertEquals(2.0, r.stockCpuSecPerGib(), 1e-9);
    assertEquals(Target.BUSY, r.target(), "one stream is held to the busy target too");
    assertFalse(r.meetsTarget());
  }

  @Test
  void parse_lineFromToLine_sameRow() {
    Row r =
        new Row(
            65536,
            Shape.PREAD,
            2,
            "block",
            7,
            new Spread(0.97, 0.9, 1.1),
            new Spread(1.1, 1.0, 1.2),
            812.5,
            1.25,
            16392,
            0,
            2,
            3);

    Row back = Row.parse(r.toLine());

    assertEquals(r.toLine(), back.toLine());
    assertEquals(Target.BUSY, back.target());
    assertTrue(back.meetsTarget());
  }

  @Test
  void of_roundsOnTheIoThreadsAfterASlowRead_rowAndTableSayHowMany() {
    Workload w = new Workload(Shape.PREAD, 1, 1);
    Counters none = new Counters(GIB / Sample.TRANSFER_PACKET, 0, 0, 0);
    Counters hits = new Counters(GIB / Sample.TRANSFER_PACKET, 8, 0, 0);
    Sample[] stock = new Sample[3];
    Sample[] cache = new Sample[3];
    ReadRoute[] routes = {
      ReadRoute.CALLER, ReadRoute.IO_THREADS_AFTER_SLOW_READ, ReadRoute.IO_THREADS_AFTER_SLOW_READ
    };
    for (int r = 0; r < 3; r++) {
      stock[r] = sample(Side.Kind.STOCK, GIB, 1_000_000_000L, 1_000_000_000L, none);
      cache[r] = new Sample(Side.Kind.PAGES, GIB, 1_000_000_000L, 1_000_000_000L, hits, routes[r]);
    }

    Row row = Row.parse(Rows.of(4096, w, Side.Kind.PAGES, stock, cache).toLine());

    assertEquals(2, row.worstRoute());
    assertEquals(2, row.roundsAfterSlowRead());
    String table = Table.format(List.of(row));
    assertTrue(table.contains("| yes (on route 2) |"), table);
    assertTrue(table.contains("| **2 in 2 of 3 rounds** |"), table);
  }

  @Test
  void of_allRoundsOnReadersThreads_routeZeroAndNoFlag() {
    Workload w = new Workload(Shape.PREAD, 1, 1);
    Counters none = new Counters(GIB / Sample.TRANSFER_PACKET, 0, 0, 0);
    Counters hits = new Counters(GIB / Sample.TRANSFER_PACKET, 8, 0, 0);
    Sample[] stock = {sample(Side.Kind.STOCK, GIB, 1_000_000_000L, 1_000_000_000L, none)};
    Sample[] cache = {sample(Side.Kind.BLOCK, GIB, 1_000_000_000L, 1_000_000_000L, hits)};

    Row row = Rows.of(4096, w, Side.Kind.BLOCK, stock, cache);

    assertEquals(0, row.roundsAfterSlowRead());
    String table = Table.format(List.of(row));
    assertTrue(table.contains("| yes | 1024 |"), table);
    assertTrue(table.contains("| 0 |" + System.lineSeparator() + "\nread.route"), table);
  }

  @Test
  void parse_notARow_errorQuotesTheLine() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Row.parse("e2e-row\t4096\tstream"));
    assertTrue(e.getMessage().contains("e2e-row\t4096\tstream"), e.getMessage());
  }

  @Test
  void check_cacheRoundReadTheHdd_failsNamingTheCounters() {
    Sample s = sample(Side.Kind.BLOCK, GIB, 1, 1, new Counters(0, 8, 4096, 1));

    IllegalStateException e = assertThrows(IllegalStateException.class, () -> s.check(3));
    assertTrue(e.getMessage().contains("4096 HDD bytes"), e.getMessage());
  }

  @Test
  void check_stockRoundOffTransferTo_fails() {
    Sample copyPath = sample(Side.Kind.STOCK, GIB, 1, 1, new Counters(0, 0, 0, 0));
    Sample transferTo =
        sample(Side.Kind.STOCK, GIB, 1, 1, new Counters(GIB / Sample.TRANSFER_PACKET, 0, 0, 0));

    assertThrows(IllegalStateException.class, () -> copyPath.check(0));
    transferTo.check(0);
  }

  @Test
  void settings_badSize_errorNamesTheOption() {
    E2eCommand c = new E2eCommand();
    new CommandLine(c).parseArgs("--size=lots");

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, c::settings);
    assertTrue(e.getMessage().startsWith("--size: 'lots'"), e.getMessage());
  }

  @Test
  void settings_lists_parsed() {
    E2eCommand c = new E2eCommand();
    new CommandLine(c).parseArgs("--size=256m", "--shapes=pread", "--readers=2", "--modes=block");

    Settings s = c.settings();

    assertEquals(256L << 20, s.fileBytes());
    assertEquals(List.of(Shape.PREAD), s.shapes());
    assertEquals(List.of(2), s.readers());
    assertEquals(List.of(Side.Kind.BLOCK), s.modes());
  }

  @Test
  void settings_verify_parsedAndCheckedByName() {
    E2eCommand off = new E2eCommand();
    new CommandLine(off).parseArgs("--verify=off");
    E2eCommand typo = new E2eCommand();
    new CommandLine(typo).parseArgs("--verify=no");

    assertFalse(off.settings().verify());
    assertTrue(new E2eCommand().settings().verify(), "clients verify by default");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, typo::settings);
    assertTrue(e.getMessage().startsWith("--verify: 'no'"), e.getMessage());
  }
}
