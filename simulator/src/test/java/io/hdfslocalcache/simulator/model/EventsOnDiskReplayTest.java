package io.hdfslocalcache.simulator.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.model.GuardSettings;
import io.hdfslocalcache.model.policy.PolicySpec;
import io.hdfslocalcache.simulator.trace.EventLog;
import io.hdfslocalcache.simulator.trace.EventStore;
import io.hdfslocalcache.simulator.trace.EventsOn;
import io.hdfslocalcache.simulator.trace.TestTraces;
import io.hdfslocalcache.simulator.trace.Trace;
import io.hdfslocalcache.simulator.trace.TraceFormat;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fleet whose events are in files, read back chunk by chunk, replays to the very figures of the
 * same fleet on the heap in one chunk per DataNode: so neither the file nor the merge's steps from
 * one chunk to the next changes an event or its order.
 */
class EventsOnDiskReplayTest {
  private static final int EVENTS = 3000;

  @TempDir Path dir;

  /** Three DataNodes' random logs over the same 60 blocks (so owner routing moves reads). */
  private static List<String> logs(long seed) {
    Random random = new Random(seed);
    List<String> out = new ArrayList<>();
    for (int d = 0; d < 3; d++) {
      out.add(RandomTraces.generate(random, EVENTS, 50_000, 60).csv());
    }
    return out;
  }

  private static List<Trace> parse(List<String> logs, EventStore store) throws Exception {
    List<Trace> out = new ArrayList<>();
    for (String log : logs) {
      out.add(TestTraces.parse(log, TraceFormat.CSV, store));
    }
    return out;
  }

  private static RunConfig config(long seed) {
    return new RunConfig(
        PolicySpec.parse("tuned:threshold=2"),
        40_000,
        seed % 2 == 0 ? FillMode.BLOCK : FillMode.PAGES,
        1024,
        2,
        GuardSettings.defaults());
  }

  /** A result's fields but its wall times, the parse's too (two parses here). */
  private static Map<String, Object> figures(RunResult r) throws Exception {
    Map<String, Object> out = ReplicaReplayTest.comparable(r);
    out.remove("parseSeconds");
    return out;
  }

  private static void assertSameOutcome(ReplicaOutcome want, ReplicaOutcome got, String what)
      throws Exception {
    assertEquals(want.replicas(), got.replicas(), what);
    assertEquals(want.dataNodes().size(), got.dataNodes().size(), what);
    for (int d = 0; d < want.dataNodes().size(); d++) {
      RunOutcome w = want.dataNodes().get(d);
      RunOutcome g = got.dataNodes().get(d);
      assertEquals(figures(w.result()), figures(g.result()), what + ", DataNode " + d);
      assertEquals(w.series().firstMinute(), g.series().firstMinute(), what);
      assertArrayEquals(w.series().withCache(), g.series().withCache(), what);
      assertArrayEquals(w.series().withoutCache(), g.series().withoutCache(), what);
    }
  }

  @Test
  void run_eventsOnDiskInSmallChunks_everyFigureAsOnTheHeap() throws Exception {
    // 1 event a chunk; 7, which does not divide a log; a log's length, one full chunk and none
    // partly filled; heap in 7s, the heap's own chunk steps.
    List<EventStore> stores =
        List.of(
            EventStore.open(EventsOn.DISK, dir, 1),
            EventStore.open(EventsOn.DISK, dir, 7),
            EventStore.open(EventsOn.DISK, dir, EVENTS),
            EventStore.open(EventsOn.HEAP, dir, 7));
    try {
      for (long seed = 1; seed <= 2; seed++) {
        List<String> logs = logs(seed);
        List<Trace> heap = parse(logs, EventStore.heap());
        RunConfig c = config(seed);
        for (EventStore store : stores) {
          List<Trace> other = parse(logs, store);
          String what = "seed " + seed + ", " + store.on().configName() + " " + chunks(other);
          for (RoutingType routing : RoutingType.values()) {
            assertSameOutcome(
                ReplicaReplayTest.replay(heap, c, routing),
                ReplicaReplayTest.replay(other, c, routing),
                what + ", " + routing.configName());
          }
          RunOutcome own = new Replayer(heap.get(0), c, new LongAdder()).run();
          RunOutcome read = new Replayer(other.get(0), c, new LongAdder()).run();
          assertEquals(
              figures(own.result()), figures(read.result()), what + ", one DataNode's replay");
        }
      }
    } finally {
      stores.forEach(EventStore::close);
    }
  }

  /** How many chunks the first trace has, for the message. */
  private static String chunks(List<Trace> traces) {
    int n = 0;
    for (EventLog.Chunk ignored : traces.get(0).events().chunks()) {
      n++;
    }
    return n + " chunk(s)";
  }
}
