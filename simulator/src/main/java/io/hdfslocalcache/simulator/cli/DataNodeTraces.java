package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.simulator.trace.TraceFormat;
import io.hdfslocalcache.simulator.trace.TraceFormatException;
import io.hdfslocalcache.simulator.trace.TraceHead;
import io.hdfslocalcache.simulator.trace.TraceInput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which trace files belong to which DataNode: each DataNode has its own cache, so each is replayed
 * on its own and the fleet is their sum. A clienttrace record names its DataNode ({@code srvID},
 * the DataNode's UUID), so the files whose first record names the same DataNode are one DataNode's
 * (its rolled logs), read in the order of their first record's time. Files without a DataNode id
 * (CSV, cachelib) are a DataNode each. One file needs no look at its head: it is the one DataNode.
 *
 * @param name the DataNode's id, or the file's name when the trace does not say
 * @param files its files, oldest first
 */
record DataNodeTraces(String name, List<TraceInput> files) {

  static List<DataNodeTraces> group(List<TraceInput> files, Optional<TraceFormat> format)
      throws IOException, TraceFormatException {
    if (files.size() == 1) {
      return List.of(new DataNodeTraces(files.get(0).name(), files));
    }
    Map<String, List<Headed>> byDataNode = new LinkedHashMap<>();
    for (TraceInput f : files) {
      TraceHead head = TraceHead.read(f, format);
      byDataNode
          .computeIfAbsent(head.dataNode().orElse(f.name()), k -> new ArrayList<>())
          .add(new Headed(f, head));
    }
    List<DataNodeTraces> out = new ArrayList<>();
    for (Map.Entry<String, List<Headed>> e : byDataNode.entrySet()) {
      List<Headed> own = e.getValue();
      own.sort(
          Comparator.comparingLong((Headed h) -> h.head.firstTimeMs())
              .thenComparing(h -> h.file.name()));
      out.add(new DataNodeTraces(e.getKey(), own.stream().map(h -> h.file).toList()));
    }
    return out;
  }

  /** Bytes stored, for the progress bar. */
  long length() {
    return files.stream().mapToLong(f -> Math.max(0, f.length())).sum();
  }

  /** How messages name it: the DataNode and, when they differ from it, its files. */
  String describe() {
    if (files.size() == 1 && files.get(0).name().equals(name)) {
      return name;
    }
    return name + " (" + String.join(", ", files.stream().map(TraceInput::name).toList()) + ")";
  }

  private record Headed(TraceInput file, TraceHead head) {}
}
